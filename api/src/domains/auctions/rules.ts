import {
  AUCTION_MAX_BID,
  AUCTION_MESSAGES,
  formatRupees,
  type BidderStatus,
  type CreateAuctionBody,
} from '@marketplace/contract';
import type { Config } from '../../config';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';

export const AUCTION_TEXTS = {
  notFound: 'Auction item not found',
  ownItem: 'You cannot bid on your own auction item',
  approved: 'This auction is closed: the owner has approved a winner',
  ended: 'This auction has ended: no more bids are taken',
  tooLow: (current: number) => `Your BID must be higher than the current BID of ${formatRupees(current)}`,
  belowMinimum: (minimum: number) => `Your BID must be at least ${formatRupees(minimum)}`,
  notAboveOwnMax: (max: number) =>
    `You are the highest bidder with a maximum BID of ${formatRupees(max)}: enter more to raise it`,
  maxBelowBid: 'Maximum BID must not be lower than your BID',
  notOwner: 'Only the owner of this auction item can approve a bidder',
  neverBid: 'This user has not bid on this auction item',
  alreadyApproved: 'A winner has already been approved for this auction item',
  onlyLeader: 'Only the leading bidder can be accepted: Approve accepts the leading BID now',
  ownBuyNow: 'You cannot buy your own auction item',
  buyNowGone: 'Buy It Now is no longer offered on this item',
  bought: 'Bought with Buy It Now: your order is waiting for your address and payment in My Orders',
  othersBidders: 'You can only see the bidders on your own items',
  missingId: 'productid is missing: send the id of the auction item',
  tooManyStreams: 'Too many live connections right now, please try again later',
  tooManyStreamsFromClient: 'Too many live connections from your address: close some auction pages and try again',
  noLiveUpdates: 'Live updates are unavailable right now, please try again later',
} as const;

const MAX_END_DAYS = 366;

/**
 * A whole number of rupees, sent as a JSON number (strict: the text "150" or " 150 " is not one).
 * Missing, empty or not a number or a text at all → the spec's "Please Enter" message; anything
 * else that is not a whole number within [min, AUCTION_MAX_BID] → `bad`.
 */
export function wholeRupees(value: unknown, min: number, required: string, bad: string): number {
  if (typeof value === 'string' ? !value.trim() : typeof value !== 'number') throw badRequest(required);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > AUCTION_MAX_BID)
    throw badRequest(bad);
  return value;
}

/**
 * The maximum a bid enters: `maxbid` when sent (`bid`, if sent too, must not be above it), else
 * `bid` (the spec's plain bid is a maximum equal to it).
 */
export function bidMaximum(body: { bid?: unknown; maxbid?: unknown }): number {
  const plain = () => wholeRupees(body.bid, 1, AUCTION_MESSAGES.placeBid, AUCTION_MESSAGES.wholePlaceBid);
  if (body.maxbid === undefined || body.maxbid === null) return plain();
  const max = wholeRupees(body.maxbid, 1, AUCTION_MESSAGES.wholeMaxBid, AUCTION_MESSAGES.wholeMaxBid);
  if (body.bid !== undefined && body.bid !== null && plain() > max) throw badRequest(AUCTION_TEXTS.maxBelowBid);
  return max;
}

const END_TIME_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The end date-time: ISO 8601 with or without a zone (without one it is UTC); a real calendar date. */
export function parseEndTime(text: string): Date {
  const m = END_TIME_RE.exec(text.trim());
  if (!m) throw badRequest(AUCTION_MESSAGES.badTime);
  const zone = m[5] ? m[5].toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z';
  const d = new Date(`${m[1]}T${m[2]}${m[3] ?? ''}${zone}`);
  if (Number.isNaN(d.getTime())) throw badRequest(AUCTION_MESSAGES.badTime);
  // Date() rolls 2030-02-30 over to March: refuse dates that do not exist.
  const local = new Date(d.getTime() + zoneMinutes(zone) * 60_000).toISOString();
  if (local.slice(0, 10) !== m[1] || local.slice(11, 16) !== m[2]) throw badRequest(AUCTION_MESSAGES.badTime);
  return d;
}

function zoneMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
}

/** The bids and end time of a new item: spec section 5 rules, then the server's own (in this order: the first failing one answers). */
export function checkedAuctionTerms(
  b: CreateAuctionBody,
  now = Date.now(),
): { bid: number; low: number; high: number; end: Date; reserve: number | null; buynow: number | null } {
  const bid = wholeRupees(b.bid, 1, AUCTION_MESSAGES.bid, AUCTION_MESSAGES.wholeBid);
  const low = wholeRupees(b.rangelowbid, 0, AUCTION_MESSAGES.rangelowbid, AUCTION_MESSAGES.wholeLow);
  if (!(low < bid)) throw badRequest(AUCTION_MESSAGES.lowAboveBid);
  const high = wholeRupees(b.rangehighbid, 1, AUCTION_MESSAGES.rangehighbid, AUCTION_MESSAGES.wholeHigh);
  if (!(high > bid)) throw badRequest(AUCTION_MESSAGES.highBelowBid);
  const end = parseEndTime(b.time);
  if (end.getTime() <= now) throw badRequest(AUCTION_MESSAGES.pastTime);
  if (end.getTime() > now + MAX_END_DAYS * 86_400_000) throw badRequest(AUCTION_MESSAGES.farTime);
  const { reserve, buynow } = checkedReserveAndBuyNow(b, bid);
  return { bid, low, high, end, reserve, buynow };
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The optional reserve (at least the starting bid) and Buy It Now price (above the starting bid, at least the reserve). */
export function checkedReserveAndBuyNow(
  b: { reserve?: unknown; buynow?: unknown },
  bid: number,
): { reserve: number | null; buynow: number | null } {
  const reserve = given(b.reserve)
    ? wholeRupees(b.reserve, 1, AUCTION_MESSAGES.wholeReserve, AUCTION_MESSAGES.wholeReserve)
    : null;
  if (reserve !== null && reserve < bid) throw badRequest(AUCTION_MESSAGES.reserveBelowBid);
  const buynow = given(b.buynow)
    ? wholeRupees(b.buynow, 1, AUCTION_MESSAGES.wholeBuyNow, AUCTION_MESSAGES.wholeBuyNow)
    : null;
  if (buynow !== null && !(buynow > bid)) throw badRequest(AUCTION_MESSAGES.buyNowBelowBid);
  if (buynow !== null && reserve !== null && buynow < reserve) throw badRequest(AUCTION_MESSAGES.buyNowBelowReserve);
  return { reserve, buynow };
}

/** An item as a bid finds it, under its row lock; `running`: its effective end is after the bid. */
export interface BidTarget {
  userid: number;
  status: 'open' | 'closed';
  /** Set when the owner's Approve closed it (its refusal says so); otherwise a closed item has ended. */
  approved_at?: Date | null;
  running: boolean;
}

/**
 * Why no bid is taken on this item, whatever the amount (undefined item: not found), or
 * undefined; the amount is the proxy rules' (proxy.ts).
 */
export function bidRefusal(item: BidTarget | undefined, bidder: number): HttpError | undefined {
  if (!item) return notFound(AUCTION_TEXTS.notFound);
  if (item.userid === bidder) return forbidden(AUCTION_TEXTS.ownItem);
  if (item.status === 'closed' && item.approved_at) return conflict(AUCTION_TEXTS.approved);
  if (item.status === 'closed' || !item.running) return conflict(AUCTION_TEXTS.ended);
  return undefined;
}

/** Whether Buy It Now is offered: a price, and no bid yet (no reserve) or the leading maximum short of the reserve. */
export function buyNowOffered(item: {
  buynow: number | null;
  reserve: number | null;
  bidcount: number;
  leader_max: number | null;
}): boolean {
  if (item.buynow === null) return false;
  if (item.reserve === null) return item.bidcount === 0;
  return (item.leader_max ?? 0) < item.reserve;
}

/** Why the caller cannot Buy It Now (undefined item: not found), or undefined when they can. */
export function buyNowRefusal(
  item:
    | (BidTarget & { buynow: number | null; reserve: number | null; bidcount: number; leader_max: number | null })
    | undefined,
  buyer: number,
): HttpError | undefined {
  if (!item) return notFound(AUCTION_TEXTS.notFound);
  if (item.userid === buyer) return forbidden(AUCTION_TEXTS.ownBuyNow);
  const refusal = bidRefusal(item, buyer);
  if (refusal) return refusal;
  if (!buyNowOffered(item)) return conflict(AUCTION_TEXTS.buyNowGone);
  return undefined;
}

/** The approved winner's row follows the clock like an order: Processing, Shipped, Delivered. */
export function winnerStatus(approvedAt: Date, cfg: Config['auctions'], now = Date.now()): BidderStatus {
  const hours = (now - approvedAt.getTime()) / 3_600_000;
  if (hours >= cfg.deliverAfterHours) return 'Delivered';
  if (hours >= cfg.shipAfterHours) return 'Shipped';
  return 'Processing';
}

/**
 * A bidder's row on the seller's page: Bidding while the item is open; once closed, the winner's
 * order status (an item approved before orders were placed for winners: by the clock from the
 * approval) or Not selected.
 */
export function bidderStatus(
  row: {
    status: 'open' | 'closed';
    winner: number | null;
    userid: number;
    approved_at: Date | null;
    order_status: BidderStatus | null;
  },
  cfg: Config['auctions'],
  now: number,
): BidderStatus {
  if (row.status === 'open') return 'Bidding';
  if (row.winner !== row.userid) return 'Not selected';
  if (row.order_status) return row.order_status;
  return row.approved_at ? winnerStatus(row.approved_at, cfg, now) : 'Processing';
}

/** Why the caller cannot approve a winner of this item (undefined item: not found), or undefined when they can. */
export function approvalRefusal(
  item: { userid: number; status: 'open' | 'closed' } | undefined,
  caller: number,
): HttpError | undefined {
  if (!item) return notFound(AUCTION_TEXTS.notFound);
  if (item.userid !== caller) return forbidden(AUCTION_TEXTS.notOwner);
  if (item.status === 'closed') return conflict(AUCTION_TEXTS.alreadyApproved);
  return undefined;
}
