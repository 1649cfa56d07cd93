import { Type, type Static } from 'typebox';
import { Envelope, PAGE_SIZES, PageQuery, PageReply, positiveId } from './common';
import { AUCTION_MESSAGES, MAX_PHOTOS, NAME_PATTERN } from './rules';
import { PhotoSources } from './uploads';

/**
 * Auctions (issue 5): items put up by a signed-in owner, bids appended by the server from
 * `{auctionid, bid}` and the caller's login token, the owner approves one bidder. The spec's
 * `biduser` JSON text is the real list `bids`; photos are URLs of images this API stored.
 */

export const AuctionCategory = Type.Union(
  [Type.Literal('Currancy'), Type.Literal('Painting'), Type.Literal('Sports Items')],
  {
    errorMessage: AUCTION_MESSAGES.category,
  },
);
export type AuctionCategory = Static<typeof AuctionCategory>;

/** 'open' while bids are taken; 'closed' once a winner is approved or the end time has passed. */
export const AuctionStatus = Type.Union([Type.Literal('open'), Type.Literal('closed')]);
export type AuctionStatus = Static<typeof AuctionStatus>;

/**
 * One step of an item's history. (`auto` and `endsat` below are optional in the types only: the
 * API always sends them, front ends of earlier releases and their fixtures do without.) Bidders are shown by first name only (no ids, no emails); a
 * maximum is never shown, only the amounts the server bid.
 */
export const Bid = Type.Object({
  bid: Type.Integer(),
  /** Placed by the server for this bidder, against a rival's bid, up to their hidden maximum. */
  auto: Type.Optional(Type.Boolean()),
  /** The bidder's first name. */
  nickname: Type.String(),
  /** ISO 8601 date-time the bid was accepted. */
  at: Type.String(),
});
export type Bid = Static<typeof Bid>;

export const AuctionItem = Type.Object({
  auctionid: Type.Integer(),
  /** Same as auctionid (the spec's field, sent back by PUT /setHighBid). */
  productid: Type.Integer(),
  productname: Type.String(),
  category: AuctionCategory,
  description: Type.String(),
  /** URL of the first photo. */
  photo: Type.String(),
  /** WebP and AVIF copies of `photo` (see PhotoSources); absent while there are none. */
  photoSources: Type.Optional(PhotoSources),
  /** URLs of every photo, in upload order. */
  photos: Type.Array(Type.String()),
  /**
   * The current price: the starting bid until someone bids, then the second-highest maximum plus
   * one increment, capped at the highest. The next bid must be at least minimumBid(item).
   */
  bid: Type.Integer(),
  /** The starting bid the owner entered. */
  startbid: Type.Integer(),
  /** The leading bid, the price (0 while nobody has bid); once a winner is approved, the winner's bid. */
  highbid: Type.Integer(),
  /** The owner's estimate, 'Rs. {rangelowbid} to Rs. {rangehighbid}'. */
  rangelowbid: Type.Integer(),
  rangehighbid: Type.Integer(),
  ageproduct: Type.String(),
  /** The listed end of the auction, ISO 8601 date-time (UTC). */
  time: Type.String(),
  /** The effective end: `time`, or later once bids in the last minutes extended it (soft close). */
  endsat: Type.Optional(Type.String()),
  /** The owner's nickname, as entered when the item was created. */
  username: Type.String(),
  ownerid: Type.Integer(),
  status: AuctionStatus,
  /** userid of the winner (by close, Approve or Buy It Now), null while open or when unsold. */
  winner: Type.Union([Type.Integer(), Type.Null()]),
  /** How a closed item ended: 'sold' (to `winner`) or 'unsold'; null while open. */
  outcome: Type.Optional(Type.Union([Type.Literal('sold'), Type.Literal('unsold'), Type.Null()])),
  /** When the item closed (ISO 8601), null while open. */
  closedat: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The reserve (hidden): null when the item has none, else whether the leading maximum meets it. */
  reservemet: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  /** The Buy It Now price while it is offered (open, and no bid has met the reserve / no bid yet), else null. */
  buynow: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** Number of steps in the bid history. */
  bidcount: Type.Integer(),
  /**
   * Bid history, newest first. GET /getparticularaucpro/{id}: every bid;
   * GET /getauction (at most 200 items): the 5 newest only (bidcount has the total).
   */
  bids: Type.Array(Bid),
  /** PUT /updatebiduser only: the caller's own maximum while they lead (nobody else ever sees it). */
  yourmax: Type.Optional(Type.Integer()),
});
export type AuctionItem = Static<typeof AuctionItem>;

export const AuctionListReply = Envelope(Type.Array(AuctionItem));
export type AuctionListReply = Static<typeof AuctionListReply>;

/** GET /getauction: a page of auction items, newest first. */
export const AuctionPageQuery = PageQuery(PAGE_SIZES.auctions);
export const AuctionPageReply = PageReply(AuctionItem);
export type AuctionPageReply = Static<typeof AuctionPageReply>;
export const AuctionReply = Envelope(AuctionItem);
export type AuctionReply = Static<typeof AuctionReply>;

/**
 * A whole number of rupees, as a number or as digits (the spec's inputs are free text). Checked
 * by the server itself, not by the schema (whose type coercion would turn `true` into 1).
 */
const wholeRupees = (message: string) => Type.Unsafe<number | string>({ errorMessage: message });

/**
 * POST /addauction (header authtoken; the owner is the caller). Spec section 5 rules and messages,
 * checked in this order: required fields, whole-number bids, rangelowbid < bid < rangehighbid,
 * the category, an end time in the future (within a year), at least one photo stored by this API
 * (URLs returned by POST /uploadimage; the spec's single `photo` is accepted too).
 */
export const CreateAuctionBody = Type.Object({
  username: Type.String({
    minLength: 1,
    maxLength: 50,
    pattern: NAME_PATTERN,
    errorMessage: AUCTION_MESSAGES.username,
  }),
  bid: wholeRupees(AUCTION_MESSAGES.bid),
  rangelowbid: wholeRupees(AUCTION_MESSAGES.rangelowbid),
  rangehighbid: wholeRupees(AUCTION_MESSAGES.rangehighbid),
  productname: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: NAME_PATTERN,
    errorMessage: AUCTION_MESSAGES.productname,
  }),
  category: AuctionCategory,
  description: Type.String({
    minLength: 1,
    maxLength: 5000,
    pattern: NAME_PATTERN,
    errorMessage: AUCTION_MESSAGES.description,
  }),
  ageproduct: Type.String({
    minLength: 1,
    maxLength: 50,
    pattern: NAME_PATTERN,
    errorMessage: AUCTION_MESSAGES.ageproduct,
  }),
  /** End date-time: ISO 8601 with a zone ('2030-05-01T10:30:00.000Z'); without a zone it is read as UTC. */
  time: Type.String({ minLength: 1, maxLength: 40, pattern: NAME_PATTERN, errorMessage: AUCTION_MESSAGES.time }),
  photos: Type.Optional(
    Type.Array(Type.String({ maxLength: 500, errorMessage: AUCTION_MESSAGES.photosList }), {
      maxItems: MAX_PHOTOS,
      errorMessage: AUCTION_MESSAGES.photosList,
    }),
  ),
  photo: Type.Optional(Type.String({ maxLength: 500, errorMessage: AUCTION_MESSAGES.photos })),
  /** Optional hidden reserve: the item sells only to a maximum at or above it; at least the starting bid. */
  reserve: Type.Optional(wholeRupees(AUCTION_MESSAGES.wholeReserve)),
  /** Optional Buy It Now price, above the starting bid (and at least the reserve). */
  buynow: Type.Optional(wholeRupees(AUCTION_MESSAGES.wholeBuyNow)),
});
export type CreateAuctionBody = Static<typeof CreateAuctionBody>;

/** What the client function createAuction takes (numbers as numbers, photos as URLs). */
export interface CreateAuctionInput {
  username: string;
  bid: number;
  rangelowbid: number;
  rangehighbid: number;
  productname: string;
  category: AuctionCategory;
  description: string;
  ageproduct: string;
  /** End date-time: ISO 8601, or a datetime-local value ('2030-05-01T10:30', read as the browser's local time). */
  time: string;
  photos: string[];
  reserve?: number;
  buynow?: number;
}

/**
 * PUT /updatebiduser (header authtoken). The bidder is the caller; a client-sent `biduser` list
 * (or anything else) is ignored. Every bid is a maximum: `maxbid` when sent (then `bid` may be
 * left out, and if sent must not be above it), else `bid`. The server bids for the caller at the
 * smallest amount that leads, up to it.
 */
export const PlaceBidBody = Type.Object({
  auctionid: positiveId('auctionid'),
  bid: Type.Optional(wholeRupees(AUCTION_MESSAGES.placeBid)),
  maxbid: Type.Optional(wholeRupees(AUCTION_MESSAGES.wholeMaxBid)),
});
export type PlaceBidBody = Static<typeof PlaceBidBody>;

/** PUT /setHighBid (header authtoken): the spec sends `productid`; `auctionid` is accepted too. */
export const ApproveBidderBody = Type.Object({
  productid: Type.Optional(positiveId('productid')),
  auctionid: Type.Optional(positiveId('auctionid')),
  userid: positiveId('userid'),
});
export type ApproveBidderBody = Static<typeof ApproveBidderBody>;

/** POST /auctionbuynow (header authtoken): buy the item at once at its Buy It Now price. */
export const BuyNowBody = Type.Object({
  auctionid: positiveId('auctionid'),
});
export type BuyNowBody = Static<typeof BuyNowBody>;

/**
 * Status of a bidder row: the winner's is their order's (Awaiting payment, then Processing →
 * Shipped → Delivered, or Cancelled); other bidders are 'Bidding' while the item is open,
 * 'Not selected' once it closed.
 */
export const BidderStatus = Type.Union([
  Type.Literal('Bidding'),
  /** The winner's order (issue 25) waits for the winner's address and payment; later 'Cancelled' if they cancel it. */
  Type.Literal('Awaiting payment'),
  Type.Literal('Cancelled'),
  Type.Literal('Processing'),
  Type.Literal('Shipped'),
  Type.Literal('Delivered'),
  Type.Literal('Not selected'),
]);
export type BidderStatus = Static<typeof BidderStatus>;

/** GET /getUserAuction/{id}: one row per (item of the caller, bidder), with the bidder's highest bid. */
export const BidderRow = Type.Object({
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  userid: Type.Integer(),
  auctionid: Type.Integer(),
  productname: Type.String(),
  /** The bidder's highest bid on this item (the spec's name; shown as the bid value). */
  cartdata: Type.Integer(),
  status: BidderStatus,
});
export type BidderRow = Static<typeof BidderRow>;
export const BidderListReply = Envelope(Type.Array(BidderRow));
export type BidderListReply = Static<typeof BidderListReply>;

/** GET /getUserAuction/{id}: a page of bidder rows, newest item first. */
export const BidderPageQuery = PageQuery(PAGE_SIZES.bidders);
export const BidderPageReply = PageReply(BidderRow);
export type BidderPageReply = Static<typeof BidderPageReply>;

/** Events of GET /auctionevents/{id} (server-sent events; the SSE event name is `type`). */
export const AuctionBidEvent = Type.Object({
  type: Type.Literal('bid'),
  auctionid: Type.Integer(),
  /** The new current bid. */
  bid: Type.Integer(),
  highbid: Type.Integer(),
  /** The bidder's first name. */
  nickname: Type.String(),
  /** ISO 8601. */
  at: Type.String(),
  /** Placed by the server for the leader (see Bid.auto). */
  auto: Type.Optional(Type.Boolean()),
  /** The item's effective end after this bid (moved by a late bid). */
  endsat: Type.Optional(Type.String()),
});
export type AuctionBidEvent = Static<typeof AuctionBidEvent>;
export const AuctionClosedEvent = Type.Object({
  type: Type.Literal('closed'),
  auctionid: Type.Integer(),
  /** userid of the winner (by close, Approve or Buy It Now); null when the item ended unsold. */
  winner: Type.Union([Type.Integer(), Type.Null()]),
  /** The winning price (the current bid when unsold). */
  highbid: Type.Integer(),
  /** How it ended (optional in the type only: the API always sends it). */
  outcome: Type.Optional(Type.Union([Type.Literal('sold'), Type.Literal('unsold')])),
  /** ISO 8601 time of the close. */
  closedat: Type.Optional(Type.String()),
});
export type AuctionClosedEvent = Static<typeof AuctionClosedEvent>;
export type AuctionEvent = AuctionBidEvent | AuctionClosedEvent;
