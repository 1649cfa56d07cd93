import { type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  ADD_AUCTION_PATH,
  auctionProductPath,
  formatPrice,
  getSellingPage,
  SELLING_PATH,
  type SellingRow,
} from '@marketplace/shared';
import { AuctionPhoto } from '../../components/AuctionPhoto';
import ui from '../../styles/ui.module.css';
import { EndFact, MyListBody, MyListsPage } from './MyLists';
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
  return (
    <article ref={rowRef} tabIndex={-1} className={`${ui.panel} ${styles.row}`} aria-labelledby={headingId}>
      <AuctionPhoto
        photo={row.photo}
        sources={row.photoSources}
        sizes="88px"
        alt=""
        width={88}
        height={88}
        className={styles.thumb}
      />
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
          <EndFact endsat={row.endsat} closedat={row.closedat} now={now} />
        </dl>
      </div>
    </article>
  );
}

const keyOf = (row: SellingRow): number => row.auctionid;

function SellingList(): ReactElement {
  return (
    <MyListBody
      read={getSellingPage}
      keyOf={keyOf}
      ticking
      what="your items"
      empty={{ text: SELLING_EMPTY_TEXT, link: { to: ADD_AUCTION_PATH, label: 'Add To Auction Product' } }}
      label="Items you sell"
      className={styles.rows}
      more="Load more items"
      row={(row, ref, now) => <Selling row={row} now={now} rowRef={ref} />}
    />
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
