import type { ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { HOME_PATH, usePageMeta } from '@marketplace/shared';
import { AlertCircle } from './noticeIcons';
import styles from './pages.module.css';

/** The card of /error404 and of the not-found page: an icon, a heading, what happened, a way home. */
function ProblemNotice({ heading }: { heading: string }): ReactElement {
  return (
    <section className={styles.notice}>
      <AlertCircle />
      <h1>{heading}</h1>
      <p>We could not find what you were looking for, or it is not available any more.</p>
      <p>Please go back to the home page and try again.</p>
      <div className={styles.noticeActions}>
        <Link className={styles.button} to={HOME_PATH}>
          GO TO HOME
        </Link>
      </div>
    </section>
  );
}

/** Where pages send a user after a failure they cannot recover from (e.g. an unknown account). */
export function Error404Page(): ReactElement {
  usePageMeta({ title: 'Something went wrong', noindex: true });
  return <ProblemNotice heading="Something went wrong" />;
}

/** Any path no front end serves (spec: 'Looks like you're in wrong place' with GO TO HOME). */
export function NotFoundPage(): ReactElement {
  usePageMeta({ title: 'Page not found', noindex: true, status: 404 });
  return <ProblemNotice heading="Looks like you're in wrong place" />;
}
