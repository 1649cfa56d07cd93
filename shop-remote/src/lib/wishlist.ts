import { useEffect } from 'react';
import { create } from 'zustand';
import {
  addToCart,
  addToWishlist,
  errorMessage,
  getWishlistPage,
  hasStatus,
  notify,
  refreshCartCount,
  removeFromWishlist,
  useSession,
  type Product,
} from '@marketplace/shared';
import { endExpiredSession } from './failures';

/**
 * What the shop knows of the signed-in shopper's wishlist, for the hearts (aria-pressed) of the
 * cards and the product page: the products of its first page (read once per page view, at most
 * WISHLIST_FIRST_READ, newest first) and every change made here since. A product added long ago
 * beyond that page shows as not pressed; pressing it then answers 'This product is already in
 * your wishlist' and presses it. The server's wishlist is the truth; /wishlist reads it page by page.
 */
interface WishlistState {
  /** The login token these ids belong to (a sign-out or another sign-in starts afresh). */
  token: string | null;
  ids: ReadonlySet<number>;
  /** How many products the wishlist holds (the server's count); null until read. */
  count: number | null;
  /** Products whose heart is being answered. */
  busy: ReadonlySet<number>;
}

/** GET /wishlist's largest page: one read covers the hearts of most shoppers' wishlists. */
export const WISHLIST_FIRST_READ = 100;

const EMPTY: WishlistState = { token: null, ids: new Set(), count: null, busy: new Set() };

export const useWishlistStore = create<WishlistState>(() => EMPTY);

const tokenNow = (): string | null => useSession.getState().session?.authtoken ?? null;

/** The store for the current session (emptied when the session changed). */
function current(): WishlistState {
  const token = tokenNow();
  const state = useWishlistStore.getState();
  if (state.token === token) return state;
  const fresh = { ...EMPTY, token };
  useWishlistStore.setState(fresh, true);
  return fresh;
}

function markIn(productid: number, inWishlist: boolean, count?: number): void {
  const state = current();
  const ids = new Set(state.ids);
  if (inWishlist) ids.add(productid);
  else ids.delete(productid);
  useWishlistStore.setState({ ids, count: count ?? state.count });
}

function setBusy(productid: number, busy: boolean): void {
  const next = new Set(current().busy);
  if (busy) next.add(productid);
  else next.delete(productid);
  useWishlistStore.setState({ busy: next });
}

/** Reads the wishlist's first page for the hearts; a dead session signs out (with the server's message). */
export async function syncWishlist(): Promise<void> {
  const token = tokenNow();
  current();
  if (!token) return;
  try {
    const page = await getWishlistPage({ limit: WISHLIST_FIRST_READ });
    if (tokenNow() !== token) return;
    useWishlistStore.setState({ token, ids: new Set(page.items.map((p) => p.productid)), count: page.count });
  } catch (error) {
    if (tokenNow() === token && hasStatus(error, 401)) endExpiredSession(error);
    // Anything else: the hearts show not pressed; pressing one still tells the truth.
  }
}

/** Pages with hearts call this once: the wishlist's first page is read per page view (and after a sign-in). */
export function useWishlistSync(): void {
  const token = useSession((s) => s.session?.authtoken ?? null);
  useEffect(() => {
    if (token) void syncWishlist();
    else current();
  }, [token]);
}

/** Whether the heart of `productid` is pressed, and whether its answer is awaited. */
export function useWishlistHeart(productid: number): { pressed: boolean; busy: boolean } {
  const token = useSession((s) => s.session?.authtoken ?? null);
  const pressed = useWishlistStore((s) => s.token === token && s.ids.has(productid));
  const busy = useWishlistStore((s) => s.token === token && s.busy.has(productid));
  return { pressed, busy };
}

/** What went wrong with a wishlist call: a dead session signs out; anything else is an error toast with the server's message. */
function report(error: unknown): void {
  if (hasStatus(error, 401)) endExpiredSession(error);
  else notify({ text: errorMessage(error), kind: 'error' });
}

/**
 * The heart: adds the product ('Added to your wishlist', or 'This product is already in your
 * wishlist'), or removes it when pressed ('Removed from your wishlist'); the server's message is
 * the toast. 409 (full) and 404 (no such product) are error toasts.
 */
export async function toggleWishlist(productid: number): Promise<void> {
  const state = current();
  if (state.busy.has(productid)) return;
  const wasIn = state.ids.has(productid);
  setBusy(productid, true);
  try {
    const { msg, count } = wasIn ? await removeFromWishlist(productid) : await addToWishlist(productid);
    markIn(productid, !wasIn, count);
    notify({ text: msg, kind: 'success' });
  } catch (error) {
    if (wasIn && hasStatus(error, 404)) {
      // Removed elsewhere already ('This product is not in your wishlist'): the heart follows.
      markIn(productid, false);
      notify({ text: errorMessage(error), kind: 'warning' });
    } else report(error);
  } finally {
    setBusy(productid, false);
  }
}

/** Takes one product off the wishlist (/wishlist's REMOVE); resolves the server's count, or null when it failed (reported). */
export async function removeFromWishlistReported(productid: number): Promise<{ count: number } | null> {
  try {
    const { msg, count } = await removeFromWishlist(productid);
    markIn(productid, false, count);
    notify({ text: msg, kind: 'success' });
    return { count };
  } catch (error) {
    if (hasStatus(error, 404)) {
      markIn(productid, false);
      notify({ text: errorMessage(error), kind: 'warning' });
      return { count: Math.max(0, (current().count ?? 1) - 1) };
    }
    report(error);
    return null;
  }
}

export const MOVED_TO_CART_TOAST = { text: 'Moved to your cart', kind: 'success' } as const;

/**
 * Move to cart (/wishlist's ADD TO CART): adds the product to the cart, then takes it off the
 * wishlist. Resolves the wishlist's new count, or null when the cart refused it (reported; the
 * product stays in the wishlist). Once in the cart, a failed removal is reported but the move counts.
 */
export async function moveToCart(product: Pick<Product, 'productid'>): Promise<{ count: number | null } | null> {
  try {
    await addToCart(product.productid);
  } catch (error) {
    report(error);
    return null;
  } finally {
    void refreshCartCount();
  }
  try {
    const { count } = await removeFromWishlist(product.productid);
    markIn(product.productid, false, count);
    notify(MOVED_TO_CART_TOAST);
    return { count };
  } catch (error) {
    if (hasStatus(error, 404)) {
      markIn(product.productid, false);
      notify(MOVED_TO_CART_TOAST);
      return { count: null };
    }
    report(error);
    return { count: null };
  }
}

/** After CLEAR WISHLIST. */
export function markCleared(): void {
  current();
  useWishlistStore.setState({ ids: new Set(), count: 0 });
}
