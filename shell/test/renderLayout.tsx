import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Layout } from '../src/layout/Layout';

/** Tests only: the shell's layout around a plain page, signed out. */
export function renderLayout(): RenderResult {
  return render(
    <MemoryRouter>
      <Layout>
        <p>page</p>
      </Layout>
    </MemoryRouter>,
  );
}

/** The toast container, once mounted. */
export const toastContainer = (): Element | null => document.querySelector('.Toastify');
