import { type ReactElement, type Ref } from 'react';
import { Link } from '@marketplace/shared/router';
import { formatPrice, type AuctionItem, linkTo } from '@marketplace/shared';
import ui from '../styles/ui.module.css';
import { AuctionPhoto } from './AuctionPhoto';
import { WatchHeart } from './WatchHeart';
import styles from './AuctionCard.module.css';

/** What a card shows (the add form's preview passes a draft, whose category may still be empty). */
export type AuctionSummary = Pick<
  AuctionItem,
  'auctionid' | 'productname' | 'photo' | 'photoSources' | 'bid' | 'rangelowbid' | 'rangehighbid' | 'status'
> & { category: string };

/**
 * One lot: photo, category, name, 'Current BID: Rs. {bid}', the estimate range and the view link;
 * with `heart`, the heart that watches it (not on the shopper's own items, nor on the add form's preview);
 * with `priority`, its photo is the page's largest paint: loaded at once, before the others.
 */
export function AuctionCard({
  item,
  ref,
  heart = false,
  priority = false,
}: {
  item: AuctionSummary;
  ref?: Ref<HTMLElement>;
  heart?: boolean;
  priority?: boolean;
}): ReactElement {
  const closed = item.status === 'closed';
  return (
    <article ref={ref} className={styles.card}>
      <div className={styles.media}>
        <AuctionPhoto
          photo={item.photo}
          sources={item.photoSources}
          alt={item.productname}
          width={400}
          height={300}
          lazy={!priority}
          priority={priority}
        />
        <span className={styles.category}>{item.category}</span>
        {closed && <span className={`${ui.badge} ${ui.badgeClosed} ${styles.closed}`}>Closed</span>}
        {heart && <WatchHeart auctionid={item.auctionid} productname={item.productname} />}
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>{item.productname}</h3>
        <p className={styles.current}>{`Current BID: ${formatPrice(item.bid)}`}</p>
        <p className={styles.range}>
          <span className={styles.rangeLabel}>Estimate</span>
          <span>{`${formatPrice(item.rangelowbid)} to ${formatPrice(item.rangehighbid)}`}</span>
        </p>
        <Link className={styles.view} to={linkTo('auctionProduct', { id: item.auctionid })}>
          Click here to view
          <span className={ui.visuallyHidden}>: {item.productname}</span>
        </Link>
      </div>
    </article>
  );
}
