import { type ReactElement } from 'react';
import { formatPrice, getSellingPage, type SellingRow, linkTo } from '@marketplace/shared';
import ui from '../../styles/ui.module.css';
import { EndFact, ItemRow, MyListBody, MyListsPage, ReserveFact } from './MyLists';
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
  const open = row.state === 'open';
  const badge = <span className={`${ui.badge} ${open ? ui.badgeOpen : ui.badgeClosed}`}>{STATE_WORDS[row.state]}</span>;
  return (
    <ItemRow item={row} idPrefix="selling" rowRef={rowRef} badge={badge}>
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
        <ReserveFact reservemet={row.reservemet} />
        <EndFact endsat={row.endsat} closedat={row.closedat} now={now} />
      </dl>
    </ItemRow>
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
      empty={{ text: SELLING_EMPTY_TEXT, link: { to: linkTo('addAuction'), label: 'Add To Auction Product' } }}
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
      path={linkTo('selling')}
      title="Selling"
      intro="Your auction items, the newest first: bids, the price, who leads, the reserve and the end."
    >
      <SellingList />
    </MyListsPage>
  );
}
