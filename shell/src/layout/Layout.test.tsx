import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify, toastsWanted } from '@marketplace/shared';
import { renderLayout, toastContainer } from '../../test/renderLayout';

// The toast state is page-wide (module state): Layout.firstToast.test.tsx starts from a page without interaction.

describe('the page’s toasts', () => {
  it('are not loaded with the page; the first key press or click mounts the container, and a toast then shows', async () => {
    renderLayout();
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(toastContainer()).toBeNull();
    fireEvent.keyDown(window, { key: 'Tab' });
    fireEvent.keyUp(window, { key: 'Tab' });
    // Not in the key press's own task (its frame comes first): once the page is idle.
    expect(toastsWanted()).toBe(false);
    await screen.findByText((_, el) => el === toastContainer());
    notify({ text: 'Address Updated Successfully', kind: 'success' });
    expect(await screen.findByText('Address Updated Successfully')).toBeInTheDocument();
  });
});

describe('toasts while the phone menu drawer is open', () => {
  it('stay usable and announced: the drawer makes the page inert, not the toasts', async () => {
    const user = userEvent.setup();
    renderLayout();
    act(() => notify({ text: 'Address Updated Successfully', kind: 'success' }));
    await screen.findByText('Address Updated Successfully');

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert'));

    act(() => notify({ text: 'Something went Wrong', kind: 'error' }));
    const toast = (await screen.findByText('Something went Wrong')).closest('[role="alert"]')!;
    expect(toast.closest('[inert]')).toBeNull();
    expect(toastContainer()!.closest('[inert]')).toBeNull();
    expect(within(toastContainer() as HTMLElement).getAllByRole('alert')).toHaveLength(2);
  });
});
