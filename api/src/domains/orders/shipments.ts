import { MARKETPLACE_SELLER, type Order, type OrderLine, type Shipment } from '@marketplace/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database, OrderStatusValue } from '../../db/schema';
import type { NewNotice } from '../notices/queue';
import { shipmentStatus } from './status';

type Delays = Config['orders'];

/** A shipment's row as the buyer's order reads it. */
export interface ShipmentRow {
  shipmentid: number;
  orderid: number;
  fulfilled_by: 'marketplace' | 'seller';
  sellerid: number | null;
  status: OrderStatusValue;
  /** Whether `status` is stored (false: a marketplace shipment on the order clock). */
  explicit: boolean;
  courier: string | null;
  tracking: string | null;
  shipped_at: Date | string | null;
  delivered_at: Date | string | null;
  cancelled_at: Date | string | null;
  firstname: string | null;
  lastname: string | null;
}

/** The shipments of these orders (each with its status now and its seller's name), in shipment order. */
export async function loadShipments(db: Kysely<Database>, delays: Delays, orderids: number[]): Promise<ShipmentRow[]> {
  if (!orderids.length) return [];
  return db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.orderid', 'shipments.orderid')
    .leftJoin('users', 'users.userid', 'shipments.sellerid')
    .select([
      'shipments.shipmentid',
      'shipments.orderid',
      'shipments.fulfilled_by',
      'shipments.sellerid',
      shipmentStatus(delays).as('status'),
      (eb) => eb('shipments.status', 'is not', null).as('explicit'),
      'shipments.courier',
      'shipments.tracking',
      'shipments.shipped_at',
      'shipments.delivered_at',
      'shipments.cancelled_at',
      'users.firstname',
      'users.lastname',
    ])
    .where('shipments.orderid', 'in', orderids)
    .orderBy('shipments.shipmentid')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, explicit: Boolean(r.explicit) })));
}

/** A time as replies write it (ISO 8601), null kept. */
export const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/**
 * A shipment as the buyer reads it. A marketplace shipment on the clock shipped and was
 * delivered at the order's planned times once its status says so.
 */
export function toShipment(
  s: ShipmentRow,
  lines: (OrderLine & { shipmentid: number })[],
  planned: Pick<Order, 'shippedBy' | 'deliveredBy'>,
): Shipment {
  const reached = (...statuses: OrderStatusValue[]) => statuses.includes(s.status);
  const onClock = !s.explicit;
  return {
    shipmentid: s.shipmentid,
    fulfilledBy: s.fulfilled_by,
    seller:
      s.fulfilled_by === 'marketplace'
        ? MARKETPLACE_SELLER
        : [s.firstname, s.lastname].filter(Boolean).join(' ') || 'A former seller',
    status: s.status,
    courier: s.courier,
    tracking: s.tracking,
    shippedAt: iso(s.shipped_at) ?? (onClock && reached('Shipped', 'Delivered') ? planned.shippedBy : null),
    deliveredAt: iso(s.delivered_at) ?? (onClock && reached('Delivered') ? planned.deliveredBy : null),
    cancelledAt: s.status === 'Cancelled' ? iso(s.cancelled_at) : null,
    lines: lines.filter((l) => l.shipmentid === s.shipmentid).map(({ shipmentid: _s, ...line }) => line),
  };
}

/** How a notice names a shipment's products: the first, and how many more. */
export function shipmentSummary(lines: { productname: string }[]): string {
  const [first, ...more] = lines;
  if (!first) return 'your items';
  return more.length ? `${first.productname} and ${more.length} more` : first.productname;
}

/** The notice telling a seller of their new shipment (queued with the order, or with an auction win's payment). */
export function newOrderNotice(
  shipment: { shipmentid: number; sellerid: number; orderid: number },
  lines: { productname: string; price: number | string; quantity: number }[],
): NewNotice {
  const amount = lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0) / 100;
  return {
    userid: shipment.sellerid,
    kind: 'neworder',
    auctionid: null,
    dedupeKey: `neworder:${shipment.shipmentid}`,
    data: {
      productname: shipmentSummary(lines),
      orderid: shipment.orderid,
      shipmentid: shipment.shipmentid,
      price: amount,
    },
  };
}
