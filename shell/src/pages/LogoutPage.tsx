import { useEffect, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import { logout, useSession } from '@marketplace/shared';
import { CheckCircle } from './noticeIcons';
import styles from './pages.module.css';

/** How long the goodbye stays before the home page (spec: 2 seconds). */
export const LOGOUT_REDIRECT_MS = 2000;

export function LogoutPage(): ReactElement {
  const navigate = useNavigate();
  useEffect(() => {
    // logout() takes the login token as it starts, so the session can be cleared at once:
    // the header shows the signed-out state without waiting for the server.
    logout().catch(() => {
      // The server could not be told; the token expires on its own and this browser forgot it.
    });
    useSession.getState().signOut();
    const timer = window.setTimeout(() => navigate('/', { replace: true }), LOGOUT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <section className={styles.notice} aria-live="polite">
      <CheckCircle />
      <h1>Thanks you! Visit again</h1>
      <p>Successfully Logout</p>
      <p>
        Taking you to the{' '}
        <Link className={styles.link} to="/">
          home page
        </Link>
        …
      </p>
    </section>
  );
}
