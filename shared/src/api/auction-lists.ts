import { http, requireLoginToken } from './http';
import type {
  MyBidRow,
  MyBidsPageReply,
  PageQuery,
  SellingPageReply,
  SellingRow,
  WatchedIdsReply,
  WatchedItem,
  WatchingPageReply,
  WatchReply,
} from '@marketplace/contract';
import { pageParams, type Page } from './paging';

/** What a watch or an unwatch answers: the server's message, whether the item is watched now, how many items the shopper watches. */
export interface WatchChange {
  msg: string;
  watching: boolean;
  count: number;
}

/**
 * PUT /auctionwatch/{id} (header authtoken): watches the item ('Added to your watch list'; again is
 * fine). Rejects 403 the shopper's own item, 404 unknown item, 409 already watching the most items
 * allowed (WATCH_MAX), 401.
 */
export async function watchAuction(auctionid: number): Promise<WatchChange> {
  const authtoken = requireLoginToken();
  const res = await http.put<WatchReply>(
    `/auctionwatch/${encodeURIComponent(String(auctionid))}`,
    {},
    {
      headers: { authtoken },
    },
  );
  return { msg: res.data.msg, watching: res.data.data.watching, count: res.data.data.count };
}

/** DELETE /auctionwatch/{id}: stops watching the item ('Removed from your watch list'; again is fine). 404 unknown item, 401. */
export async function unwatchAuction(auctionid: number): Promise<WatchChange> {
  const authtoken = requireLoginToken();
  const res = await http.delete<WatchReply>(`/auctionwatch/${encodeURIComponent(String(auctionid))}`, {
    headers: { authtoken },
  });
  return { msg: res.data.msg, watching: res.data.data.watching, count: res.data.data.count };
}

/** GET /auctionwatch?ids=…: which of these items (at most 100) the signed-in shopper watches. */
export async function getWatchedAmong(auctionids: readonly number[]): Promise<number[]> {
  if (auctionids.length === 0) return [];
  const authtoken = requireLoginToken();
  const res = await http.get<WatchedIdsReply>('/auctionwatch', {
    headers: { authtoken },
    params: { ids: auctionids.join(',') },
  });
  return res.data.data.watching;
}

/** GET /auctionwatching (header authtoken): a page of the items the shopper watches, the latest watched first (24 by default, at most 100). */
export async function getWatchingPage(page?: PageQuery): Promise<Page<WatchedItem>> {
  const authtoken = requireLoginToken();
  const res = await http.get<WatchingPageReply>('/auctionwatching', {
    headers: { authtoken },
    params: pageParams(page),
  });
  return { items: res.data.data, next: res.data.next };
}

/** GET /mybids (header authtoken): a page of the items the shopper bid on with where they stand, their latest bid first (20 by default, at most 100). */
export async function getMyBidsPage(page?: PageQuery): Promise<Page<MyBidRow>> {
  const authtoken = requireLoginToken();
  const res = await http.get<MyBidsPageReply>('/mybids', { headers: { authtoken }, params: pageParams(page) });
  return { items: res.data.data, next: res.data.next };
}

/** GET /myselling (header authtoken): a page of the shopper's own auction items with their state, newest first (20 by default, at most 100). */
export async function getSellingPage(page?: PageQuery): Promise<Page<SellingRow>> {
  const authtoken = requireLoginToken();
  const res = await http.get<SellingPageReply>('/myselling', { headers: { authtoken }, params: pageParams(page) });
  return { items: res.data.data, next: res.data.next };
}
