import { type ReactElement, type ReactNode } from 'react';
import { Navigate, useLocation } from '@marketplace/shared/router';
import { useIsSignedIn, linkTo, safeReturnPath } from '@marketplace/shared';

/**
 * Pages for signed-in customers only: everyone else goes to `to`, by default /login, which brings
 * them back to this page once signed in (/viewcart/{id} then adds the product, as they asked).
 */
export function RequireSignIn({ children, to }: { children: ReactNode; to?: string }): ReactElement {
  const signedIn = useIsSignedIn();
  const { pathname, search } = useLocation();
  return signedIn ? (
    <>{children}</>
  ) : (
    <Navigate to={to ?? linkTo('login', { next: safeReturnPath(`${pathname}${search}`) })} replace />
  );
}
