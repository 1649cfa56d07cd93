import { useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { Link, Navigate, NavLink } from '@marketplace/shared/router';
import {
  Breadcrumb,
  errorMessage,
  hasStatus,
  LOAD_FAILED_TEXT,
  LoadFailed,
  Loading,
  LoadMore,
  notify,
  useIsSignedIn,
  usePageMeta,
  usePagedList,
  useSession,
  type ItemKey,
  type Page,
  type PageQuery,
  type PhotoSources,
  linkTo,
  safeReturnPath,
} from '@marketplace/shared';
import { AuctionPhoto } from '../../components/AuctionPhoto';
import { countdownText, formatDateTime, useNow } from '../../lib/countdown';
import ui from '../../styles/ui.module.css';
import styles from './MyLists.module.css';

/** A function, as the tabs' links resolve through the live link table when the page renders. */
const tabs = () => [
  { to: linkTo('auctionWatching'), label: 'Watching' },
  { to: linkTo('myBids'), label: 'My bids' },
  { to: linkTo('selling'), label: 'Selling' },
];

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
  usePageMeta({ title });
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Navigate to={linkTo('login', { next: safeReturnPath(path) })} replace />;
  return (
    <div className={ui.page}>
      <Breadcrumb page={title} />
      <div className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={ui.muted}>{intro}</p>
      </div>
      <nav aria-label="Your auctions" className={styles.tabs}>
        {tabs().map((tab) => (
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
 * One item's row in My bids or Selling: its photo, its name linking to it, `badge` beside the
 * name, then `children` (its state and facts).
 */
export function ItemRow({
  item,
  idPrefix,
  rowRef,
  badge,
  children,
}: {
  item: { auctionid: number; productname: string; photo: string; photoSources?: PhotoSources };
  /** Makes the heading's id, which names the row: `<idPrefix>-<auctionid>`. */
  idPrefix: string;
  rowRef: (el: HTMLElement | null) => void;
  badge?: ReactNode;
  children: ReactNode;
}): ReactElement {
  const headingId = `${idPrefix}-${item.auctionid}`;
  return (
    <article ref={rowRef} tabIndex={-1} className={`${ui.panel} ${styles.row}`} aria-labelledby={headingId}>
      <AuctionPhoto
        photo={item.photo}
        sources={item.photoSources}
        sizes="88px"
        alt=""
        width={88}
        height={88}
        className={styles.thumb}
      />
      <div className={styles.rowBody}>
        <div className={styles.rowHead}>
          <h2 id={headingId} className={styles.name}>
            <Link to={linkTo('auctionProduct', { id: item.auctionid })}>{item.productname}</Link>
          </h2>
          {badge}
        </div>
        {children}
      </div>
    </article>
  );
}

/** Whether the hidden reserve is met, in a row's facts; nothing for an item without a reserve. */
export function ReserveFact({ reservemet }: { reservemet: boolean | null }): ReactElement | null {
  if (reservemet === null) return null;
  return (
    <div>
      <dt>Reserve</dt>
      <dd>{reservemet ? 'Reserve met' : 'Reserve not met'}</dd>
    </div>
  );
}

/** The end of an item in a row's facts: the countdown while it runs, else when it ended or closed. */
export function EndFact({
  endsat,
  closedat,
  now,
}: {
  endsat: string;
  closedat: string | null;
  now: number;
}): ReactElement {
  const ended = closedat !== null || Date.parse(endsat) <= now;
  return (
    <div>
      <dt>{closedat !== null ? 'Closed' : ended ? 'Ended' : 'Time'}</dt>
      <dd>
        {ended ? (
          formatDateTime(closedat ?? endsat)
        ) : (
          <span suppressHydrationWarning>{countdownText(endsat, now)}</span>
        )}
      </dd>
    </div>
  );
}

/**
 * One of the shopper's lists, read a page at a time (again when the login changes): the spinner,
 * the failed load with Try again, the empty state with its way on, or the rows (`ul` named
 * `label`, each row given by `row` with its focus ref and, with `ticking`, the time each second)
 * with Load more. A dead login (401) signs out with the server's message, which sends the page to
 * /login; a following page that fails is a toast, the rows shown stay.
 */
export function MyListBody<T>({
  read,
  keyOf,
  onItems,
  ticking = false,
  what,
  empty,
  label,
  className,
  more,
  row,
}: {
  read: (page: PageQuery) => Promise<Page<T>>;
  keyOf: (item: T) => ItemKey;
  /** Told the items loaded so far, each time they change. */
  onItems?: (items: T[]) => void;
  ticking?: boolean;
  /** What is loaded, as the spinner and the failure say it: 'your bids'. */
  what: string;
  empty: { text: string; link: { to: string; label: string } };
  label: string;
  className: string;
  /** Load more's label. */
  more: string;
  row: (item: T, ref: (el: HTMLElement | null) => void, now: number) => ReactNode;
}): ReactElement {
  const token = useSession((s) => s.session?.authtoken ?? null);
  const list = usePagedList(read, [token], {
    keyOf,
    onFailed: (error) => {
      if (hasStatus(error, 401)) {
        notify({ text: errorMessage(error), kind: 'error' });
        useSession.getState().signOut();
      }
    },
    onMoreFailed: () => notify({ text: LOAD_FAILED_TEXT, kind: 'error' }),
  });
  const now = useNow(ticking);
  const items = list.items;
  const told = useRef(onItems);
  told.current = onItems;
  useEffect(() => {
    if (items) told.current?.(items);
  }, [items]);
  if (list.status === 'failed')
    return (
      <LoadFailed
        onRetry={list.reload}
        what={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.`}
        buttonClassName={ui.btnOutline}
      />
    );
  if (items === null) return <Loading label={`Loading ${what}`} minHeight={360} />;
  if (items.length === 0)
    return (
      <div className={styles.empty}>
        <p>{empty.text}</p>
        <Link className={ui.btn} to={empty.link.to}>
          {empty.link.label}
        </Link>
      </div>
    );
  return (
    <>
      <ul className={className} aria-label={label}>
        {items.map((item) => (
          <li key={keyOf(item)}>{row(item, list.itemRef(keyOf(item)), now)}</li>
        ))}
      </ul>
      <LoadMore list={list} label={more} buttonClassName={ui.btnOutline} />
    </>
  );
}
