import { useEffect, useRef, type ReactElement } from 'react';
import { Link, useLocation } from '@marketplace/shared/router';
import { linkTo } from '@marketplace/shared';
import type { FrontEndName } from '@marketplace/platform/front-ends';
import styles from './RemoteArea.module.css';

// A front end without a label here (a new remote) is named by the general one.
const AREA_LABELS: Partial<Record<FrontEndName, string>> = {
  shell: 'This page',
  shop: 'The shop pages',
  account: 'Your account pages',
  auction: 'The auction pages',
};

/** What a user sees in place of a remote that could not be loaded. */
export function AreaUnavailable({
  area,
  retried,
  onRetry,
}: {
  area: FrontEndName;
  retried: boolean;
  onRetry(): void;
}): ReactElement {
  const button = useRef<HTMLButtonElement>(null);
  const atHome = useLocation().pathname === '/';
  useEffect(() => {
    // After a retry that failed again, keep the keyboard where the user left it.
    if (retried) button.current?.focus();
  }, [retried]);
  return (
    <section className={styles.unavailable} role="alert" aria-labelledby={`unavailable-${area}`}>
      <svg className={styles.unavailableIcon} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3 2 20h20L12 3Z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        <path d="M12 10v4.5M12 17.2v.3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <h1 id={`unavailable-${area}`}>This part of the shop is unavailable right now</h1>
      <p>
        {AREA_LABELS[area] ?? 'These pages'} could not be loaded. Everything else keeps working: use the menu above to
        carry on browsing, or try again in a moment.
      </p>
      {retried && <p className={styles.stillDown}>Still unavailable. Please try again a little later.</p>}
      <div className={styles.actions}>
        <button ref={button} type="button" className={styles.retry} onClick={onRetry}>
          Retry
        </button>
        {!atHome && (
          <Link className={styles.homeLink} to={linkTo('home')}>
            Go to home
          </Link>
        )}
      </div>
    </section>
  );
}
