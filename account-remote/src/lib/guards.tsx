import { useRef, type ReactElement, type ReactNode } from 'react';
import { Navigate, useLocation } from '@marketplace/shared/router';
import { nextFrom, useHydrated, useIsSignedIn, linkTo, safeReturnPath } from '@marketplace/shared';

/**
 * Login and signup require being signed out (spec section 6): a signed-in user is sent to
 * /alreadyloggedin, or straight on to `next` when the page was opened with a safe one (a
 * sign-in from another tab already did what this one was asked for). `markSigningIn()` lets the
 * login page itself sign in and move on without being caught by this redirect.
 */
export function useSignedOutOnly(next: string | null = null): { redirect: ReactElement | null; markSigningIn(): void } {
  const signedIn = useIsSignedIn();
  const signingIn = useRef(false);
  return {
    redirect: signedIn && !signingIn.current ? <Navigate to={next ?? linkTo('alreadyLoggedIn')} replace /> : null,
    markSigningIn() {
      signingIn.current = true;
    },
  };
}

/**
 * The page's safe `?next=` (where to go after signing in), once the page is hydrated: the server
 * renders /login and /signup once for every `next` (its page cache keeps no other query
 * parameter), so while the browser hydrates that HTML the page reads none either (`NextLink`).
 */
export function useNext(): string | null {
  const { search } = useLocation();
  return useHydrated() ? nextFrom(search) : null;
}

/** The sign-in page that comes back to where the visitor is now. */
export function useLoginHere(): string {
  const { pathname, search } = useLocation();
  return linkTo('login', { next: safeReturnPath(`${pathname}${search}`) });
}

/** Pages that need a signed-in user send everyone else to /login, which brings them back here. */
export function SignedInOnly({ children }: { children: ReactNode }): ReactElement {
  const signedIn = useIsSignedIn();
  const login = useLoginHere();
  return signedIn ? <>{children}</> : <Navigate to={login} replace />;
}
