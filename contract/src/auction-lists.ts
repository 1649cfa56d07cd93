import { Type, type Static } from 'typebox';
import { Envelope, PageQuery, PageReply, type PageSize } from './common';
import { AuctionCategory, AuctionStatus } from './auctions';
import { PhotoSources } from './uploads';

/**
 * A shopper's own auction lists (issue 25): the items they watch (the hearts), the items they bid
 * on (My bids) and the items they put up (Selling). Every call is signed in (header authtoken) and
 * reads the caller's rows only: no id of another user is ever taken.
 */

/** A shopper watches at most this many items (closed ones count until unwatched). */
export const WATCH_MAX = 200;

export const WATCH_PAGE = { default: 24, max: 100 } as const satisfies PageSize;
export const MY_BIDS_PAGE = { default: 20, max: 100 } as const satisfies PageSize;
export const SELLING_PAGE = { default: 20, max: 100 } as const satisfies PageSize;
/** GET /auctionwatch?ids=…: at most this many items asked about at once (a page of cards). */
export const WATCH_QUERY_MAX = 100;

export const WATCH_MESSAGES = {
  watching: 'Added to your watch list',
  stopped: 'Removed from your watch list',
  ownItem: 'You cannot watch your own auction item',
  notFound: 'Auction item not found',
  full: `You already watch ${WATCH_MAX} items: stop watching one to watch another`,
  badIds: `ids must be auction item ids separated by commas (at most ${WATCH_QUERY_MAX})`,
} as const;

/** PUT and DELETE /auctionwatch/{id}: whether the caller watches the item now, and how many items they watch. */
export const WatchReply = Envelope(
  Type.Object({ auctionid: Type.Integer(), watching: Type.Boolean(), count: Type.Integer() }),
);
export type WatchReply = Static<typeof WatchReply>;

/** GET /auctionwatch?ids=3,5,8: which of these items the caller watches (for the hearts of a page of cards). */
export const WatchQuery = Type.Object({
  ids: Type.String({
    pattern: `^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${WATCH_QUERY_MAX - 1}}$`,
    errorMessage: WATCH_MESSAGES.badIds,
  }),
});
export type WatchQuery = Static<typeof WatchQuery>;
export const WatchedIdsReply = Envelope(Type.Object({ watching: Type.Array(Type.Integer()) }));
export type WatchedIdsReply = Static<typeof WatchedIdsReply>;

/** GET /auctionwatching: an item the caller watches, as a card shows it. */
export const WatchedItem = Type.Object({
  auctionid: Type.Integer(),
  productname: Type.String(),
  category: AuctionCategory,
  /** URL of the first photo. */
  photo: Type.String(),
  /** WebP and AVIF copies of `photo` (see PhotoSources); absent while there are none. */
  photoSources: Type.Optional(PhotoSources),
  /** The current price. */
  bid: Type.Integer(),
  rangelowbid: Type.Integer(),
  rangehighbid: Type.Integer(),
  status: AuctionStatus,
  /** The effective end (ISO 8601). */
  endsat: Type.String(),
  bidcount: Type.Integer(),
  /** When the caller started watching it (ISO 8601). */
  watchedat: Type.String(),
});
export type WatchedItem = Static<typeof WatchedItem>;
export const WatchingPageQuery = PageQuery(WATCH_PAGE);
export const WatchingPageReply = PageReply(WatchedItem);
export type WatchingPageReply = Static<typeof WatchingPageReply>;

/**
 * Where the caller stands on an item they bid on: 'leading' or 'outbid' while it is open; once
 * closed, 'won' (sold to the caller) or 'lost' (sold to another, or unsold).
 */
export const MyBidState = Type.Union([
  Type.Literal('leading'),
  Type.Literal('outbid'),
  Type.Literal('won'),
  Type.Literal('lost'),
]);
export type MyBidState = Static<typeof MyBidState>;

/** GET /mybids: one row per item the caller bid on, the latest bid of theirs first. */
export const MyBidRow = Type.Object({
  auctionid: Type.Integer(),
  productname: Type.String(),
  photo: Type.String(),
  /** WebP and AVIF copies of `photo` (see PhotoSources); absent while there are none. */
  photoSources: Type.Optional(PhotoSources),
  state: MyBidState,
  /** The current price (the winning price once sold). */
  price: Type.Integer(),
  /** The highest amount bid for the caller on this item (as the public history shows it). */
  yourbid: Type.Integer(),
  /** The caller's own maximum, only while they lead (nobody else ever sees it); else null. */
  yourmax: Type.Union([Type.Integer(), Type.Null()]),
  /** 'outbid' only: the smallest bid the item takes now (minimumBid); else null. */
  nextbid: Type.Union([Type.Integer(), Type.Null()]),
  /** The reserve: null when the item has none, else whether the leading maximum meets it. */
  reservemet: Type.Union([Type.Boolean(), Type.Null()]),
  /** The effective end (ISO 8601). */
  endsat: Type.String(),
  /** When it closed (ISO 8601); null while open. */
  closedat: Type.Union([Type.String(), Type.Null()]),
});
export type MyBidRow = Static<typeof MyBidRow>;
export const MyBidsPageQuery = PageQuery(MY_BIDS_PAGE);
export const MyBidsPageReply = PageReply(MyBidRow);
export type MyBidsPageReply = Static<typeof MyBidsPageReply>;

/** An item the caller put up: open, or closed 'sold' / 'unsold'. */
export const SellingState = Type.Union([Type.Literal('open'), Type.Literal('sold'), Type.Literal('unsold')]);
export type SellingState = Static<typeof SellingState>;

/** GET /myselling: the caller's items, newest first. */
export const SellingRow = Type.Object({
  auctionid: Type.Integer(),
  productname: Type.String(),
  photo: Type.String(),
  /** WebP and AVIF copies of `photo` (see PhotoSources); absent while there are none. */
  photoSources: Type.Optional(PhotoSources),
  state: SellingState,
  bidcount: Type.Integer(),
  /** The current price (the selling price once sold). */
  price: Type.Integer(),
  /** The first name of the leading bidder (the buyer once sold); null with no bids. Never an email. */
  leader: Type.Union([Type.String(), Type.Null()]),
  /** The reserve: null when the item has none, else whether the leading maximum meets it. */
  reservemet: Type.Union([Type.Boolean(), Type.Null()]),
  endsat: Type.String(),
  closedat: Type.Union([Type.String(), Type.Null()]),
});
export type SellingRow = Static<typeof SellingRow>;
export const SellingPageQuery = PageQuery(SELLING_PAGE);
export const SellingPageReply = PageReply(SellingRow);
export type SellingPageReply = Static<typeof SellingPageReply>;
