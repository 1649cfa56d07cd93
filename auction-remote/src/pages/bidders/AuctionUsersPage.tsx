import { useState, type ReactElement, type Ref } from 'react';
import { Link, Navigate, useLocation, useParams } from '@marketplace/shared/router';
import {
  ApiError,
  approveBidder,
  Breadcrumb,
  formatPrice,
  getMyBiddersPage,
  LOAD_FAILED_TEXT,
  LoadFailed,
  Loading,
  LoadMore,
  messageOf,
  notify,
  parseId,
  useIsSignedIn,
  usePagedList,
  usePageMeta,
  type BidderRow,
  linkTo,
  safeReturnPath,
} from '@marketplace/shared';
import { useMyUserId } from '../../lib/useMyUserId';
import ui from '../../styles/ui.module.css';
import styles from './AuctionUsersPage.module.css';

export const NOT_YOURS_TEXT = 'You can only see the bidders on your own items';
export const APPROVED_TOAST = { text: 'Bidder Approved Successfully', kind: 'success' } as const;
/** The winner's row carries their order's status. */
const WINNER_STATUSES = new Set(['Awaiting payment', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
/** GET /getUserAuction/{id}'s largest page: after an approval the rows loaded so far are read again, in one read of at most this many. */
const BIDDERS_MAX_PAGE = 200;

/** One row per item and bidder (a bidder who raised their bid while the pages were read comes again: shown once, as it stands). */
const bidderKey = (row: BidderRow): string => `${row.auctionid}:${row.userid}`;

interface ItemGroup {
  auctionid: number;
  productname: string;
  rows: BidderRow[];
}

/** Rows grouped by item, in the server's order (newest item first, highest bid first); an item's rows may come on two pages. */
function byItem(rows: readonly BidderRow[]): ItemGroup[] {
  const groups = new Map<number, ItemGroup>();
  for (const row of rows) {
    const group = groups.get(row.auctionid) ?? { auctionid: row.auctionid, productname: row.productname, rows: [] };
    group.rows.push(row);
    groups.set(row.auctionid, group);
  }
  return [...groups.values()];
}

function StatusCell({ row }: { row: BidderRow }): ReactElement {
  if (WINNER_STATUSES.has(row.status)) {
    return (
      <span className={styles.status}>
        <span className={`${ui.badge} ${ui.badgeOpen}`}>Approved</span>
        <span>{row.status}</span>
      </span>
    );
  }
  return <span className={row.status === 'Not selected' ? styles.muted : undefined}>{row.status}</span>;
}

interface ItemBiddersProps {
  group: ItemGroup;
  onApprove: (row: BidderRow) => void;
  busy: boolean;
  rowRef: (row: BidderRow) => Ref<HTMLTableRowElement>;
}

function ItemBidders({ group, onApprove, busy, rowRef }: ItemBiddersProps): ReactElement {
  const open = group.rows.every((r) => r.status === 'Bidding');
  const sold = group.rows.some((r) => WINNER_STATUSES.has(r.status));
  // Approve accepts the leading BID now: the leader is the first row (highest BID first).
  const leader = group.rows[0];
  const headingId = `bidders-${group.auctionid}`;
  return (
    <section className={`${ui.panel} ${styles.group}`} aria-labelledby={headingId}>
      <div className={styles.groupHead}>
        <h2 id={headingId} className={styles.groupTitle}>
          {group.productname}
        </h2>
        <span className={`${ui.badge} ${open ? ui.badgeOpen : ui.badgeClosed}`}>
          {open ? 'Open' : sold ? 'Winner approved' : 'Ended unsold'}
        </span>
        <Link className={`${ui.btnText} ${styles.view}`} to={linkTo('auctionProduct', { id: group.auctionid })}>
          View item<span className={ui.visuallyHidden}>: {group.productname}</span>
        </Link>
      </div>
      <div className={styles.tableBox}>
        <table className={styles.table}>
          <caption className={ui.visuallyHidden}>Bidders on {group.productname}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Bidder</th>
              <th scope="col">Email</th>
              <th scope="col">BID</th>
              <th scope="col">Status</th>
              {open && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => {
              const name = `${row.firstname} ${row.lastname}`.trim();
              return (
                <tr key={row.userid} ref={rowRef(row)}>
                  <td data-label="Product" className={styles.product}>
                    {row.productname}
                  </td>
                  <td data-label="Bidder" className={styles.strong}>
                    {name}
                  </td>
                  <td data-label="Email" className={styles.email}>
                    {row.email}
                  </td>
                  <td data-label="BID" className={styles.num}>
                    {formatPrice(row.cartdata)}
                  </td>
                  <td data-label="Status">
                    <StatusCell row={row} />
                  </td>
                  {open && row !== leader && <td className={styles.action} />}
                  {open && row === leader && (
                    <td className={styles.action}>
                      <button
                        type="button"
                        className={`${ui.btn} ${ui.small}`}
                        disabled={busy}
                        onClick={() => onApprove(row)}
                        aria-label={`Approve ${name} for ${row.productname}`}
                      >
                        Approve
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function BidderList({ userid }: { userid: number }): ReactElement {
  const list = usePagedList(
    (page) =>
      getMyBiddersPage(userid, page).catch((error: unknown) => {
        // The spec only logged this failure; we log it and also say so on the page (or, for a following page, in a toast).
        console.error('Could not load the bidders on your items', error);
        throw error;
      }),
    [userid],
    {
      keyOf: bidderKey,
      maxPageSize: BIDDERS_MAX_PAGE,
      onMoreFailed: () => notify({ text: LOAD_FAILED_TEXT, kind: 'error' }),
    },
  );
  const { items: rows, reload } = list;
  const refreshing = list.refreshing === true;
  const [busy, setBusy] = useState(false);

  async function approve(row: BidderRow): Promise<void> {
    const name = `${row.firstname} ${row.lastname}`.trim();
    const sure = window.confirm(
      `Approve ${name} as the winner of "${row.productname}" with a BID of ${formatPrice(row.cartdata)}? This closes the auction.`,
    );
    if (!sure) return;
    setBusy(true);
    try {
      await approveBidder(row.auctionid, row.userid);
      notify(APPROVED_TOAST);
      reload();
    } catch (error) {
      notify({ text: messageOf(error), kind: 'error' });
    } finally {
      setBusy(false);
    }
  }

  if (list.failed) {
    const forbidden = list.error instanceof ApiError && list.error.status === 403;
    return forbidden ? (
      <p className={styles.message} role="alert">
        {list.error instanceof Error ? list.error.message : NOT_YOURS_TEXT}
      </p>
    ) : (
      <LoadFailed onRetry={reload} what="Could not load the bidders on your items." buttonClassName={ui.btnOutline} />
    );
  }
  if (rows === null) return <Loading label="Loading your bidders" minHeight={360} />;
  if (rows.length === 0) {
    return (
      <div className={styles.empty}>
        <p>Nobody has bid on your items yet. Bids appear here as soon as they are placed.</p>
        <Link className={ui.btn} to={linkTo('addAuction')}>
          Add To Auction Product
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className={styles.groups} aria-busy={refreshing || busy}>
        {byItem(rows).map((group) => (
          <ItemBidders
            key={group.auctionid}
            group={group}
            onApprove={(row) => void approve(row)}
            busy={busy || refreshing}
            rowRef={(row) => list.itemRef(bidderKey(row))}
          />
        ))}
      </div>
      <LoadMore list={list} label="Load more bidders" buttonClassName={ui.btnOutline} />
    </>
  );
}

/** `/auctionusers/{userid}`: the bidders on the signed-in owner's items, with Approve. */
export function AuctionUsersPage(): ReactElement {
  usePageMeta({ title: 'My Product BID Users' });
  const signedIn = useIsSignedIn();
  const { id: rawId } = useParams();
  const { pathname } = useLocation();
  const id = parseId(rawId);
  const me = useMyUserId();

  if (!signedIn) return <Navigate to={linkTo('login', { next: safeReturnPath(pathname) })} replace />;

  let body: ReactElement;
  if (me.status === 'loading' || me.status === 'signedOut')
    body = <Loading label="Loading your bidders" minHeight={360} />;
  else if (me.status === 'failed') body = <LoadFailed what="Could not load your account." />;
  else if (id !== me.data)
    body = (
      <div className={styles.empty}>
        <p className={styles.message} role="alert">
          {NOT_YOURS_TEXT}
        </p>
        <Link className={ui.btnOutline} to={linkTo('auctionUsers', { id: me.data })}>
          See the bidders on my items
        </Link>
      </div>
    );
  else body = <BidderList userid={me.data} />;

  return (
    <div className={ui.page}>
      <Breadcrumb page="My Product BID Users" />
      <div className={styles.header}>
        <h1 className={styles.title}>My Product BID Users</h1>
        <p className={ui.muted}>
          Everyone who bid on your items, highest bid first. Approve one bidder per item to close its auction.
        </p>
      </div>
      {body}
    </div>
  );
}
