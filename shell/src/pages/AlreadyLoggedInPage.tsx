import type { ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { useSession } from '@marketplace/shared';
import { CheckCircle } from './noticeIcons';
import styles from './pages.module.css';

/** Shown to a signed-in customer who opens the login or signup page. */
export function AlreadyLoggedInPage(): ReactElement {
  const session = useSession((s) => s.session);
  if (!session) {
    return (
      <section className={styles.notice}>
        <h1>You are not signed in</h1>
        <p>Sign in to see your account, your cart and your orders.</p>
        <div className={styles.noticeActions}>
          <Link className={styles.button} to="/login">
            Signin
          </Link>
          <Link className={styles.secondaryButton} to="/signup">
            Signup
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.notice}>
      <CheckCircle />
      <h1>You are already logged in</h1>
      <p>
        You are signed in as {session.firstname} {session.lastname}. To use another account, log out first.
      </p>
      <div className={styles.noticeActions}>
        <Link className={styles.button} to="/">
          GO TO HOME
        </Link>
        <Link className={styles.secondaryButton} to="/myaccount">
          My Account
        </Link>
        <Link className={styles.secondaryButton} to="/logout">
          Logout
        </Link>
      </div>
    </section>
  );
}
