import { type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { formatPrice, getMyBidsPage, type MyBidRow, linkTo } from '@marketplace/shared';
import ui from '../../styles/ui.module.css';
import { EndFact, ItemRow, MyListBody, MyListsPage, ReserveFact } from './MyLists';
import styles from './MyLists.module.css';

export const MY_BIDS_EMPTY_TEXT = 'You have not bid on any items yet.';

/** Where the shopper stands, in words: Leading, Outbid — next bid Rs. X, Won, Lost (an open item past its end is closing). */
export function myBidStateText(row: MyBidRow, now: number): string {
  const ended = Date.parse(row.endsat) <= now;
  switch (row.state) {
    case 'leading':
      return ended ? 'Leading — bidding has ended' : 'Leading';
    case 'outbid':
      return ended || row.nextbid === null ? 'Outbid' : `Outbid — next bid ${formatPrice(row.nextbid)}`;
    case 'won':
      return 'Won';
    default:
      return 'Lost';
  }
}

function MyBid({
  row,
  now,
  rowRef,
}: {
  row: MyBidRow;
  now: number;
  rowRef: (el: HTMLElement | null) => void;
}): ReactElement {
  const ended = row.closedat !== null || Date.parse(row.endsat) <= now;
  return (
    <ItemRow item={row} idPrefix="mybid" rowRef={rowRef}>
      <p className={`${styles.state} ${styles[row.state]}`}>{myBidStateText(row, now)}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{row.state === 'won' ? 'Winning BID' : 'Current BID'}</dt>
          <dd>{formatPrice(row.price)}</dd>
        </div>
        <div>
          <dt>Your BID</dt>
          <dd>{formatPrice(row.yourbid)}</dd>
        </div>
        {row.yourmax !== null && (
          <div>
            <dt>Your maximum</dt>
            <dd>{formatPrice(row.yourmax)}</dd>
          </div>
        )}
        {row.state !== 'won' && <ReserveFact reservemet={row.reservemet} />}
        <EndFact endsat={row.endsat} closedat={row.closedat} now={now} />
      </dl>
      <div className={styles.actions}>
        {row.state === 'outbid' && !ended && row.nextbid !== null && (
          <Link className={`${ui.btn} ${ui.small}`} to={linkTo('auctionProduct', { id: row.auctionid })}>
            Bid {formatPrice(row.nextbid)} or more
            <span className={ui.visuallyHidden}> on {row.productname}</span>
          </Link>
        )}
        {row.state === 'won' && (
          <Link className={`${ui.btn} ${ui.small}`} to={linkTo('myOrders')}>
            Go to My Orders
          </Link>
        )}
      </div>
    </ItemRow>
  );
}

const keyOf = (row: MyBidRow): number => row.auctionid;

function MyBidsList(): ReactElement {
  return (
    <MyListBody
      read={getMyBidsPage}
      keyOf={keyOf}
      ticking
      what="your bids"
      empty={{ text: MY_BIDS_EMPTY_TEXT, link: { to: linkTo('auctionHome'), label: 'Find something to bid on' } }}
      label="Items you bid on"
      className={styles.rows}
      more="Load more bids"
      row={(row, ref, now) => <MyBid row={row} now={now} rowRef={ref} />}
    />
  );
}

/** `/auction/mybids`: every item the shopper bid on, with where they stand, their latest bid first. */
export function MyBidsPage(): ReactElement {
  return (
    <MyListsPage
      path={linkTo('myBids')}
      title="My bids"
      intro="Every item you bid on, the latest first: whether you lead, were outbid, won or lost. Only you see your maximum."
    >
      <MyBidsList />
    </MyListsPage>
  );
}
