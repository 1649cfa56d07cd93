import { useRef, useState, type ReactElement, type Ref } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  Breadcrumb,
  clearWishlist,
  errorMessage,
  getWishlistPage,
  hasStatus,
  LoadFailed,
  Loading,
  LoadMore,
  notify,
  Price,
  useIsSignedIn,
  usePagedList,
  usePageMeta,
  type Product,
  linkTo,
} from '@marketplace/shared';
import { CartIcon, CloseIcon, EyeIcon, HeartIcon } from '../../components/Icons';
import { ProductPhoto } from '../../components/ProductPhoto';
import { isOutOfStock, StockLabel } from '../../components/StockLabel';
import { endExpiredSession, SOMETHING_WRONG_TOAST } from '../../lib/failures';
import { markCleared, moveToCart, removeFromWishlistReported, WISHLIST_FIRST_READ } from '../../lib/wishlist';
import ui from '../../styles/ui.module.css';
import styles from './WishlistPage.module.css';

function reportLoadFailure(error: unknown): void {
  if (hasStatus(error, 401)) endExpiredSession(error);
}

function Heading({ count, headingRef }: { count: number | null; headingRef?: Ref<HTMLHeadingElement> }): ReactElement {
  return (
    <h1 className={styles.title} ref={headingRef} tabIndex={-1}>
      My Wishlist{count !== null && <span className={styles.count}> ({count})</span>}
    </h1>
  );
}

/** A visitor's /wishlist: the wishlist is kept with the account, so sign in (or up) and come back here. */
function VisitorWishlist(): ReactElement {
  return (
    <>
      <div className={styles.top}>
        <Heading count={null} />
      </div>
      <section className={styles.empty} aria-label="Sign in to see your wishlist">
        <span className={styles.emptyIcon} aria-hidden="true">
          <HeartIcon size={40} />
        </span>
        <p>Your wishlist is kept with your account. Sign in to see it, or sign up to start one.</p>
        <div className={styles.emptyActions}>
          <Link className={ui.button} to={linkTo('login', { next: linkTo('wishlist') })}>
            Signin
          </Link>
          <Link className={ui.buttonOutline} to={linkTo('signup', { next: linkTo('wishlist') })}>
            Signup
          </Link>
        </div>
      </section>
    </>
  );
}

type Busy = { productid: number; what: 'cart' | 'remove' } | 'clear' | null;

/** The signed-in shopper's wishlist from the server, a page at a time, newest first. */
function SignedInWishlist(): ReactElement {
  const [count, setCount] = useState<number | null>(null);
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<Busy>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const removeButtons = useRef(new Map<number, HTMLButtonElement>());

  const list = usePagedList(
    async (page) => {
      const found = await getWishlistPage(page);
      setCount(found.count);
      return found;
    },
    [],
    {
      keyOf: (p) => p.productid,
      maxPageSize: WISHLIST_FIRST_READ,
      onFailed: reportLoadFailure,
      onMoreFailed: (error) => (hasStatus(error, 401) ? endExpiredSession(error) : notify(SOMETHING_WRONG_TOAST)),
    },
  );
  const items = (list.items ?? []).filter((p) => !gone.has(p.productid));

  /** The product left the list: the focus goes on to the next one's REMOVE (or the heading when none is left). */
  function leave(product: Product, newCount: number | null): void {
    const at = items.findIndex((p) => p.productid === product.productid);
    const after = items[at + 1] ?? items[at - 1];
    setGone((g) => new Set(g).add(product.productid));
    setCount((c) => newCount ?? (c === null ? null : Math.max(0, c - 1)));
    requestAnimationFrame(() => (after ? removeButtons.current.get(after.productid) : heading.current)?.focus());
  }

  async function remove(product: Product): Promise<void> {
    setBusy({ productid: product.productid, what: 'remove' });
    const result = await removeFromWishlistReported(product.productid);
    setBusy(null);
    if (result) leave(product, result.count);
  }

  async function toCart(product: Product): Promise<void> {
    setBusy({ productid: product.productid, what: 'cart' });
    const result = await moveToCart(product);
    setBusy(null);
    if (result) leave(product, result.count);
  }

  async function clear(): Promise<void> {
    setBusy('clear');
    try {
      const { msg } = await clearWishlist();
      notify({ text: msg, kind: 'success' });
      markCleared();
      setGone(new Set((list.items ?? []).map((p) => p.productid)));
      setCount(0);
      // Nothing is left to load: a page after the ones shown would bring back what was cleared.
      list.reload();
    } catch (error) {
      if (hasStatus(error, 401)) endExpiredSession(error);
      else notify({ text: errorMessage(error), kind: 'error' });
    } finally {
      setBusy(null);
    }
  }

  const ready = list.items !== null;
  const empty = ready && items.length === 0 && !list.hasMore;
  const locked = busy !== null;

  return (
    <>
      <div className={styles.top}>
        <Heading count={ready ? (count ?? items.length) : null} headingRef={heading} />
        {ready && !empty && (
          <button type="button" className={ui.buttonOutline} onClick={() => void clear()} disabled={locked}>
            {busy === 'clear' ? 'Clearing…' : 'CLEAR WISHLIST'}
          </button>
        )}
      </div>
      {ready && !empty && (
        <p className={styles.note}>ADD TO CART moves a product to your cart and takes it off your wishlist.</p>
      )}
      {list.status === 'loading' && <Loading label="Loading your wishlist" minHeight="70vh" />}
      {list.status === 'failed' && <LoadFailed onRetry={list.reload} buttonClassName={ui.buttonOutline} />}
      {empty && (
        <section className={styles.empty}>
          <span className={styles.emptyIcon} aria-hidden="true">
            <HeartIcon size={40} />
          </span>
          <p>Your wishlist is empty.</p>
          <p className={styles.hint}>Press the heart on a product to keep it here.</p>
          <Link className={ui.button} to={linkTo('newArrivals')}>
            Browse new arrivals
          </Link>
        </section>
      )}
      {ready && !empty && (
        <ul className={styles.list} aria-label="Wishlist items" aria-busy={list.loading || undefined}>
          {items.map((product) => {
            const { productid, productname, title, price, photo, photoSources } = product;
            const mine = busy !== null && busy !== 'clear' && busy.productid === productid ? busy.what : null;
            return (
              <li key={productid} className={styles.item} ref={list.itemRef(productid)}>
                <div className={styles.art}>
                  <ProductPhoto photo={photo} sources={photoSources} sizes="120px" alt="" size={120} />
                </div>
                <div className={styles.info}>
                  <p className={styles.category}>{title}</p>
                  <h2 className={styles.name}>
                    <Link className={styles.nameLink} to={linkTo('productDetails', { id: productid })}>
                      {productname}
                    </Link>
                  </h2>
                  <Price value={price} className={styles.price} />
                  <StockLabel left={product.left} />
                </div>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={ui.button}
                    onClick={() => void toCart(product)}
                    // Out of stock: nothing to move (the server would refuse it, 409).
                    disabled={locked || isOutOfStock(product)}
                    aria-label={`ADD TO CART: ${productname}`}
                  >
                    <CartIcon size={18} />
                    {mine === 'cart' ? 'Moving…' : 'ADD TO CART'}
                  </button>
                  <Link
                    className={ui.buttonOutline}
                    to={linkTo('productDetails', { id: productid })}
                    aria-label={`VIEW: ${productname}`}
                  >
                    <EyeIcon size={18} />
                    VIEW
                  </Link>
                  <button
                    type="button"
                    className={styles.remove}
                    onClick={() => void remove(product)}
                    disabled={locked}
                    aria-label={`REMOVE: ${productname}`}
                    ref={(el) => {
                      if (el) removeButtons.current.set(productid, el);
                      else removeButtons.current.delete(productid);
                    }}
                  >
                    <CloseIcon size={16} />
                    {mine === 'remove' ? 'Removing…' : 'REMOVE'}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {ready && <LoadMore list={list} label="Load more" buttonClassName={ui.buttonOutline} />}
    </>
  );
}

/**
 * `/wishlist`: the signed-in shopper's wishlist, stored on the server (issue 18, item 2): ADD TO
 * CART (moves it to the cart), VIEW, REMOVE, CLEAR WISHLIST. A visitor is offered Signin and Signup.
 */
export function WishlistPage(): ReactElement {
  usePageMeta({ title: 'Wishlist' });
  const signedIn = useIsSignedIn();
  return (
    <div className={ui.page}>
      <Breadcrumb page="Wishlist" />
      {signedIn ? <SignedInWishlist /> : <VisitorWishlist />}
    </div>
  );
}
