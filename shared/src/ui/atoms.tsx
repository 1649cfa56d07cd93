import { type ReactElement } from 'react';
import { Link } from '../router';
import type { Address } from '@marketplace/contract';
import { formatRupees } from '@marketplace/contract/rules';
import { HOME_PATH } from '../links';
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
          <Link to={HOME_PATH}>Home</Link>
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

export function NotFound(): ReactElement {
  return (
    <section className={styles.notFound}>
      <h1>Looks like you&apos;re in wrong place</h1>
      <Link className={styles.button} to={HOME_PATH}>
        GO TO HOME
      </Link>
    </section>
  );
}

export const atomStyles = styles;
