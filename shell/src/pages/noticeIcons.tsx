import type { ReactElement } from 'react';
import styles from './pages.module.css';

export function CheckCircle(): ReactElement {
  return (
    <svg
      className={`${styles.noticeIcon} ${styles.success}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </svg>
  );
}
