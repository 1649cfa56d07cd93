import { Type, type Static } from 'typebox';
import { Envelope, PageQuery, PageReply, positiveId } from './common';
import { SALES_PAGE, SHIPMENT_LIMITS, SHIPMENT_MESSAGES, SHIPMENT_STATUSES } from './rules';
import { OrderLine, OrderStatus } from './orders';

/**
 * Shipments (issue 26): an order's lines split by who ships them. The demo catalogue is
 * Fulfilled by Marketplace and follows the order clock; what a shopper lists (and every auction
 * win) its seller ships: Processing → Shipped (courier and tracking number) → Delivered, or
 * Cancelled by the buyer. A status never goes back. An order's status is the least advanced of
 * its shipments that are not cancelled (Cancelled when all are).
 */

/** GET /sales: a page of the caller's shipments as a seller, newest first, optionally of one status. */
export const SalesQuery = Type.Object({
  ...PageQuery(SALES_PAGE).properties,
  status: Type.Optional(
    Type.Union(
      [
        Type.Literal('Awaiting payment'),
        Type.Literal('Processing'),
        Type.Literal('Shipped'),
        Type.Literal('Delivered'),
        Type.Literal('Cancelled'),
      ],
      { errorMessage: `status must be one of ${SHIPMENT_STATUSES.join(', ')}` },
    ),
  ),
});
export type SalesQuery = Static<typeof SalesQuery>;

/**
 * A shipment as its seller sees it: only what shipping needs of the buyer (the name and
 * address given for delivery, the order's note), never their email or account.
 */
export const Sale = Type.Object({
  shipmentid: Type.Integer(),
  orderid: Type.Integer(),
  /** ISO 8601. */
  orderdate: Type.String(),
  status: OrderStatus,
  /** The delivery name, address and note the buyer gave ('' while an auction win awaits payment). */
  shipto: Type.Object({ name: Type.String(), address: Type.String(), note: Type.String() }),
  lines: Type.Array(OrderLine),
  /** The seller's lines: price × quantity summed (rupees). */
  amount: Type.Number(),
  courier: Type.Union([Type.String(), Type.Null()]),
  tracking: Type.Union([Type.String(), Type.Null()]),
  shippedAt: Type.Union([Type.String(), Type.Null()]),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
  cancelledAt: Type.Union([Type.String(), Type.Null()]),
  /** The auction item, for an auction win. */
  auctionid: Type.Optional(Type.Integer()),
});
export type Sale = Static<typeof Sale>;

export const SalesPageReply = PageReply(Sale);
export type SalesPageReply = Static<typeof SalesPageReply>;

/** PUT /sales/{shipmentid}/shipped, /delivered. */
export const ShipmentParams = Type.Object({ shipmentid: positiveId('shipmentid') });
export type ShipmentParams = Static<typeof ShipmentParams>;

/** PUT /sales/{shipmentid}/shipped: the courier and its tracking number, both required. */
export const MarkShippedBody = Type.Object(
  {
    courier: Type.String({
      minLength: SHIPMENT_LIMITS.courier.min,
      maxLength: SHIPMENT_LIMITS.courier.max,
      pattern: '\\S',
      errorMessage: SHIPMENT_MESSAGES.courier,
    }),
    tracking: Type.String({
      minLength: SHIPMENT_LIMITS.tracking.min,
      maxLength: SHIPMENT_LIMITS.tracking.max,
      pattern: SHIPMENT_LIMITS.tracking.pattern,
      errorMessage: SHIPMENT_MESSAGES.tracking,
    }),
  },
  { additionalProperties: false },
);
export type MarkShippedBody = Static<typeof MarkShippedBody>;

export const SaleReply = Envelope(Sale);
export type SaleReply = Static<typeof SaleReply>;
