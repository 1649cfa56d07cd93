import type { ReactElement, ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_OPTIONS } from '@marketplace/shared';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

/** Header, the current area, footer, and the page's one toast container (used by every remote). */
export function Layout({ children }: { children: ReactNode }): ReactElement {
  return (
    <div className={styles.page}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <ToastContainer position={TOAST_OPTIONS.position} autoClose={TOAST_OPTIONS.autoClose} />
    </div>
  );
}
