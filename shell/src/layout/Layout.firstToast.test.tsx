import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { notify } from '@marketplace/shared';
import { Layout } from './Layout';

// A page where nobody has clicked or typed yet (Layout.test.tsx covers the first interaction).
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

describe('a toast before any click or key press', () => {
  it('still shows: the container mounts with it', async () => {
    renderLayout();
    expect(toastContainer()).toBeNull();
    notify('Something went Wrong');
    expect(await screen.findByText('Something went Wrong')).toBeInTheDocument();
    expect(toastContainer()).not.toBeNull();
  });
});
