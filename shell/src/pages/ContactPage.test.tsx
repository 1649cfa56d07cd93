import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@marketplace/shared';
import { currentPath, mockApi } from '@marketplace/shared/testing';
import { renderShellPage } from '../../test/renderApp';

// The edges: the API call (mocked for every test), and remote loading (not used on these pages).
jest.mock('../federation/remotes', () => ({
  ...jest.requireActual('../federation/remotes'),
  loadRemoteApp: jest.fn(() => new Promise(() => undefined)),
}));
const api = mockApi();

const form = () => within(screen.getByRole('form', { name: 'Contact form' }));
const field = (label: string) => form().getByLabelText(new RegExp(`^${label}`));

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(field(label), value);
}

describe('contact page', () => {
  it('shows the call, location and work-hours cards', async () => {
    await renderShellPage('/contact');
    expect(screen.getByRole('heading', { name: 'Call Us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Location' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Work Hours' })).toBeInTheDocument();
    expect(screen.getByText('9 AM to 7 PM, 5 days a week')).toBeInTheDocument();
  });

  it("shows the spec's messages for missing fields and sends nothing", async () => {
    const user = userEvent.setup();
    await renderShellPage('/contact');
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(screen.getByText('Name Required')).toBeInTheDocument();
    expect(screen.getByText('Email Required')).toBeInTheDocument();
    expect(screen.getByText('Subject Required')).toBeInTheDocument();
    expect(field('Name')).toHaveFocus();
    expect(field('Name')).toHaveAccessibleDescription('Name Required');
    expect(api.sendContact).not.toHaveBeenCalled();
  });

  it('checks the email pattern, and clears a message once the field is right', async () => {
    const user = userEvent.setup();
    await renderShellPage('/contact');
    await fill(user, { Email: 'asha@example' });
    await user.tab();
    expect(screen.getByText('Email id must be in {email}')).toBeInTheDocument();
    await user.type(field('Email'), '.com');
    expect(screen.queryByText('Email id must be in {email}')).not.toBeInTheDocument();
  });

  it('sends the message (the message text is optional) and shows the thank-you page', async () => {
    const user = userEvent.setup();
    api.sendContact.mockResolvedValue({ msg: 'Message received' });
    await renderShellPage('/contact');
    await fill(user, { Name: 'Asha Rao', Email: 'asha@example.com', Subject: 'Delivery' });
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for contacting us' })).toBeInTheDocument();
    expect(currentPath()).toBe('/getcontact');
    expect(api.sendContact).toHaveBeenCalledWith({ name: 'Asha Rao', email: 'asha@example.com', subject: 'Delivery' });
  });

  it('tells the user in a toast when the server already received the message', async () => {
    const user = userEvent.setup();
    api.sendContact.mockRejectedValue(new ApiError(409, 'We have already received this message'));
    await renderShellPage('/contact');
    await fill(user, { Name: 'Asha', Email: 'asha@example.com', Subject: 'Hello', Message: 'Where is my order?' });
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByText('We have already received this message')).toBeInTheDocument();
    expect(api.sendContact).toHaveBeenCalledWith({
      name: 'Asha',
      email: 'asha@example.com',
      subject: 'Hello',
      msg: 'Where is my order?',
    });
    expect(currentPath()).toBe('/contact');
    expect(screen.getByRole('button', { name: 'SEND MESSAGE' })).toBeEnabled();
  });
});
