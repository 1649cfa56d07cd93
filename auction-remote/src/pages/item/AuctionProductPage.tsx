import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Link, useParams } from '@marketplace/shared/router';
import {
  ApiError,
  auctionItemJsonLd,
  Breadcrumb,
  breadcrumbJsonLd,
  formatPrice,
  getAuction,
  LoadFailed,
  Loading,
  parseId,
  subscribeToAuction,
  usePageMeta,
  useResource,
  useSiteOrigin,
  type AuctionItem,
  type PageMeta,
  linkTo,
} from '@marketplace/shared';
import { AuctionPhoto } from '../../components/AuctionPhoto';
import { WatchHeart } from '../../components/WatchHeart';
import { countdownText, formatDateTime, useHasEnded, useNow } from '../../lib/countdown';
import { applyEvent, closedAnnouncement, endOf, refreshItem, winnerName } from '../../lib/live';
import { useMyUserId, type MyUserId } from '../../lib/useMyUserId';
import { useWatchedSync } from '../../lib/watching';
import ui from '../../styles/ui.module.css';
import { BidForm } from './BidForm';
import { BuyItNow } from './BuyItNow';
import { BidHistory } from './BidHistory';
import { ContactAgent } from './ContactAgent';
import styles from './AuctionProductPage.module.css';

function Gallery({ item }: { item: AuctionItem }): ReactElement {
  const photos = item.photos.length > 0 ? item.photos : [item.photo];
  const [shown, setShown] = useState(0);
  const current = photos[Math.min(shown, photos.length - 1)];
  return (
    <div className={styles.gallery}>
      <AuctionPhoto
        photo={current}
        // The copies are of the first photo.
        sources={current === item.photo ? item.photoSources : undefined}
        sizes="(min-width: 1240px) 580px, (min-width: 880px) 48vw, 100vw"
        alt={photos.length > 1 ? `${item.productname} (photo ${shown + 1} of ${photos.length})` : item.productname}
        width={600}
        height={600}
        lazy={false}
        priority
        className={styles.mainPhoto}
      />
      {photos.length > 1 && (
        <ul className={styles.thumbs} aria-label="Photos">
          {photos.map((photo, i) => (
            <li key={photo}>
              <button
                type="button"
                className={[styles.thumb, i === shown ? styles.thumbActive : ''].filter(Boolean).join(' ')}
                onClick={() => setShown(i)}
                aria-label={`Show photo ${i + 1} of ${photos.length}`}
                aria-pressed={i === shown}
              >
                <img src={photo} alt="" width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What replaces the bid form once the auction is over: sold (the winner told so, with their order) or unsold. */
function ClosedNotice({ item, me }: { item: AuctionItem; me: MyUserId }): ReactElement {
  const name = winnerName(item);
  const mine = item.winner !== null && me.status === 'ready' && me.data === item.winner;
  let title = 'This auction is closed';
  let text: string;
  if (item.outcome === 'unsold') {
    title = 'Ended unsold';
    text = item.reservemet === false ? 'No BID met the reserve price.' : 'Nobody bid on this item.';
  } else if (item.winner === null) text = 'Bidding has ended. The result is on its way.';
  else if (mine) {
    title = 'You won';
    text = `Congratulations, you won this item with your BID of ${formatPrice(item.highbid)}.`;
  } else {
    title = `Sold for ${formatPrice(item.highbid)}`;
    text = name ? `Won by ${name} with a BID of ${formatPrice(item.highbid)}.` : 'This auction is closed.';
  }
  return (
    <div className={styles.closedNotice}>
      <p className={styles.closedTitle}>{title}</p>
      <p className={styles.closedText}>{text}</p>
      {mine && (
        <Link className={ui.btn} to={linkTo('myOrders')}>
          Pay for your order in My Orders
        </Link>
      )}
    </div>
  );
}

/** 'Ends in 2d 03:04:05', ticking every second, or 'Auction closed'. */
function Countdown({ time, closed }: { time: string; closed: boolean }): ReactElement {
  const now = useNow(!closed);
  return (
    // The server's HTML counts from when it was rendered; the browser's clock takes over once hydrated.
    <span role="timer" aria-label="Time left" className={styles.countdown} suppressHydrationWarning>
      {countdownText(time, now, closed)}
    </span>
  );
}

function Details({
  item,
  me,
  onBid,
}: {
  item: AuctionItem;
  me: MyUserId;
  onBid: (item: AuctionItem) => void;
}): ReactElement {
  const ended = useHasEnded(endOf(item));
  const closed = item.status === 'closed' || ended;
  // A new current bid flashes briefly; the one the page opened with does not.
  const openingBid = useRef(item.bid);
  const isOwner = me.status === 'ready' && me.data === item.ownerid;
  // Asked once the shopper is known: their own item has no heart.
  useWatchedSync(isOwner || me.status === 'loading' ? [] : [item.auctionid]);

  return (
    <>
      <article className={styles.item} aria-labelledby="auction-product-name">
        <Gallery item={item} />
        <div className={styles.info}>
          <div className={styles.badges}>
            <span className={styles.category}>{item.category}</span>
            <span className={`${ui.badge} ${closed ? ui.badgeClosed : ui.badgeOpen}`}>
              {closed ? 'Closed' : 'Open for bids'}
            </span>
            {item.reservemet !== undefined && item.reservemet !== null && (
              <span className={`${ui.badge} ${item.reservemet ? ui.badgeOpen : ui.badgeClosed}`}>
                {item.reservemet ? 'Reserve met' : 'Reserve not met'}
              </span>
            )}
          </div>
          <div className={styles.titleRow}>
            <h1 id="auction-product-name" className={styles.name}>
              {item.productname}
            </h1>
            {!isOwner && me.status !== 'loading' && (
              <WatchHeart auctionid={item.auctionid} productname={item.productname} variant="page" />
            )}
          </div>
          <p className={ui.muted}>
            Listed by <strong>{item.username}</strong>
          </p>

          <div className={styles.clock}>
            <Countdown time={endOf(item)} closed={closed} />
            <span className={styles.endsOn}>
              Time: <time dateTime={endOf(item)}>{formatDateTime(endOf(item))}</time>
            </span>
          </div>

          <dl className={styles.facts}>
            <div className={styles.factMain}>
              <dt>Current BID</dt>
              <dd key={item.bid} className={item.bid !== openingBid.current ? styles.flash : undefined}>
                {formatPrice(item.bid)}
              </dd>
            </div>
            <div>
              <dt>Highest BID</dt>
              <dd>{item.highbid > 0 ? formatPrice(item.highbid) : 'No bids yet'}</dd>
            </div>
            <div>
              <dt>Range Lowest BID</dt>
              <dd>{formatPrice(item.rangelowbid)}</dd>
            </div>
            <div>
              <dt>Range Highest BID</dt>
              <dd>{formatPrice(item.rangehighbid)}</dd>
            </div>
            <div>
              <dt>Age of Product</dt>
              <dd>{item.ageproduct}</dd>
            </div>
            <div>
              <dt>Bids</dt>
              <dd>{item.bidcount}</dd>
            </div>
          </dl>

          <section className={`${ui.panel} ${styles.bidPanel}`} aria-labelledby="add-bid">
            <h2 id="add-bid" className={styles.panelTitle}>
              {isOwner ? 'Your item' : closed ? 'Result' : 'Add BID'}
            </h2>
            {closed && <ClosedNotice item={item} me={me} />}
            {!closed && !isOwner && <BidForm item={item} onPlaced={onBid} />}
            {!closed && !isOwner && typeof item.buynow === 'number' && (
              <BuyItNow item={{ ...item, buynow: item.buynow }} onBought={onBid} />
            )}
            {isOwner && (
              <div className={styles.ownerNote}>
                <p>
                  {closed
                    ? 'This is your item. Your bidders and the winner are on your bidders page.'
                    : 'This is your item, so you cannot bid on it. New bids appear here as they arrive.'}
                </p>
                <Link className={ui.btnOutline} to={linkTo('auctionUsers', { id: me.data })}>
                  See the bidders on your items
                </Link>
              </div>
            )}
          </section>
        </div>
      </article>

      <div className={styles.lower}>
        <div className={styles.lowerMain}>
          <section aria-labelledby="auction-description">
            <div className={ui.head}>
              <h2 id="auction-description" className={ui.title}>
                Description
              </h2>
            </div>
            <p className={styles.description}>{item.description}</p>
          </section>
          <BidHistory bids={item.bids} />
        </div>
        <ContactAgent />
      </div>
    </>
  );
}

function ItemNotFound(): ReactElement {
  return (
    <section className={ui.notice} aria-labelledby="auction-not-found">
      <h1 id="auction-not-found">Auction item not found</h1>
      <p>We could not find this auction item. It may have been removed, or the link may be wrong.</p>
      <Link className={ui.btn} to={linkTo('auctionHome')}>
        Back to the auctions
      </Link>
    </section>
  );
}

const END_TIME = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** The end of an auction for the page's description: the same on the server and in every browser (IST). */
export function endTimeText(time: string): string {
  const end = Date.parse(time);
  return Number.isNaN(end) ? time : `${END_TIME.format(end)} IST`;
}

/**
 * The item page's title, share preview and structured data: its name, the current bid and the
 * end time, its first photo, the item as a Product offered at the current bid until the end, and
 * the trail Home › Auction House › item.
 */
export function auctionItemMeta(item: AuctionItem, origin: string, now: number = Date.now()): PageMeta {
  const path = linkTo('auctionProduct', { id: item.auctionid });
  const end = endOf(item);
  const ended = item.status === 'closed' || Date.parse(end) <= now;
  const when = ended ? `Bidding closed ${endTimeText(end)}` : `Bidding ends ${endTimeText(end)}`;
  return {
    title: item.productname,
    description: `Current BID: ${formatPrice(item.bid)}. ${when}. ${item.description}`,
    path,
    image: item.photo,
    type: 'product',
    properties: { 'product:price:amount': String(item.bid), 'product:price:currency': 'INR' },
    // An open item's page changes at its end, which no event announces.
    ...(ended ? {} : { expires: end }),
    jsonLd: [
      auctionItemJsonLd(item, { origin, now }),
      breadcrumbJsonLd(
        [
          { name: 'Home', path: linkTo('home') },
          { name: 'Auction House', path: linkTo('auctionHome') },
          { name: item.productname, path },
        ],
        { origin },
      ),
    ],
  };
}

const ITEM_NOT_FOUND_META: PageMeta = { title: 'Auction item not found', noindex: true, status: 404 };

/** `/auctionproduct/{id}`: the item, its live bids and the Add BID form. */
export function AuctionProductPage(): ReactElement {
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  const item = useResource(
    () => (id === null ? Promise.reject(new ApiError(404, 'Auction item not found')) : getAuction(id)),
    [id],
    { key: `auction:${id}` },
  );
  const me = useMyUserId();
  const [announcement, setAnnouncement] = useState('');
  const loaded = item.status === 'ready';
  const { update } = item;

  // Live: once the item is known, follow its event stream; after a reconnection, catch up.
  const connected = useRef(false);
  useEffect(() => {
    if (id === null || !loaded) return undefined;
    connected.current = false;
    const unsubscribe = subscribeToAuction(
      id,
      (event) => {
        update((shown) => applyEvent(shown, event));
        if (event.type === 'bid') setAnnouncement(`New BID: ${formatPrice(event.bid)} by ${event.nickname}`);
        else
          setAnnouncement(closedAnnouncement({ outcome: event.outcome, highbid: event.highbid, winner: event.winner }));
      },
      () => {
        if (connected.current) {
          getAuction(id).then(
            (fresh) => update((shown) => refreshItem(shown, fresh)),
            () => undefined,
          );
        }
        connected.current = true;
      },
    );
    return unsubscribe;
  }, [id, loaded, update]);

  const notFound =
    item.status === 'failed' &&
    item.error instanceof ApiError &&
    (item.error.status === 404 || item.error.status === 400);
  const origin = useSiteOrigin();
  usePageMeta(item.status === 'ready' ? auctionItemMeta(item.data, origin) : notFound ? ITEM_NOT_FOUND_META : null);

  return (
    <div className={ui.page}>
      <Breadcrumb page="Auction Product" />
      <p className={ui.visuallyHidden} aria-live="polite">
        {announcement}
      </p>
      {item.status === 'loading' && <Loading label="Loading auction item" minHeight={720} />}
      {notFound && <ItemNotFound />}
      {item.status === 'failed' && !notFound && <LoadFailed onRetry={item.retry} buttonClassName={ui.btnOutline} />}
      {item.status === 'ready' && (
        <Details item={item.data} me={me} onBid={(fresh) => update((shown) => refreshItem(shown, fresh))} />
      )}
    </div>
  );
}
