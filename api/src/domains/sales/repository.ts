import { SHIPMENT_MESSAGES, type MarkShippedBody, type OrderStatus, type Sale } from '@marketplace/contract';
import { sql, type Kysely } from 'kysely';
import type { Database, OrderStatusValue } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import { queueNotices } from '../notices/queue';
import { iso, shipmentSummary } from '../orders/shipments';
import { toRupees, toPaise } from '../orders/rules';

/**
 * A seller's shipments, newest first (`limit` of them before the shipment `before`, optionally
 * of one status), or one of them; never another seller's. A seller's shipment always has its
 * status stored (no clock), so the filter is an index range (shipments_seller_status_idx).
 */
export async function loadSales(
  db: Kysely<Database>,
  sellerid: number,
  which: { shipmentid: number } | { status?: OrderStatusValue; before?: number; limit: number },
): Promise<{ rows: Sale[]; next: string | null }> {
  let query = db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.orderid', 'shipments.orderid')
    .select([
      'shipments.shipmentid',
      'shipments.orderid',
      'orders.orderdate',
      'shipments.status',
      'orders.billname',
      'orders.billaddress',
      'orders.ordernote',
      'orders.auctionid',
      'shipments.courier',
      'shipments.tracking',
      'shipments.shipped_at',
      'shipments.delivered_at',
      'shipments.cancelled_at',
    ])
    .where('shipments.sellerid', '=', sellerid);
  let limit = 1;
  if ('shipmentid' in which) query = query.where('shipments.shipmentid', '=', which.shipmentid);
  else {
    if (which.status) query = query.where('shipments.status', '=', which.status);
    if (which.before !== undefined) query = query.where('shipments.shipmentid', '<', which.before);
    limit = which.limit;
  }
  const found = await query
    .orderBy('shipments.shipmentid', 'desc')
    .limit(limit + 1)
    .execute();
  const page = pageOf(found, limit, (r) => [r.shipmentid]);
  if (!page.rows.length) return { rows: [], next: null };
  // By the order's key (orderid, lineno), then kept to this seller's shipments.
  const lines = await db
    .selectFrom('order_lines')
    .select(['shipmentid', 'productid', 'productname', 'price', 'quantity'])
    .where('orderid', 'in', [...new Set(page.rows.map((r) => r.orderid))])
    .where(
      'shipmentid',
      'in',
      page.rows.map((r) => r.shipmentid),
    )
    .orderBy('orderid')
    .orderBy('lineno')
    .execute();
  const rows = page.rows.map((r): Sale => {
    const mine = lines
      .filter((l) => l.shipmentid === r.shipmentid)
      .map((l) => ({
        productid: l.productid ?? 0,
        productname: l.productname,
        price: Number(l.price),
        quantity: l.quantity,
      }));
    return {
      shipmentid: r.shipmentid,
      orderid: r.orderid,
      orderdate: new Date(r.orderdate).toISOString(),
      status: r.status as OrderStatus,
      shipto: { name: r.billname, address: r.billaddress, note: r.ordernote },
      lines: mine,
      amount: toRupees(mine.reduce((sum, l) => sum + toPaise(l.price) * l.quantity, 0)),
      courier: r.courier,
      tracking: r.tracking,
      shippedAt: iso(r.shipped_at),
      deliveredAt: iso(r.delivered_at),
      cancelledAt: iso(r.cancelled_at),
      ...(r.auctionid === null ? {} : { auctionid: r.auctionid }),
    };
  });
  return { rows, next: page.next };
}

/** Why a shipment in this status cannot take the step (409), or nothing when it can. */
function refusal(status: OrderStatusValue | null, step: 'shipped' | 'delivered'): string | undefined {
  const from: OrderStatusValue = step === 'shipped' ? 'Processing' : 'Shipped';
  if (status === from) return undefined;
  switch (status) {
    case 'Awaiting payment':
      return SHIPMENT_MESSAGES.awaitingPayment;
    case 'Cancelled':
      return SHIPMENT_MESSAGES.cancelled;
    case 'Processing':
      return SHIPMENT_MESSAGES.notShipped;
    case 'Shipped':
      return SHIPMENT_MESSAGES.alreadyShipped;
    default:
      return SHIPMENT_MESSAGES.alreadyDelivered;
  }
}

/**
 * The seller moves their shipment one step on (Processing → Shipped with its courier and
 * tracking number, or Shipped → Delivered) and its buyer is told, in one transaction. The row
 * is locked first, so a buyer's cancel and the seller's step take turns: a status never goes
 * back, and a cancelled shipment is never shipped. 404 unknown, 403 another's (or the
 * marketplace's), 409 a step its status does not allow.
 */
export async function moveSale(
  db: Kysely<Database>,
  sellerid: number,
  shipmentid: number,
  step: { to: 'shipped'; body: MarkShippedBody } | { to: 'delivered' },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const shipment = await trx
      .selectFrom('shipments')
      .innerJoin('orders', 'orders.orderid', 'shipments.orderid')
      .select([
        'shipments.sellerid',
        'shipments.status',
        'shipments.orderid',
        'shipments.courier',
        'shipments.tracking',
        'orders.userid as buyer',
      ])
      .where('shipments.shipmentid', '=', shipmentid)
      .forUpdate('shipments')
      .executeTakeFirst();
    if (!shipment) throw notFound(SHIPMENT_MESSAGES.notFound);
    if (shipment.sellerid !== sellerid) throw forbidden(SHIPMENT_MESSAGES.notYours);
    const refused = refusal(shipment.status, step.to);
    if (refused) throw conflict(refused);

    const shipped = step.to === 'shipped' ? { courier: step.body.courier.trim(), tracking: step.body.tracking } : null;
    await trx
      .updateTable('shipments')
      .set(
        shipped
          ? { status: 'Shipped', ...shipped, shipped_at: sql`now()` }
          : { status: 'Delivered', delivered_at: sql`now()` },
      )
      .where('shipmentid', '=', shipmentid)
      .execute();
    const lines = await trx
      .selectFrom('order_lines')
      .select('productname')
      .where('orderid', '=', shipment.orderid)
      .where('shipmentid', '=', shipmentid)
      .orderBy('lineno')
      .execute();
    await queueNotices(trx, [
      {
        userid: shipment.buyer,
        kind: step.to,
        auctionid: null,
        dedupeKey: `${step.to}:${shipmentid}`,
        data: {
          productname: shipmentSummary(lines),
          orderid: shipment.orderid,
          shipmentid,
          courier: shipped?.courier ?? shipment.courier,
          tracking: shipped?.tracking ?? shipment.tracking,
        },
      },
    ]);
  });
}
