import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@marketplace/shared';
import { currentPath, mockApi, signInAs, signOut, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

const field = {
  name: () => screen.getByLabelText(/^Name/),
  title: () => screen.getByLabelText(/^Title/),
  description: () => screen.getByLabelText(/^Description/),
  keywords: () => screen.getByLabelText(/^Keywords/),
  date: () => screen.getByLabelText(/^Date/),
};
const submit = () => screen.getByRole('button', { name: 'Add Review' });

/** The red message under a field, exactly as written (its spaces included). */
function exactMessage(text: string): HTMLElement {
  return screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === text);
}

type User = ReturnType<typeof userEvent.setup>;
async function fillValid(user: User): Promise<void> {
  await user.type(field.name(), 'Asha');
  await user.type(field.title(), 'Great shop');
  await user.type(field.description(), 'Quick delivery.');
  await user.type(field.keywords(), 'delivery  quality');
  fireEvent.change(field.date(), { target: { value: '2025-04-01' } });
}

beforeEach(() => {
  signInAs();
  api.getReviewsPage.mockResolvedValue({ items: [], next: null });
});

describe('/addreview', () => {
  it('unlocks the fields one after another and keeps Add Review disabled until all pass', async () => {
    const user = userEvent.setup();
    await renderAt('/addreview');
    expect(field.name()).toBeEnabled();
    for (const f of [field.title, field.description, field.keywords, field.date]) expect(f()).toBeDisabled();
    expect(submit()).toBeDisabled();

    await user.type(field.name(), 'Asha');
    expect(field.title()).toBeEnabled();
    await user.type(field.title(), 'Great shop');
    expect(field.description()).toBeEnabled();
    await user.type(field.description(), 'Quick delivery.');
    expect(field.keywords()).toBeEnabled();
    await user.type(field.keywords(), 'delivery');
    expect(field.date()).toBeEnabled();
    expect(submit()).toBeDisabled();
    fireEvent.change(field.date(), { target: { value: '2025-04-01' } });
    expect(submit()).toBeEnabled();

    await user.clear(field.title());
    expect(submit()).toBeDisabled();
    expect(field.description()).toBeDisabled();
  });

  it("shows the spec's live red messages with their exact spaces", async () => {
    const user = userEvent.setup();
    await renderAt('/addreview');
    await fillValid(user);
    expect(screen.queryByText(/^Please /)).not.toBeInTheDocument();

    fireEvent.change(field.date(), { target: { value: '' } });
    expect(exactMessage('Please Select  Date ')).toBeInTheDocument();
    fireEvent.change(field.date(), { target: { value: '2025-04-01' } });

    await user.clear(field.keywords());
    expect(exactMessage('Please Enter Keywords ')).toBeInTheDocument();
    await user.type(field.keywords(), 'delivery');

    await user.clear(field.description());
    expect(exactMessage('Please Enter Description ')).toBeInTheDocument();
    await user.type(field.description(), 'Quick.');

    await user.clear(field.title());
    expect(exactMessage('Please Enter Title ')).toBeInTheDocument();
    await user.type(field.title(), 'Great');

    await user.clear(field.name());
    expect(exactMessage('Please Enter Name ')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it("sends the review, toasts the server's message and goes to /review", async () => {
    const user = userEvent.setup();
    api.addReview.mockResolvedValue({ msg: 'Review Added Successfully' });
    await renderAt('/addreview');
    await fillValid(user);
    await user.click(submit());
    expect(api.addReview).toHaveBeenCalledWith({
      name: 'Asha',
      title: 'Great shop',
      description: 'Quick delivery.',
      keywords: 'delivery quality',
      date: '2025-04-01',
    });
    expect(await toastKind('Review Added Successfully')).toBe('success');
    await waitFor(() => expect(currentPath()).toBe('/review'));
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('a refusal shows its message as an error toast and stays', async () => {
    const user = userEvent.setup();
    api.addReview.mockRejectedValue(new ApiError(400, 'Please Enter Title '));
    await renderAt('/addreview');
    await fillValid(user);
    await user.click(submit());
    expect(await toastKind('Please Enter Title')).toBe('error');
    expect(currentPath()).toBe('/addreview');
  });

  it('with no login token goes to /review', async () => {
    signOut();
    await renderAt('/addreview');
    expect(currentPath()).toBe('/review');
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });
});
