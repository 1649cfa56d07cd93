import { act, type RenderResult } from '@testing-library/react';
import { useSession } from '@marketplace/shared';
import { renderArea } from '@marketplace/shared/testing';
import AuctionApp from '../App';
import { routes } from '../routes.json';

/** The auction area at `path`, mounted as the shell mounts it; other areas' pages (/login, /) render nothing. */
export function renderAt(path: string): RenderResult {
  return renderArea(routes, AuctionApp, path);
}

export { currentPath as pathNow, toastKind as findToast } from '@marketplace/shared/testing';

export const ASHA = { firstname: 'Asha', lastname: 'Verma', authtoken: 'token-asha' };

export function signInAs(session = ASHA): void {
  act(() => useSession.getState().signIn(session));
}

export function signOutAll(): void {
  act(() => useSession.getState().clearAll());
}
