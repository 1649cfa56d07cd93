import { type ReactElement, type ReactNode } from 'react';
import { Navigate } from '@marketplace/shared/router';
import { useIsSignedIn } from '@marketplace/shared';
import { LOGIN_PATH } from '../lib/productLinks';

/** Pages for signed-in customers only: everyone else goes to `to` (/login unless told). */
export function RequireSignIn({ children, to = LOGIN_PATH }: { children: ReactNode; to?: string }): ReactElement {
  const signedIn = useIsSignedIn();
  return signedIn ? <>{children}</> : <Navigate to={to} replace />;
}
