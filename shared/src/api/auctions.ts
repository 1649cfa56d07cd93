import { apiBaseUrl, http, requireLoginToken } from './http';
import type {
  AuctionEvent,
  AuctionItem,
  AuctionListReply,
  AuctionPageReply,
  AuctionReply,
  BidderListReply,
  BidderPageReply,
  BidderRow,
  CreateAuctionInput,
  PageQuery,
} from '@marketplace/contract';
import { pageParams, type Page } from './paging';

/** @deprecated The API answers one page: use getAuctionsPage. The first page of the listing. */
export async function getAuctions(): Promise<AuctionItem[]> {
  const res = await http.get<AuctionListReply>('/getauction');
  return res.data.data;
}

/** GET /getauction: a page of auction items, running ones first, newest first (24 by default, at most 100; `bids`: the 5 highest only). */
export async function getAuctionsPage(page?: PageQuery): Promise<Page<AuctionItem>> {
  const res = await http.get<AuctionPageReply>('/getauction', { params: pageParams(page) });
  return { items: res.data.data, next: res.data.next };
}

/** GET /getparticularaucpro/{id}: one item with its whole bid history (newest first). 404 unknown id, 400 bad id. */
export async function getAuction(auctionid: number): Promise<AuctionItem> {
  const res = await http.get<AuctionReply>(`/getparticularaucpro/${encodeURIComponent(String(auctionid))}`);
  return res.data.data;
}

/** A datetime-local value ('2030-05-01T10:30', no zone) is the browser's local time: send it as ISO (UTC). */
function endTimeIso(time: string): string {
  const trimmed = time.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(trimmed)) {
    const d = new Date(trimmed);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  }
  return trimmed;
}

/**
 * POST /addauction (header authtoken): puts an item up for auction; the owner is the signed-in
 * user. `photos` are URLs returned by uploadPhoto. Rejects 400 with the spec's message of the
 * first bad field ('Please Enter Nick Name ', ..., 'Low BID Value must be less than BID Value ',
 * 'High BID Value must be Greater than BID Value ', 'Time must be in the future',
 * 'Please upload at least one PNG photo', then the optional `reserve` and `buynow`: 'Reserve price must
 * not be lower than BID Value', 'Buy It Now price must be Greater than BID Value', ...), 401.
 */
export async function createAuction(a: CreateAuctionInput): Promise<AuctionItem> {
  const authtoken = requireLoginToken();
  const res = await http.post<AuctionReply>(
    '/addauction',
    { ...a, time: endTimeIso(a.time) },
    { headers: { authtoken } },
  );
  return res.data.data;
}

/**
 * PUT /updatebiduser (header authtoken): bids `bid` rupees as the signed-in user, or up to
 * `options.maxbid` when given (a hidden maximum, not below `bid`: the server bids for the user only
 * as much as it takes to lead); resolves the item with the new bid and its newest 5 bids (merge
 * them into the history you hold) and `yourmax` while the user leads. Rejects 400 not a whole
 * number / not higher than the current bid / below the next acceptable bid / a maximum below the
 * bid, 403 own item, 404 unknown item, 409 the auction has ended or a winner was approved, 401.
 */
export async function placeBid(
  auctionid: number,
  bid: number,
  options: { maxbid?: number } = {},
): Promise<AuctionItem> {
  const authtoken = requireLoginToken();
  const body = options.maxbid === undefined ? { auctionid, bid } : { auctionid, bid, maxbid: options.maxbid };
  const res = await http.put<AuctionReply>('/updatebiduser', body, { headers: { authtoken } });
  return res.data.data;
}

/** @deprecated The API answers one page: use getMyBiddersPage. The first page of bidders. */
export async function getMyBidders(userid: number): Promise<BidderRow[]> {
  const authtoken = requireLoginToken();
  const res = await http.get<BidderListReply>(`/getUserAuction/${encodeURIComponent(String(userid))}`, {
    headers: { authtoken },
  });
  return res.data.data;
}

/** GET /getUserAuction/{userid} (header authtoken): a page of the bidders on the signed-in user's items, newest item first, highest bid first (50 by default, at most 200). 403 for another user's id. */
export async function getMyBiddersPage(userid: number, page?: PageQuery): Promise<Page<BidderRow>> {
  const authtoken = requireLoginToken();
  const res = await http.get<BidderPageReply>(`/getUserAuction/${encodeURIComponent(String(userid))}`, {
    headers: { authtoken },
    params: pageParams(page),
  });
  return { items: res.data.data, next: res.data.next };
}

/**
 * PUT /setHighBid (header authtoken): the owner's Approve accepts the leading bid now: the item
 * closes, sold to that bidder (their order is placed). Rejects 403 not the owner, 400 that user
 * never bid on it, 409 not the leading bidder or already closed, 404 unknown item, 401.
 */
export async function approveBidder(auctionid: number, userid: number): Promise<AuctionItem> {
  const authtoken = requireLoginToken();
  const res = await http.put<AuctionReply>('/setHighBid', { productid: auctionid, userid }, { headers: { authtoken } });
  return res.data.data;
}

/**
 * POST /auctionbuynow (header authtoken): buys the item at once at its Buy It Now price; the item
 * closes with the caller as winner and their order waits for address and payment in My Orders.
 * Rejects 403 own item, 409 closed, ended or Buy It Now no longer offered, 404 unknown item, 401.
 */
export async function buyItNow(auctionid: number): Promise<{ msg: string; item: AuctionItem }> {
  const authtoken = requireLoginToken();
  const res = await http.post<AuctionReply>('/auctionbuynow', { auctionid }, { headers: { authtoken } });
  return { msg: res.data.msg, item: res.data.data };
}

/**
 * Live events of one item (server-sent events on GET /auctionevents/{id}): `bid` for each
 * accepted bid, `closed` when the item closes (by its end, Approve or Buy It Now; `winner` null when unsold). EventSource reconnects by itself;
 * `onOpen` runs on every (re)connection, so a page can reload the item to catch up on what it
 * missed while disconnected. Returns the unsubscribe function.
 */
export function subscribeToAuction(
  auctionid: number,
  onEvent: (e: AuctionEvent) => void,
  onOpen?: () => void,
): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(`${apiBaseUrl()}/auctionevents/${encodeURIComponent(String(auctionid))}`);
  const handle = (type: AuctionEvent['type']) => (message: MessageEvent<string>) => {
    try {
      onEvent({ ...JSON.parse(message.data), type } as AuctionEvent);
    } catch {
      /* a malformed event is ignored */
    }
  };
  source.addEventListener('bid', handle('bid'));
  source.addEventListener('closed', handle('closed'));
  if (onOpen) source.addEventListener('open', () => onOpen());
  return () => source.close();
}
