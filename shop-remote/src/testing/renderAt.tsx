import { render, screen, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { routesOf, TOAST_OPTIONS } from '@marketplace/shared';
import ShopApp from '../App';

function LocationProbe() {
  const { pathname } = useLocation();
  return (
    <div data-testid="location" hidden>
      {pathname}
    </div>
  );
}

/**
 * Renders the shop area at a path the way the shell does: one Route per shop path, each mounting
 * the App; paths of other areas (/login, /error404, /myaccount/...) render a plain marker. With
 * the toast container the shell provides, and a probe of the current path (`currentPath()`).
 */
export function renderAt(path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routesOf('shop').map((r) => (
          <Route key={r.path} path={r.path} element={<ShopApp />} />
        ))}
        <Route path="*" element={<ShopApp />} />
      </Routes>
      <LocationProbe />
      <ToastContainer position={TOAST_OPTIONS.position} autoClose={TOAST_OPTIONS.autoClose} />
    </MemoryRouter>,
  );
}

/** The router's current path. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/**
 * The kind of the toast showing `text` ('success', 'warning' or 'error'), as its colour says.
 * Waits for it to appear.
 */
export async function toastKind(text: string): Promise<string | undefined> {
  const [node] = await screen.findAllByText(text);
  const toast = node.closest('.Toastify__toast');
  return /Toastify__toast--(success|warning|error)/.exec(toast?.className ?? '')?.[1];
}
