import { useRef, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  Breadcrumb,
  getAuctionsPage,
  LOAD_FAILED_TEXT,
  LoadFailed,
  Loading,
  LoadMore,
  notify,
  useIsSignedIn,
  usePageMeta,
  usePagedList,
  useStartCursor,
  type AuctionItem,
  type PageMeta,
  linkTo,
} from '@marketplace/shared';
import { AuctionCard } from '../../components/AuctionCard';
import { CardRail } from '../../components/CardRail';
import { useMyUserId, type MyUserId } from '../../lib/useMyUserId';
import { useWatchedSync } from '../../lib/watching';
import ui from '../../styles/ui.module.css';
import { AuctionBanner } from './AuctionBanner';
import { LatestNews } from './LatestNews';
import styles from './AuctionHomePage.module.css';

/**
 * 'Add To Auction Product' and 'Show My Auction Product': only with a login token (spec section 2);
 * then the shopper's own lists: Watching, My bids, Selling.
 */
function OwnerActions({ me }: { me: MyUserId }): ReactElement {
  return (
    <div className={styles.actions}>
      <Link className={ui.btn} to={linkTo('addAuction')}>
        Add To Auction Product
      </Link>
      {me.status === 'ready' ? (
        <Link className={ui.btnOutline} to={linkTo('auctionUsers', { id: me.data })}>
          Show My Auction Product
        </Link>
      ) : me.status === 'loading' ? (
        // Same size while the user id loads, so the row does not move.
        <button type="button" className={ui.btnOutline} disabled>
          Show My Auction Product
        </button>
      ) : null}
      <nav aria-label="Your auctions" className={styles.myLists}>
        <Link to={linkTo('auctionWatching')}>Watching</Link>
        <Link to={linkTo('myBids')}>My bids</Link>
        <Link to={linkTo('selling')}>Selling</Link>
      </nav>
    </div>
  );
}

/**
 * The auction house's title and description, naming the newest items once they are loaded
 * (`/auction` is the same page: one canonical path).
 */
export function auctionHomeMeta(items: readonly AuctionItem[] | null): PageMeta {
  const names = (items ?? []).slice(0, 3).map((item) => item.productname);
  return {
    title: 'Auction House: paintings, coins and sports items',
    description: `Bid live on paintings, coins and currency notes, and sports items; the owner approves the winner.${names.length > 0 ? ` Latest: ${names.join(', ')}.` : ''}`,
    path: linkTo('auctionHome'),
  };
}

/**
 * `/auction` and `/auctionhome`: the lots a page at a time (running ones first, then ended ones,
 * newest first), more with 'Load more items'. An item that ends between two pages comes again
 * among the ended ones: it is shown once, as it stands.
 */
export function AuctionHomePage(): ReactElement {
  const signedIn = useIsSignedIn();
  const start = useStartCursor();
  const list = usePagedList(getAuctionsPage, [], {
    keyOf: (item) => item.auctionid,
    key: `auctions:${start ?? ''}`,
    start,
    onMoreFailed: () => notify({ text: LOAD_FAILED_TEXT, kind: 'error' }),
  });
  const items = list.items;
  const me = useMyUserId();
  const myId = me.status === 'ready' ? me.data : null;
  // Once the shopper is known: their own items have no heart, so they are not asked about.
  useWatchedSync(
    items && me.status !== 'loading' ? items.filter((item) => item.ownerid !== myId).map((item) => item.auctionid) : [],
  );
  const lots = useRef<HTMLElement>(null);
  usePageMeta(auctionHomeMeta(items));

  const browse = (): void => {
    lots.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    lots.current?.focus({ preventScroll: true });
  };

  const open = items ? items.filter((a) => a.status !== 'closed').length : 0;

  return (
    <div className={ui.page}>
      <Breadcrumb page="Auction" />
      <div className={styles.intro}>
        <div>
          <h1 className={styles.heading}>Auction House</h1>
          <p className={ui.muted}>
            Paintings, coins and currency notes, and sports items. Bid live; the owner approves the winner.
          </p>
        </div>
        {signedIn && <OwnerActions me={me} />}
      </div>

      <AuctionBanner onBrowse={browse} />

      <section
        ref={lots}
        tabIndex={-1}
        className={styles.lots}
        aria-labelledby="latest-paintings"
        aria-busy={list.loading}
      >
        <div className={ui.head}>
          <h2 id="latest-paintings" className={ui.title}>
            Latest Paintings
          </h2>
          {items && items.length > 0 && (
            <p className={ui.muted}>
              {items.length} {items.length === 1 ? 'lot' : 'lots'}, {open} open for bids
              {list.hasMore ? ', more to load' : ''}
            </p>
          )}
        </div>
        {list.status === 'loading' && <Loading label="Loading auction items" minHeight={420} />}
        {list.status === 'failed' && <LoadFailed onRetry={list.reload} buttonClassName={ui.btnOutline} />}
        {items &&
          (items.length === 0 ? (
            <p className={styles.empty}>
              No items are up for auction yet.{signedIn ? ' Be the first: add yours.' : ''}
            </p>
          ) : (
            <CardRail label="Auction items">
              {items.map((item, index) => (
                <AuctionCard
                  key={item.auctionid}
                  item={item}
                  ref={list.itemRef(item.auctionid)}
                  heart={item.ownerid !== myId}
                  priority={index === 0}
                />
              ))}
            </CardRail>
          ))}
        <LoadMore list={list} label="Load more items" buttonClassName={ui.btnOutline} />
      </section>

      <LatestNews />
    </div>
  );
}
