import type { ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { AlertCircle } from './noticeIcons';
import styles from './pages.module.css';

/** Where pages send a user after a failure they cannot recover from (e.g. an unknown account). */
export function Error404Page(): ReactElement {
  return (
    <section className={styles.notice}>
      <AlertCircle />
      <h1>Something went wrong</h1>
      <p>We could not find what you were looking for, or it is not available any more.</p>
      <p>Please go back to the home page and try again.</p>
      <div className={styles.noticeActions}>
        <Link className={styles.button} to="/">
          GO TO HOME
        </Link>
      </div>
    </section>
  );
}
