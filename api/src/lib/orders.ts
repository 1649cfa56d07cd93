import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Order, OrderStatus } from '@marketplace/shared/contract';
import type { Config } from '../config';
import type { Database, OrderStatusValue } from '../db/schema';

export const ORDER_STATUSES: OrderStatusValue[] = ['Processing', 'Shipped', 'Delivered', 'Cancelled'];

type Delays = Config['orders'];

/**
 * The status an order has now: the explicit one (operator command or cancel) when set,
 * otherwise Processing → Shipped after `shipAfterHours` → Delivered after `deliverAfterHours`
 * from the order date. Computed by the database clock, so every API process agrees.
 */
export function effectiveStatus(delays: Delays): RawBuilder<OrderStatusValue> {
  return sql<OrderStatusValue>`COALESCE(orders.status, CASE
    WHEN orders.orderdate <= now() - make_interval(secs => ${delays.deliverAfterHours * 3600}) THEN 'Delivered'
    WHEN orders.orderdate <= now() - make_interval(secs => ${delays.shipAfterHours * 3600}) THEN 'Shipped'
    ELSE 'Processing' END)`;
}

/** Rupees → whole paise, so sums are exact. */
export const toPaise = (rupees: number | string) => Math.round(Number(rupees) * 100);
export const toRupees = (paise: number) => paise / 100;

export interface OrderTotals {
  itemsTotal: number;
  discount: number;
  billamount: number;
  billtax: number;
}

/**
 * Server-side money (DECISIONS.md), in paise: the discount is at most the items total (so nothing
 * goes below 0), billamount = items total − discount, shipping 0 from `freeFrom` (items total),
 * else `fee`.
 */
export function computeTotals(itemsPaise: number, couponPaise: number, shipping: Config['shipping']): OrderTotals {
  const discount = Math.max(0, Math.min(couponPaise, itemsPaise));
  const billtax = itemsPaise >= toPaise(shipping.freeFrom) ? 0 : toPaise(shipping.fee);
  return { itemsTotal: itemsPaise, discount, billamount: itemsPaise - discount, billtax };
}

const ORDER_COLUMNS = [
  'orders.orderid',
  'orders.orderdate',
  'orders.billname',
  'orders.billaddress',
  'orders.ordernote',
  'orders.payinfo',
  'orders.billamount',
  'orders.billtax',
  'orders.discount',
  'orders.couponname',
  'orders.cancelled_at',
] as const;

/** The caller's orders (newest first: `limit` of them before the order `before`), or one of them; never another user's. */
export async function loadOrders(
  db: Kysely<Database>,
  delays: Delays,
  userid: number,
  which: { orderid: number } | { before?: number; limit: number },
): Promise<Order[]> {
  let query = db
    .selectFrom('orders')
    .select([...ORDER_COLUMNS, effectiveStatus(delays).as('effective_status')])
    .where('orders.userid', '=', userid);
  if ('orderid' in which) query = query.where('orders.orderid', '=', which.orderid);
  else {
    if (which.before !== undefined) query = query.where('orders.orderid', '<', which.before);
    query = query.limit(which.limit);
  }
  const rows = await query.orderBy('orders.orderid', 'desc').execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines')
    .select(['orderid', 'productid', 'productname', 'price', 'quantity'])
    .where(
      'orderid',
      'in',
      rows.map((r) => r.orderid),
    )
    .orderBy('orderid')
    .orderBy('lineno')
    .execute();
  const byOrder = new Map<number, Order['orderdata']>();
  for (const l of lines) {
    const list = byOrder.get(l.orderid) ?? [];
    list.push({ productid: l.productid ?? 0, productname: l.productname, price: Number(l.price), quantity: l.quantity });
    byOrder.set(l.orderid, list);
  }
  return rows.map((r) => toOrder({ ...r, status: r.effective_status as OrderStatus }, byOrder.get(r.orderid) ?? [], delays));
}

/** The reply shape of an order from its row (with the status it has now) and its lines. */
export function toOrder(
  r: {
    orderid: number;
    orderdate: Date | string;
    billname: string;
    billaddress: string;
    ordernote: string;
    payinfo: string;
    billamount: number | string;
    billtax: number | string;
    discount: number | string;
    couponname: string | null;
    cancelled_at: Date | string | null;
    status: OrderStatus;
  },
  lines: Order['orderdata'],
  delays: Delays,
): Order {
  const date = new Date(r.orderdate);
  const at = (hours: number) => new Date(date.getTime() + hours * 3600_000).toISOString();
  const billamount = toPaise(r.billamount);
  const billtax = toPaise(r.billtax);
  return {
    orderid: r.orderid,
    orderdate: date.toISOString(),
    billname: r.billname,
    billamount: toRupees(billamount),
    billtax: toRupees(billtax),
    discount: Number(r.discount),
    couponname: r.couponname ?? '',
    total: toRupees(billamount + billtax),
    status: r.status,
    ordernote: r.ordernote,
    billaddress: r.billaddress,
    payinfo: r.payinfo as Order['payinfo'],
    orderdata: lines,
    shippedBy: at(delays.shipAfterHours),
    deliveredBy: at(delays.deliverAfterHours),
    cancelledAt: r.cancelled_at ? new Date(r.cancelled_at).toISOString() : null,
  };
}

/**
 * Operator: sets an order's status explicitly (it then no longer follows the clock), or `auto`
 * to let it follow the clock again. Returns the status before and after, or null for an unknown order.
 */
export async function setOrderStatus(
  db: Kysely<Database>,
  delays: Delays,
  orderid: number,
  status: OrderStatusValue | 'auto',
): Promise<{ before: OrderStatusValue; after: OrderStatusValue } | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('orders')
      .select(['orderid', effectiveStatus(delays).as('effective_status')])
      .where('orderid', '=', orderid)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return null;
    const explicit = status === 'auto' ? null : status;
    const updated = await trx
      .updateTable('orders')
      .set({
        status: explicit,
        status_set_at: explicit ? new Date() : null,
        cancelled_at: explicit === 'Cancelled' ? sql`COALESCE(cancelled_at, now())` : null,
      })
      .where('orderid', '=', orderid)
      .returning([effectiveStatus(delays).as('effective_status')])
      .executeTakeFirstOrThrow();
    return { before: current.effective_status, after: updated.effective_status };
  });
}
