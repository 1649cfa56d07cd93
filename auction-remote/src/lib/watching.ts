import { useEffect, useSyncExternalStore } from 'react';
import {
  errorMessage,
  getWatchedAmong,
  hasStatus,
  notify,
  unwatchAuction,
  useSession,
  watchAuction,
} from '@marketplace/shared';

/**
 * What the auction area knows of the signed-in shopper's watch list, for the hearts: for each item
 * shown, whether it is watched (asked of GET /auctionwatch?ids= after the page is hydrated, at most
 * WATCH_QUERY_MAX ids a read, each item once per page view and login) and every change made here
 * since. The public item and list replies say nothing of it, so they stay cacheable for everyone.
 */
interface WatchState {
  /** The login token the answers belong to (a sign-out or another sign-in starts afresh). */
  token: string | null;
  /** Items asked about: true watched, false not. */
  known: ReadonlyMap<number, boolean>;
  /** Items whose heart is being answered. */
  busy: ReadonlySet<number>;
}

/** GET /auctionwatch takes at most this many ids (WATCH_QUERY_MAX in the contract). */
export const WATCH_READ_MAX = 100;

const EMPTY: WatchState = { token: null, known: new Map(), busy: new Set() };
let state: WatchState = EMPTY;
const listeners = new Set<() => void>();

function set(next: Partial<WatchState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

const tokenNow = (): string | null => useSession.getState().session?.authtoken ?? null;

/** The state for the current login (emptied when the login changed). */
function current(): WatchState {
  const token = tokenNow();
  if (state.token !== token) set({ ...EMPTY, token });
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets everything (tests, between renders of different shoppers). */
export function resetWatching(): void {
  state = EMPTY;
  listeners.forEach((l) => l());
}

function mark(ids: readonly number[], watching: boolean): void {
  const known = new Map(current().known);
  for (const id of ids) known.set(id, watching);
  set({ known });
}

/** Items the page knows are watched (the Watching list): their hearts are pressed without asking. */
export function rememberWatched(ids: readonly number[]): void {
  const { known } = current();
  const fresh = ids.filter((id) => !known.has(id));
  if (fresh.length) mark(fresh, true);
}

/** A call answered 401: the login is dead; the shopper is signed out with the server's message. */
function endSession(error: unknown): void {
  notify({ text: errorMessage(error), kind: 'error' });
  useSession.getState().signOut();
}

/** Asks which of `ids` (those not yet known) are watched; a failure leaves them unknown (shown not pressed). */
export async function loadWatched(ids: readonly number[]): Promise<void> {
  const token = tokenNow();
  if (!token) return;
  const { known } = current();
  const ask = [...new Set(ids)].filter((id) => !known.has(id));
  for (let i = 0; i < ask.length; i += WATCH_READ_MAX) {
    const chunk = ask.slice(i, i + WATCH_READ_MAX);
    try {
      const watched = new Set(await getWatchedAmong(chunk));
      if (tokenNow() !== token) return;
      const next = new Map(current().known);
      for (const id of chunk) if (!next.has(id)) next.set(id, watched.has(id));
      set({ known: next });
    } catch (error) {
      if (tokenNow() === token && hasStatus(error, 401)) endSession(error);
      return;
    }
  }
}

/** Pages with hearts call this with the items they show: their watched state is read once hydrated and signed in. */
export function useWatchedSync(ids: readonly number[]): void {
  const token = useSession((s) => s.session?.authtoken ?? null);
  const key = ids.join(',');
  useEffect(() => {
    if (token && key) void loadWatched(key.split(',').map(Number));
  }, [token, key]);
}

const serverState = (): WatchState => EMPTY;

/** Whether the heart of `auctionid` is pressed, and whether its answer is awaited (never pressed in the server's HTML). */
export function useWatchHeart(auctionid: number): { pressed: boolean; busy: boolean } {
  const token = useSession((s) => s.session?.authtoken ?? null);
  const s = useSyncExternalStore(subscribe, () => state, serverState);
  const mine = s.token === token;
  return { pressed: mine && s.known.get(auctionid) === true, busy: mine && s.busy.has(auctionid) };
}

function setBusy(auctionid: number, busy: boolean): void {
  const next = new Set(current().busy);
  if (busy) next.add(auctionid);
  else next.delete(auctionid);
  set({ busy: next });
}

/**
 * The heart: watches the item ('Added to your watch list') or, when pressed, stops
 * ('Removed from your watch list'); the server's message is the toast. A refusal (own item, the
 * watch list full, an item gone) is an error toast with the server's message.
 */
export async function toggleWatch(auctionid: number): Promise<void> {
  const s = current();
  if (s.busy.has(auctionid)) return;
  const was = s.known.get(auctionid) === true;
  setBusy(auctionid, true);
  try {
    const change = was ? await unwatchAuction(auctionid) : await watchAuction(auctionid);
    mark([auctionid], change.watching);
    notify({ text: change.msg, kind: 'success' });
  } catch (error) {
    if (hasStatus(error, 401)) endSession(error);
    else notify({ text: errorMessage(error), kind: 'error' });
  } finally {
    setBusy(auctionid, false);
  }
}
