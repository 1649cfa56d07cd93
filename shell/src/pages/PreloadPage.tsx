import type { ReactElement } from 'react';
import { Spinner, usePageMeta } from '@marketplace/shared';
import styles from './pages.module.css';

/** The loading screen. */
export function PreloadPage(): ReactElement {
  usePageMeta({ title: 'Loading' });
  return (
    <div className={styles.preload}>
      <Spinner label="Loading the shop" />
      <p aria-hidden="true">Loading…</p>
    </div>
  );
}
