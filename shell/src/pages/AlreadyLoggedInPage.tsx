import type { ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  atomStyles,
  HOME_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  MY_ACCOUNT_PATH,
  NoticeCard,
  SIGNUP_PATH,
  usePageMeta,
  useSession,
} from '@marketplace/shared';
import styles from './pages.module.css';

/** Shown to a signed-in customer who opens the login or signup page. */
export function AlreadyLoggedInPage(): ReactElement {
  usePageMeta({ title: 'Already logged in' });
  const session = useSession((s) => s.session);
  if (!session) {
    return (
      <NoticeCard>
        <h1>You are not signed in</h1>
        <p>Sign in to see your account, your cart and your orders.</p>
        <div className={atomStyles.noticeActions}>
          <Link className={styles.button} to={LOGIN_PATH}>
            Signin
          </Link>
          <Link className={styles.secondaryButton} to={SIGNUP_PATH}>
            Signup
          </Link>
        </div>
      </NoticeCard>
    );
  }
  return (
    <NoticeCard icon="success">
      <h1>You are already logged in</h1>
      <p>
        You are signed in as {session.firstname} {session.lastname}. To use another account, log out first.
      </p>
      <div className={atomStyles.noticeActions}>
        <Link className={styles.button} to={HOME_PATH}>
          GO TO HOME
        </Link>
        <Link className={styles.secondaryButton} to={MY_ACCOUNT_PATH}>
          My Account
        </Link>
        <Link className={styles.secondaryButton} to={LOGOUT_PATH}>
          Logout
        </Link>
      </div>
    </NoticeCard>
  );
}
