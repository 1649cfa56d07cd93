import { act, render, screen, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { routesOf, TOAST_OPTIONS, useSession } from '@marketplace/shared';
import AuctionApp from '../App';

function PathProbe() {
  return (
    <output data-testid="path" hidden>
      {useLocation().pathname}
    </output>
  );
}

/** The auction area at `path`, mounted as the shell mounts it (one Route per auction path), with the shell's toasts. */
export function renderAt(path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routesOf('auction').map((r) => (
          <Route key={r.path} path={r.path} element={<AuctionApp />} />
        ))}
        {/* Pages of other areas (/login, /): nothing here; the probe says where we are. */}
        <Route path="*" element={null} />
      </Routes>
      <PathProbe />
      <ToastContainer position={TOAST_OPTIONS.position} autoClose={TOAST_OPTIONS.autoClose} />
    </MemoryRouter>,
  );
}

/** Where the router is now. */
export function pathNow(): string {
  return screen.getByTestId('path').textContent ?? '';
}

/** Waits for a toast with exactly this text and says its kind (success / warning / error). */
export async function findToast(text: string): Promise<string | undefined> {
  const [node] = await screen.findAllByText(text);
  const toast = node.closest('.Toastify__toast');
  return /Toastify__toast--(success|warning|error)/.exec(toast?.className ?? '')?.[1];
}

export const ASHA = { firstname: 'Asha', lastname: 'Verma', authtoken: 'token-asha' };

export function signInAs(session = ASHA): void {
  act(() => useSession.getState().signIn(session));
}

export function signOutAll(): void {
  act(() => useSession.getState().clearAll());
}
