import { fireEvent, screen } from '@testing-library/react';
import { notify } from '@marketplace/shared';
import { renderLayout, toastContainer } from '../../test/renderLayout';

// The toast state is page-wide (module state): Layout.firstToast.test.tsx starts from a page without interaction.

describe('the page’s toasts', () => {
  it('are not loaded with the page; the first key press or click mounts the container, and a toast then shows', async () => {
    renderLayout();
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(toastContainer()).toBeNull();
    fireEvent.keyDown(window, { key: 'Tab' });
    await screen.findByText((_, el) => el === toastContainer());
    notify('Address Updated Successfully,1');
    expect(await screen.findByText('Address Updated Successfully')).toBeInTheDocument();
  });
});
