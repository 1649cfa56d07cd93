import { sql, type RawBuilder } from 'kysely';
import type { Config } from '../../config';
import type { OrderStatusValue } from '../../db/schema';

type Delays = Config['orders'];

/**
 * A shipment's status now, in a query over `shipments` joined to its `orders`: the stored one
 * (a seller's, the buyer's cancel, the operator's command); otherwise (a marketplace shipment)
 * the order clock: an auction win not yet paid is Awaiting payment; then Processing → Shipped
 * after `shipAfterHours` → Delivered after `deliverAfterHours` from the order date (an auction
 * win's: from its payment). Computed by the database clock, so every API process agrees.
 */
export function shipmentStatus(delays: Delays): RawBuilder<OrderStatusValue> {
  return sql<OrderStatusValue>`COALESCE(shipments.status, CASE
    WHEN orders.auctionid IS NOT NULL AND orders.paid_at IS NULL THEN 'Awaiting payment'
    WHEN coalesce(orders.paid_at, orders.orderdate) <= now() - make_interval(secs => ${delays.deliverAfterHours * 3600}) THEN 'Delivered'
    WHEN coalesce(orders.paid_at, orders.orderdate) <= now() - make_interval(secs => ${delays.shipAfterHours * 3600}) THEN 'Shipped'
    ELSE 'Processing' END)`;
}

/**
 * An order's status now, in a query over `orders`: the least advanced of its shipments that are
 * not cancelled (Awaiting payment < Processing < Shipped < Delivered); Cancelled when all are.
 */
export function orderStatus(delays: Delays): RawBuilder<OrderStatusValue> {
  return sql<OrderStatusValue>`(SELECT CASE min(CASE st
      WHEN 'Awaiting payment' THEN 0 WHEN 'Processing' THEN 1 WHEN 'Shipped' THEN 2 WHEN 'Delivered' THEN 3 END)
      WHEN 0 THEN 'Awaiting payment' WHEN 1 THEN 'Processing' WHEN 2 THEN 'Shipped' WHEN 3 THEN 'Delivered'
      ELSE 'Cancelled' END
    FROM (SELECT ${shipmentStatus(delays)} AS st FROM shipments WHERE shipments.orderid = orders.orderid) s)`;
}
