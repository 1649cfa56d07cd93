import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Layout } from '../src/layout/Layout';

/** Tests only: the shell's layout around a plain page (at `path`), signed out. */
export function renderLayout(path = '/'): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Layout>
        <p>page</p>
      </Layout>
    </MemoryRouter>,
  );
}

/** The toast container, once mounted. */
export const toastContainer = (): Element | null => document.querySelector('.Toastify');
