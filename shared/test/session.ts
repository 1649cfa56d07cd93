import { act } from '@testing-library/react';
import { useSession, type SessionData } from '../src';
import { SIGNED_IN } from './fixtures';

/**
 * Signs `user` in as the account area does: the session store, which writes sessionStorage `data`
 * and re-renders every front end that reads it (the shell's header included).
 */
export function signInAs(user: SessionData = SIGNED_IN): void {
  act(() => useSession.getState().signIn(user));
}

/** Signs out as the Logout page does (session and selected order forgotten). */
export function signOut(): void {
  act(() => useSession.getState().signOut());
}

// Every test starts signed out: the shared setup clears sessionStorage after each test, and this
// clears the store that mirrors it (test files that use the kit load this module).
afterEach(() => {
  const { session, orderId } = useSession.getState();
  if (session !== null || orderId !== null) act(() => useSession.getState().clearAll());
});
