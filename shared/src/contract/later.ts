import { Type, type Static } from 'typebox';

/**
 * Records of later issues (shop orders, reviews, auctions). Types only for now: the routes
 * arrive with their issues. JSON-in-text fields of the spec are real JSON arrays here, and
 * photos are URLs (DECISIONS.md).
 */

export const OrderStatus = Type.Union([
  Type.Literal('Processing'),
  Type.Literal('Shipped'),
  Type.Literal('Delivered'),
  Type.Literal('Cancelled'),
]);
export type OrderStatus = Static<typeof OrderStatus>;

export const PayInfo = Type.Union([Type.Literal('cod'), Type.Literal('paywithcard'), Type.Literal('paypal')]);
export type PayInfo = Static<typeof PayInfo>;

export const OrderLine = Type.Object({
  productid: Type.Integer(),
  productname: Type.String(),
  price: Type.Number(),
  /** Always 1 in the spec's screens. */
  quantity: Type.Integer(),
});
export type OrderLine = Static<typeof OrderLine>;

export const Order = Type.Object({
  orderid: Type.Integer(),
  /** ISO 8601 date-time. */
  orderdate: Type.String(),
  billname: Type.String(),
  /** Items total after the coupon discount (rupees). */
  billamount: Type.Number(),
  /** Shipping fee (0 = Free Delivery). */
  billtax: Type.Number(),
  discount: Type.Number(),
  status: OrderStatus,
  ordernote: Type.String(),
  billaddress: Type.String(),
  payinfo: PayInfo,
  orderdata: Type.Array(OrderLine),
});
export type Order = Static<typeof Order>;

export const Review = Type.Object({
  reviewid: Type.Integer(),
  /** YYYY-MM-DD */
  date: Type.String(),
  name: Type.String(),
  title: Type.String(),
  /** Space-separated tags. */
  keywords: Type.String(),
  description: Type.String(),
});
export type Review = Static<typeof Review>;

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
