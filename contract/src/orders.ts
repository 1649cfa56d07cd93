import { Type, type Static } from 'typebox';
import { Envelope, PAGE_SIZES, PageQuery, PageReply, positiveId } from './common';
import { NAME_PATTERN, SHOP_MESSAGES } from './rules';

/**
 * Orders (spec section 3 with DECISIONS.md): money is computed by the server, `orderdata` is a
 * real list. Order total = billamount + billtax; subtotal (items total) = billamount + discount.
 */

/**
 * 'Awaiting payment': an auction win (`auctionid`) whose winner has not yet chosen the address and
 * payment (PUT /payauctionorder); the Processing → Shipped → Delivered clock starts then.
 */
export const OrderStatus = Type.Union([
  Type.Literal('Awaiting payment'),
  Type.Literal('Processing'),
  Type.Literal('Shipped'),
  Type.Literal('Delivered'),
  Type.Literal('Cancelled'),
]);
export type OrderStatus = Static<typeof OrderStatus>;

export const PayInfo = Type.Union([Type.Literal('cod'), Type.Literal('paywithcard'), Type.Literal('paypal')], {
  errorMessage: 'Please choose a payment method (cod, paywithcard or paypal)',
});
export type PayInfo = Static<typeof PayInfo>;

export const OrderLine = Type.Object({
  productid: Type.Integer(),
  productname: Type.String(),
  /** Catalogue price when the order was placed (rupees). */
  price: Type.Number(),
  /** Units ordered (1 to 10; the spec printed 1). */
  quantity: Type.Integer(),
});
export type OrderLine = Static<typeof OrderLine>;

/** Who ships a shipment. */
export const Fulfilment = Type.Union([Type.Literal('marketplace'), Type.Literal('seller')]);
export type Fulfilment = Static<typeof Fulfilment>;

/** One shipment of the buyer's order (Manage Order). */
export const Shipment = Type.Object({
  shipmentid: Type.Integer(),
  fulfilledBy: Fulfilment,
  /** MARKETPLACE_SELLER, or the seller's first name and last name. */
  seller: Type.String(),
  status: OrderStatus,
  /** Set once the seller marked it shipped; null before (and always for the marketplace's). */
  courier: Type.Union([Type.String(), Type.Null()]),
  tracking: Type.Union([Type.String(), Type.Null()]),
  /** When it shipped / was delivered / was cancelled (ISO); null until then. */
  shippedAt: Type.Union([Type.String(), Type.Null()]),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
  cancelledAt: Type.Union([Type.String(), Type.Null()]),
  /** The order's lines this shipment carries. */
  lines: Type.Array(OrderLine),
});
export type Shipment = Static<typeof Shipment>;

export const Order = Type.Object({
  orderid: Type.Integer(),
  /** ISO 8601 date-time. */
  orderdate: Type.String(),
  billname: Type.String(),
  /** Items total after the coupon discount (rupees), never below 0. */
  billamount: Type.Number(),
  /** Shipping fee (0 = Free Delivery): 0 when the items total is Rs. 500 or more, else Rs. 50. */
  billtax: Type.Number(),
  /** Rupees taken off by the coupon (at most the items total); 0 without a coupon. */
  discount: Type.Number(),
  /** The applied coupon, '' when none. */
  couponname: Type.String(),
  /** billamount + billtax. */
  total: Type.Number(),
  status: OrderStatus,
  ordernote: Type.String(),
  billaddress: Type.String(),
  /** null only while an auction win is Awaiting payment. */
  payinfo: Type.Union([PayInfo, Type.Null()]),
  orderdata: Type.Array(OrderLine),
  /** When it ships / shipped (ISO; the planned time while Processing). */
  shippedBy: Type.String(),
  /** Expected (or past) delivery (ISO): 'Delivered After Two Day For the OrderDate'. */
  deliveredBy: Type.String(),
  /** ISO time of the cancel, null unless Cancelled. */
  cancelledAt: Type.Union([Type.String(), Type.Null()]),
  /** The auction item this order was won on (by close, Approve or Buy It Now); absent for a cart's order. */
  auctionid: Type.Optional(Type.Integer()),
  /** An auction win's item photo (URL); absent for a cart's order. */
  photo: Type.Optional(Type.String()),
  /** Its lines split by who ships them (see shipments.ts); `status` is the least advanced of them. */
  shipments: Type.Array(Shipment),
});
export type Order = Static<typeof Order>;

export const OrderReply = Envelope(Order);
export type OrderReply = Static<typeof OrderReply>;
export const OrderListReply = Envelope(Type.Array(Order));
export type OrderListReply = Static<typeof OrderListReply>;

/** GET /allorders: a page of the signed-in user's orders, newest first. */
export const OrderPageQuery = PageQuery(PAGE_SIZES.orders);
export const OrderPageReply = PageReply(Order);
export type OrderPageReply = Static<typeof OrderPageReply>;

/**
 * POST /orderauth body (header authtoken, optional header Idempotency-Key). Any amount,
 * `discount`, `userid` or item list in the body is ignored: the server prices the caller's cart.
 */
export const PlaceOrderBody = Type.Object({
  billname: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: NAME_PATTERN,
    errorMessage: SHOP_MESSAGES.billNameAndAddress,
  }),
  billaddress: Type.String({
    minLength: 1,
    maxLength: 500,
    pattern: NAME_PATTERN,
    errorMessage: SHOP_MESSAGES.billNameAndAddress,
  }),
  ordernote: Type.Optional(
    Type.String({ maxLength: 1000, errorMessage: 'ordernote must be a text of at most 1000 characters' }),
  ),
  payinfo: PayInfo,
  /** The applied coupon ('' or absent = none). */
  couponname: Type.Optional(
    Type.String({ maxLength: 50, errorMessage: 'couponname must be a text of at most 50 characters' }),
  ),
});
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;

export const PlaceOrderHeaders = Type.Object({
  authtoken: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: 'Please login first (authtoken header missing)',
  }),
  /** Any unique text per checkout (e.g. a UUID); a retry with the same key returns the first order. */
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[A-Za-z0-9._:-]+$',
      errorMessage: 'Idempotency-Key header must be 1 to 100 letters, digits or . _ : -',
    }),
  ),
});
export type PlaceOrderHeaders = Static<typeof PlaceOrderHeaders>;

export const PlacedOrder = Type.Object({ orderid: Type.Integer() });
export const PlaceOrderReply = Envelope(PlacedOrder);
export type PlaceOrderReply = Static<typeof PlaceOrderReply>;

/** GET /order and DELETE /cancelorder: the login token and the order id as headers. */
export const OrderHeaders = Type.Object({
  authtoken: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: 'Please login first (authtoken header missing)',
  }),
  orderid: positiveId('orderid header'),
});
export type OrderHeaders = Static<typeof OrderHeaders>;

/**
 * PUT /payauctionorder (header authtoken): the winner of an auction completes its order with the
 * checkout's rules (bill name and an address, a payment choice); only their own order, once.
 */
export const PayAuctionOrderBody = Type.Object({
  orderid: positiveId('orderid'),
  billname: PlaceOrderBody.properties.billname,
  billaddress: PlaceOrderBody.properties.billaddress,
  ordernote: PlaceOrderBody.properties.ordernote,
  payinfo: PayInfo,
});
export type PayAuctionOrderBody = Static<typeof PayAuctionOrderBody>;
