import { type ReactElement, type ReactNode } from 'react';
import { Navigate, NavLink } from '@marketplace/shared/router';
import {
  AUCTION_WATCHING_PATH,
  Breadcrumb,
  errorMessage,
  hasStatus,
  LOAD_FAILED_TEXT,
  loginPath,
  MY_BIDS_PATH,
  notify,
  SELLING_PATH,
  useIsSignedIn,
  usePageMeta,
  usePagedList,
  useSession,
  type ItemKey,
  type Page,
  type PagedList,
  type PageQuery,
} from '@marketplace/shared';
import ui from '../../styles/ui.module.css';
import styles from './MyLists.module.css';

const TABS = [
  { to: AUCTION_WATCHING_PATH, label: 'Watching' },
  { to: MY_BIDS_PATH, label: 'My bids' },
  { to: SELLING_PATH, label: 'Selling' },
] as const;

/**
 * The frame of the shopper's three auction lists (Watching, My bids, Selling): signed in only (a
 * visitor goes to /login and comes back), the page's heading and the tabs between the three.
 */
export function MyListsPage({
  path,
  title,
  intro,
  children,
}: {
  path: string;
  title: string;
  intro: string;
  children: ReactNode;
}): ReactElement {
  usePageMeta({ title, noindex: true });
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Navigate to={loginPath(path)} replace />;
  return (
    <div className={ui.page}>
      <Breadcrumb page={title} />
      <div className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={ui.muted}>{intro}</p>
      </div>
      <nav aria-label="Your auctions" className={styles.tabs}>
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end
            className={({ isActive }) => [styles.tab, isActive ? styles.tabActive : null].filter(Boolean).join(' ')}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}

/**
 * One of the shopper's lists, a page at a time (read again when the login changes). A dead login
 * (401) signs out with the server's message, which sends the page to /login; a following page
 * that fails is a toast, the rows shown stay.
 */
export function useMyList<T>(read: (page: PageQuery) => Promise<Page<T>>, keyOf: (item: T) => ItemKey): PagedList<T> {
  const token = useSession((s) => s.session?.authtoken ?? null);
  return usePagedList(read, [token], {
    keyOf,
    onFailed: (error) => {
      if (hasStatus(error, 401)) {
        notify(`${errorMessage(error)},3`);
        useSession.getState().signOut();
      }
    },
    onMoreFailed: () => notify(`${LOAD_FAILED_TEXT},3`),
  });
}
