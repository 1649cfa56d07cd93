import type { ComponentType, ReactNode } from 'react';
import { render, screen, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TOAST_OPTIONS } from '../src';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${pathname}${search}`}
    </output>
  );
}

/**
 * Renders a remote's area at a path the way the shell mounts it (one Route per path of the area's
 * routes.json, each mounting the area's App), with the shell's toast container and a probe of the
 * current URL (`currentPath()`). Paths of other areas render `outside`.
 */
export function renderArea(
  routes: readonly string[],
  App: ComponentType,
  path: string,
  outside: ReactNode = null,
): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routes.map((route) => (
          <Route key={route} path={route} caseSensitive element={<App />} />
        ))}
        <Route path="*" element={outside} />
      </Routes>
      <LocationProbe />
      <ToastContainer position={TOAST_OPTIONS.position} autoClose={TOAST_OPTIONS.autoClose} />
    </MemoryRouter>,
  );
}

/** The router's current path and query. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** Waits for a toast showing `text` and says its kind ('success', 'warning' or 'error') as its colour does. */
export async function toastKind(text: string): Promise<string | undefined> {
  const [node] = await screen.findAllByText(text);
  const toast = node.closest('.Toastify__toast');
  return /Toastify__toast--(success|warning|error)/.exec(toast?.className ?? '')?.[1];
}
