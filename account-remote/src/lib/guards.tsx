import { useRef, type ReactElement, type ReactNode } from 'react';
import { Navigate } from '@marketplace/shared/router';
import { useIsSignedIn } from '@marketplace/shared';

/**
 * Login and signup require being signed out (spec section 6): a signed-in user is sent to
 * /alreadyloggedin. `markSigningIn()` lets the login page itself sign in and move on to /
 * without being caught by this redirect.
 */
export function useSignedOutOnly(): { redirect: ReactElement | null; markSigningIn(): void } {
  const signedIn = useIsSignedIn();
  const signingIn = useRef(false);
  return {
    redirect: signedIn && !signingIn.current ? <Navigate to="/alreadyloggedin" replace /> : null,
    markSigningIn() {
      signingIn.current = true;
    },
  };
}

/** Pages that need a signed-in user send everyone else to /login. */
export function SignedInOnly({ children }: { children: ReactNode }): ReactElement {
  const signedIn = useIsSignedIn();
  return signedIn ? <>{children}</> : <Navigate to="/login" replace />;
}
