import type { ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { atomStyles, NoticeCard, usePageMeta, useSession, linkTo } from '@marketplace/shared';
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
          <Link className={styles.button} to={linkTo('login')}>
            Signin
          </Link>
          <Link className={styles.secondaryButton} to={linkTo('signup')}>
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
        <Link className={styles.button} to={linkTo('home')}>
          GO TO HOME
        </Link>
        <Link className={styles.secondaryButton} to={linkTo('myAccount')}>
          My Account
        </Link>
        <Link className={styles.secondaryButton} to={linkTo('logout')}>
          Logout
        </Link>
      </div>
    </NoticeCard>
  );
}
