import { type ReactElement, type ReactNode } from 'react';
import { Link } from '../router';
import type { Address } from '@marketplace/contract';
import { formatRupees } from '@marketplace/contract/rules';
import { linkTo } from '../links';
import { usePageMeta } from '../meta/usePageMeta';
import styles from './atoms.module.css';

export function Spinner({ label = 'Loading' }: { label?: string }): ReactElement {
  return (
    <div className={styles.spinnerWrap} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <span className={styles.visuallyHidden}>{label}</span>
    </div>
  );
}

/** 'Home / page' */
export function Breadcrumb({ page }: { page: string }): ReactElement {
  return (
    <nav className={styles.breadcrumb} aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to={linkTo('home')}>Home</Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page">{page}</li>
      </ol>
    </nav>
  );
}

/** Read-only star rating: maximum 5, precision 1. */
export function StarRating({ value }: { value: number }): ReactElement {
  const filled = Math.max(0, Math.min(5, Math.round(Number(value) || 0)));
  return (
    <span className={styles.stars} role="img" aria-label={`Rated ${filled} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= filled ? undefined : styles.starEmpty} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

/**
 * 'Rs. {price}' with Indian digit grouping (Rs. 1,50,000): the contract's `formatRupees`, which the
 * API's mails use too, under the name the front ends have always called.
 */
export function formatPrice(price: number | string): string {
  return formatRupees(price);
}

/** An address on one line, as the spec's billaddress and the account pages show it: its parts, trimmed, joined by ', '. */
export function formatAddress(a: Address): string {
  return [a.streetadd, a.landmark, a.city, a.state, a.country, a.postal]
    .map((part) => String(part ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/** 'Rs. {price}' as `formatPrice` writes it. */
export function Price({ value, className }: { value: number | string; className?: string }): ReactElement {
  return <span className={[styles.price, className].filter(Boolean).join(' ')}>{formatPrice(value)}</span>;
}

const NOTICE_ICON_PATHS = {
  success: <path d="m7.5 12.5 3 3 6-6.5" />,
  problem: <path d="M12 7v6M12 16.5v.5" />,
} as const;

/**
 * The centred card of a page that tells one thing (not found, thanks for your message, logged
 * out, already signed in): an optional icon in a circle, then `children` (a heading, lines, and
 * links in a `atomStyles.noticeActions` row). `live`: announced when it appears.
 */
export function NoticeCard({
  icon,
  live,
  children,
}: {
  icon?: 'success' | 'problem';
  live?: boolean;
  children: ReactNode;
}): ReactElement {
  return (
    <section className={styles.notice} aria-live={live ? 'polite' : undefined}>
      {icon && (
        <svg
          className={`${styles.noticeIcon} ${styles[icon]}`}
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="12" cy="12" r="10" />
          {NOTICE_ICON_PATHS[icon]}
        </svg>
      )}
      {children}
    </section>
  );
}

/** The card of a page with nothing to show (/error404, not found): an alert icon, a heading, what happened, a way home. */
export function ProblemNotice({ heading }: { heading: string }): ReactElement {
  return (
    <NoticeCard icon="problem">
      <h1>{heading}</h1>
      <p>We could not find what you were looking for, or it is not available any more.</p>
      <p>Please go back to the home page and try again.</p>
      <div className={styles.noticeActions}>
        <Link className={styles.noticeButton} to={linkTo('home')}>
          GO TO HOME
        </Link>
      </div>
    </NoticeCard>
  );
}

/**
 * The page of a path nothing serves (spec: 'Looks like you're in wrong place' with GO TO HOME):
 * the shell's for a path no front end declares, and a front end's own for a path of its area it
 * has no page for (AreaRoutes). Kept out of search engines; a server render answers it with 404.
 */
export function NotFound(): ReactElement {
  usePageMeta({ title: 'Page not found', noindex: true, status: 404 });
  return <ProblemNotice heading="Looks like you're in wrong place" />;
}

export const atomStyles = styles;
