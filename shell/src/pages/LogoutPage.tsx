import { useEffect, useState, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import { atomStyles, logout, NoticeCard, useHydrated, usePageMeta, useSession, linkTo } from '@marketplace/shared';
import { usePreviousPath } from '../navigation';
import styles from './pages.module.css';

/** How long the goodbye stays before the home page (spec: 2 seconds). */
export const LOGOUT_REDIRECT_MS = 2000;

/**
 * Why /logout was opened: a signed-in user signing out (or finishing a password change), the end
 * of a password reset (which signed the account out everywhere), or a visitor with nothing to end.
 */
type Arrival = 'signed in' | 'password reset' | 'signed out';

function arrivalNow(previousPath: string | null): Arrival {
  if (useSession.getState().session) return 'signed in';
  return previousPath === linkTo('newPassword') ? 'password reset' : 'signed out';
}

export function LogoutPage(): ReactElement {
  usePageMeta({ title: 'Logout' });
  const navigate = useNavigate();
  const previousPath = usePreviousPath();
  // Decided once, in the browser. The server knows no session, and the render that hydrates its
  // HTML must show what it showed (signed out); the arrival is decided right after.
  const hydrated = useHydrated();
  const [decided, setDecided] = useState<Arrival | null>(() => (hydrated ? arrivalNow(previousPath) : null));
  useEffect(() => {
    if (decided === null) setDecided(arrivalNow(previousPath));
  }, [decided, previousPath]);

  useEffect(() => {
    if (decided === null || decided === 'signed out') return undefined;
    if (decided === 'signed in') {
      // logout() takes the login token as it starts, so the session can be cleared at once:
      // the header shows the signed-out state without waiting for the server.
      logout().catch(() => {
        // The server could not be told; the token expires on its own and this browser forgot it.
      });
      useSession.getState().signOut();
    }
    const timer = window.setTimeout(() => navigate(linkTo('home'), { replace: true }), LOGOUT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [decided, navigate]);

  if (decided === null || decided === 'signed out') {
    return (
      <NoticeCard>
        <h1>You are not signed in</h1>
        <p>There is no session to log out of in this browser.</p>
        <div className={atomStyles.noticeActions}>
          <Link className={styles.button} to={linkTo('login')}>
            Signin
          </Link>
          <Link className={styles.secondaryButton} to={linkTo('home')}>
            GO TO HOME
          </Link>
        </div>
      </NoticeCard>
    );
  }

  return (
    <NoticeCard icon="success" live>
      <h1>Thanks you! Visit again</h1>
      <p>Successfully Logout</p>
      <p>
        Taking you to the{' '}
        <Link className={styles.link} to={linkTo('home')}>
          home page
        </Link>
        …
      </p>
    </NoticeCard>
  );
}
