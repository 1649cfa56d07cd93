import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { onToastsWanted, toastsWanted, wantToasts } from '@marketplace/shared';
import { afterNextPaint, whenIdle } from '../afterNextPaint';
import { Footer } from './Footer';
import { Header, OVER_MODALS_ATTRIBUTE } from './Header';
import { LiveNotices } from './LiveNotices';
import { PreviewBanner } from './PreviewBanner';
import styles from './Layout.module.css';

const ToastArea = lazy(() => import('./ToastArea'));

/** Header, the current area, footer, the signed-in shopper's live notices, and (from the first toast, or once the first interaction has been answered) the page's one toast container. */
export function Layout({ children }: { children: ReactNode }): ReactElement {
  const showToasts = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  useEffect(() => {
    if (showToasts) return undefined;
    // The end of a tap, click or key press.
    const events = ['click', 'keyup'] as const;
    let cancel: (() => void) | undefined;
    const stop = () => events.forEach((name) => window.removeEventListener(name, prepare, true));
    // Once the interaction has been answered on screen and the page is idle: loading and mounting
    // the container in its handlers (a render of the whole layout, a chunk and a stylesheet)
    // would hold its frame back.
    const prepare = () => {
      stop();
      cancel = afterNextPaint(() => {
        cancel = whenIdle(wantToasts);
      });
    };
    events.forEach((name) => window.addEventListener(name, prepare, true));
    return () => {
      stop();
      cancel?.();
    };
  }, [showToasts]);
  return (
    <div className={styles.page}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <PreviewBanner />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <LiveNotices />
      {showToasts && (
        <div {...{ [OVER_MODALS_ATTRIBUTE]: '' }}>
          <Suspense fallback={null}>
            <ToastArea />
          </Suspense>
        </div>
      )}
    </div>
  );
}
