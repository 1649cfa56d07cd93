import { type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  ADD_AUCTION_PATH,
  auctionProductPath,
  formatPrice,
  getSellingPage,
  LoadFailed,
  Loading,
  LoadMore,
  SELLING_PATH,
  type SellingRow,
} from '@marketplace/shared';
import { AuctionPhoto } from '../../components/AuctionPhoto';
import { countdownText, formatDateTime, useNow } from '../../lib/countdown';
import ui from '../../styles/ui.module.css';
import { MyListsPage, useMyList } from './MyLists';
import styles from './MyLists.module.css';

export const SELLING_EMPTY_TEXT = 'You have not put any items up for auction yet.';

const STATE_WORDS = { open: 'Open', sold: 'Sold', unsold: 'Unsold' } as const;

function Selling({
  row,
  now,
  rowRef,
}: {
  row: SellingRow;
  now: number;
  rowRef: (el: HTMLElement | null) => void;
}): ReactElement {
  const headingId = `selling-${row.auctionid}`;
  const open = row.state === 'open';
  const ended = !open || Date.parse(row.endsat) <= now;
  return (
    <li>
      <article ref={rowRef} tabIndex={-1} className={`${ui.panel} ${styles.row}`} aria-labelledby={headingId}>
        <AuctionPhoto photo={row.photo} alt="" width={88} height={88} className={styles.thumb} />
        <div className={styles.rowBody}>
          <div className={styles.rowHead}>
            <h2 id={headingId} className={styles.name}>
              <Link to={auctionProductPath(row.auctionid)}>{row.productname}</Link>
            </h2>
            <span className={`${ui.badge} ${open ? ui.badgeOpen : ui.badgeClosed}`}>{STATE_WORDS[row.state]}</span>
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>Bids</dt>
              <dd>{row.bidcount}</dd>
            </div>
            <div>
              <dt>{row.state === 'sold' ? 'Sold for' : 'Current BID'}</dt>
              <dd>{formatPrice(row.price)}</dd>
            </div>
            <div>
              <dt>{row.state === 'sold' ? 'Buyer' : 'Leader'}</dt>
              <dd>{row.leader ?? (row.bidcount > 0 ? '—' : 'No bids yet')}</dd>
            </div>
            {row.reservemet !== null && (
              <div>
                <dt>Reserve</dt>
                <dd>{row.reservemet ? 'Reserve met' : 'Reserve not met'}</dd>
              </div>
            )}
            <div>
              <dt>{open ? (ended ? 'Ended' : 'Time') : 'Closed'}</dt>
              <dd>
                {ended ? (
                  formatDateTime(row.closedat ?? row.endsat)
                ) : (
                  <span suppressHydrationWarning>{countdownText(row.endsat, now)}</span>
                )}
              </dd>
            </div>
          </dl>
        </div>
      </article>
    </li>
  );
}

function SellingList(): ReactElement {
  const list = useMyList(getSellingPage, (row: SellingRow) => row.auctionid);
  const now = useNow(true, 1000);
  const rows = list.items;
  if (list.status === 'failed')
    return <LoadFailed onRetry={list.reload} what="Your items could not be loaded." buttonClassName={ui.btnOutline} />;
  if (rows === null) return <Loading label="Loading your items" minHeight={360} />;
  if (rows.length === 0)
    return (
      <div className={styles.empty}>
        <p>{SELLING_EMPTY_TEXT}</p>
        <Link className={ui.btn} to={ADD_AUCTION_PATH}>
          Add To Auction Product
        </Link>
      </div>
    );
  return (
    <>
      <ul className={styles.rows} aria-label="Items you sell">
        {rows.map((row) => (
          <Selling key={row.auctionid} row={row} now={now} rowRef={list.itemRef(row.auctionid)} />
        ))}
      </ul>
      <LoadMore list={list} label="Load more items" buttonClassName={ui.btnOutline} />
    </>
  );
}

/** `/auction/selling`: the shopper's own items, newest first, with their state, bids, price, leader, reserve and end. */
export function SellingPage(): ReactElement {
  return (
    <MyListsPage
      path={SELLING_PATH}
      title="Selling"
      intro="Your auction items, the newest first: bids, the price, who leads, the reserve and the end."
    >
      <SellingList />
    </MyListsPage>
  );
}
