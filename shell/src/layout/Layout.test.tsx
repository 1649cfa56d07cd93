import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { notify } from '@marketplace/shared';
import { Layout } from './Layout';

// The toast state is page-wide (module state): Layout.firstToast.test.tsx starts from a page without interaction.
jest.mock('./Header', () => ({ Header: () => <header>header</header> }));
jest.mock('./Footer', () => ({ Footer: () => <footer>footer</footer> }));

function renderLayout() {
  return render(
    <MemoryRouter>
      <Layout>
        <p>page</p>
      </Layout>
    </MemoryRouter>,
  );
}

const toastContainer = () => document.querySelector('.Toastify');

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
