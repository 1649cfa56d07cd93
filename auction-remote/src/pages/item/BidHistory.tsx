import { type ReactElement } from 'react';
import { formatPrice, type Bid } from '@marketplace/shared';
import { formatDateTime } from '../../lib/countdown';
import ui from '../../styles/ui.module.css';
import styles from './AuctionProductPage.module.css';

/** Every accepted bid, newest first (bidders by first name only). */
export function BidHistory({ bids }: { bids: readonly Bid[] }): ReactElement {
  return (
    <section aria-labelledby="bid-history">
      <div className={ui.head}>
        <h2 id="bid-history" className={ui.title}>
          Bid History
        </h2>
        {bids.length > 0 && (
          <p className={ui.muted}>
            {bids.length} {bids.length === 1 ? 'bid' : 'bids'}, newest first
          </p>
        )}
      </div>
      {bids.length === 0 ? (
        <p className={styles.noBids}>No bids yet. Be the first to bid.</p>
      ) : (
        <div className={styles.historyBox}>
          <table className={styles.history}>
            <caption className={ui.visuallyHidden}>Bid history, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Bidder</th>
                <th scope="col">BID</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {bids.map((b, i) => (
                <tr key={`${b.at}|${b.bid}|${b.nickname}`} className={i === 0 ? styles.leading : undefined}>
                  <td>{b.nickname}</td>
                  <td>
                    {formatPrice(b.bid)}
                    {b.auto && <span className={ui.muted}> (auto)</span>}
                  </td>
                  <td>
                    <time dateTime={b.at}>{formatDateTime(b.at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
