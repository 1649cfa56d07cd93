import { Type, type Static } from 'typebox';

/**
 * Records of later issues (auctions). Types only for now: the routes
 * arrive with their issues. JSON-in-text fields of the spec are real JSON arrays here, and
 * photos are URLs (DECISIONS.md).
 */

// Orders, order lines, pay info and reviews moved to orders.ts and shop.ts (shop issue).

/** One entry of an auction's bid history. */
export const Bid = Type.Object({
  userid: Type.Integer(),
  bid: Type.Number(),
});
export type Bid = Static<typeof Bid>;

export const AuctionItem = Type.Object({
  auctionid: Type.Integer(),
  productid: Type.Integer(),
  productname: Type.String(),
  /** Currancy, Painting or Sports Items. */
  category: Type.String(),
  description: Type.String(),
  /** URL of the (first) photo. */
  photo: Type.String(),
  /** Current (highest accepted) bid. */
  bid: Type.Number(),
  highbid: Type.Number(),
  rangelowbid: Type.Number(),
  rangehighbid: Type.Number(),
  ageproduct: Type.String(),
  /** Auction date/time as entered. */
  time: Type.String(),
  /** The owner's nickname. */
  username: Type.String(),
  /** Bid history, oldest first (a real list, not JSON text). */
  biduser: Type.Array(Bid),
});
export type AuctionItem = Static<typeof AuctionItem>;

export const BidderStatus = Type.Union([Type.Literal('Processing'), Type.Literal('Shipped'), Type.Literal('Delivered')]);
export type BidderStatus = Static<typeof BidderStatus>;

/** One bidder on the owner's page. */
export const BidderRow = Type.Object({
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  userid: Type.Integer(),
  /** Shown as the bid value. */
  cartdata: Type.Number(),
  status: BidderStatus,
});
export type BidderRow = Static<typeof BidderRow>;
