import { act } from '@testing-library/react';
import { useSession } from '@marketplace/shared';

/** Signs a demo customer in (the session store the shell's header also reads). */
export function signIn(): void {
  act(() => useSession.getState().signIn({ firstname: 'Asha', lastname: 'Verma', authtoken: 'tok-1' }));
}

/** Clears the session between tests (sessionStorage is cleared by the shared setup; the store is not). */
export function signOut(): void {
  act(() => useSession.getState().clearAll());
}
