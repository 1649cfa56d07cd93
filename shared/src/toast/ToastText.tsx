import type { ReactElement } from 'react';
import { Link } from '../router';
import styles from './toast.module.css';

/** Where a toast leads: a page of the site (a notice's order, orders to ship, the auction item). */
export interface ToastLink {
  to: string;
  label: string;
}

/** A toast's text with a link after it; the text keeps an element of its own (tests and journeys read it). */
export function ToastText({ text, link }: { text: string; link: ToastLink }): ReactElement {
  return (
    <span>
      <span>{text}</span>{' '}
      <Link className={styles.link} to={link.to}>
        {link.label}
      </Link>
    </span>
  );
}
