import { render, screen, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { routesOf, TOAST_OPTIONS } from '@marketplace/shared';
import AccountApp from '../App';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location" hidden>{`${pathname}${search}`}</div>;
}

/**
 * Renders the account area at a path the way the shell does (one Route per account path, each
 * mounting the App), with the toast container the shell provides and a probe of the current URL.
 */
export function renderAt(path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routesOf('account').map((r) => (
          <Route key={r.path} path={r.path} element={<AccountApp />} />
        ))}
        <Route path="*" element={<p>outside the account area</p>} />
      </Routes>
      <LocationProbe />
      <ToastContainer position={TOAST_OPTIONS.position} autoClose={TOAST_OPTIONS.autoClose} />
    </MemoryRouter>,
  );
}

/** The current path (and query) of the router. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}
