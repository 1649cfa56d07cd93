import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Order, OrderStatus, PayAuctionOrderBody, PlaceOrderBody } from '@marketplace/contract';
import type { Config } from '../../config';
import { executePrepared } from '../../db/prepared';
import type { Database, OrderStatusValue } from '../../db/schema';
import { LOW_STOCK, STOCK_MAX, STOCK_MESSAGES } from '@marketplace/contract';
import { imageUrl } from '../../context';
import { notifyCatalogueChanged } from '../../lib/catalogue-cache';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { consumeCoupon } from '../coupons/repository';
import { MAX_ORDER_TOTAL_PAISE, ORDER_MESSAGES, computeTotals, toPaise, toRupees } from './rules';

type Delays = Config['orders'];

/**
 * The status an order has now: the explicit one (operator command or cancel) when set; an
 * auction win not yet paid: Awaiting payment; otherwise Processing → Shipped after
 * `shipAfterHours` → Delivered after `deliverAfterHours` from the order date (an auction win's:
 * from its payment). Computed by the database clock, so every API process agrees.
 */
export function effectiveStatus(delays: Delays): RawBuilder<OrderStatusValue> {
  return sql<OrderStatusValue>`COALESCE(orders.status, CASE
    WHEN orders.auctionid IS NOT NULL AND orders.paid_at IS NULL THEN 'Awaiting payment'
    WHEN coalesce(orders.paid_at, orders.orderdate) <= now() - make_interval(secs => ${delays.deliverAfterHours * 3600}) THEN 'Delivered'
    WHEN coalesce(orders.paid_at, orders.orderdate) <= now() - make_interval(secs => ${delays.shipAfterHours * 3600}) THEN 'Shipped'
    ELSE 'Processing' END)`;
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
  'orders.auctionid',
  'orders.paid_at',
  'auctions.photo_hashes',
] as const;

/** The caller's orders (newest first: `limit` of them before the order `before`), or one of them; never another user's. */
export async function loadOrders(
  db: Kysely<Database>,
  delays: Delays,
  userid: number,
  which: { orderid: number } | { before?: number; limit: number },
  /** The public base of photo URLs (an auction win shows its item's photo). */
  base = '',
): Promise<Order[]> {
  let query = db
    .selectFrom('orders')
    .leftJoin('auctions', 'auctions.auctionid', 'orders.auctionid')
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
    list.push({
      productid: l.productid ?? 0,
      productname: l.productname,
      price: Number(l.price),
      quantity: l.quantity,
    });
    byOrder.set(l.orderid, list);
  }
  return rows.map((r) => {
    const order = toOrder({ ...r, status: r.effective_status as OrderStatus }, byOrder.get(r.orderid) ?? [], delays);
    if (r.auctionid === null) return order;
    const hash = r.photo_hashes?.[0];
    return { ...order, auctionid: r.auctionid, ...(hash ? { photo: imageUrl(base, hash) } : {}) };
  });
}

/** The reply shape of an order from its row (with the status it has now) and its lines. */
export function toOrder(
  r: {
    orderid: number;
    orderdate: Date | string;
    billname: string;
    billaddress: string;
    ordernote: string;
    payinfo: string | null;
    billamount: number | string;
    billtax: number | string;
    discount: number | string;
    couponname: string | null;
    cancelled_at: Date | string | null;
    status: OrderStatus;
    /** An auction win's payment: its delivery clock starts there. */
    paid_at?: Date | string | null;
  },
  lines: Order['orderdata'],
  delays: Delays,
): Order {
  const date = new Date(r.orderdate);
  const from = r.paid_at ? new Date(r.paid_at) : date;
  const at = (hours: number) => new Date(from.getTime() + hours * 3600_000).toISOString();
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
    payinfo: (r.payinfo ?? null) as Order['payinfo'],
    orderdata: lines,
    shippedBy: at(delays.shipAfterHours),
    deliveredBy: at(delays.deliverAfterHours),
    cancelledAt: r.cancelled_at ? new Date(r.cancelled_at).toISOString() : null,
  };
}

async function orderIdByKey(db: Kysely<Database>, userid: number, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('orderid')
    .where('userid', '=', userid)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.orderid;
}

/**
 * A placed order (with the products it left low or out of stock: the caller's catalogue cache
 * forgets them), or the order an earlier request with the same Idempotency-Key placed.
 */
export type Placement = { order: Order; low: number[] } | { replayedOrderid: number };

/**
 * Orders the user's whole cart, in one transaction (order + lines written, units taken from
 * stock, coupon use counted, cart emptied — all or nothing; 409 naming the product and how many
 * are left when a line asks for more than its stock). Amounts come from the catalogue and the coupon table.
 * The same Idempotency-Key again answers the first order, without a lookup on the way in: a
 * twin in flight holds the cart rows this order deletes, so it waits for the twin, then finds
 * the cart empty and the twin's order under the key; a twin on a refilled cart fails on the
 * unique (userid, idempotency_key), rolls back (the cart is kept) and answers the first order.
 */
export async function placeOrder(
  db: Kysely<Database>,
  config: Pick<Config, 'shipping' | 'orders'>,
  userid: number,
  key: string | undefined,
  body: PlaceOrderBody,
): Promise<Placement> {
  const couponname = body.couponname?.trim() ?? '';
  try {
    return await db.transaction().execute(async (trx): Promise<Placement> => {
      // The cart is read and emptied in one statement, its products locked in productid order (a
      // fixed order: two orders of the same products never wait on each other in a circle) and
      // read as committed after any wait. A refusal below rolls both back.
      const { rows: locked } = await executePrepared(
        trx,
        sql<{ cartid: number; productid: number; productname: string; price: string; quantity: number; stock: number }>`
        WITH removed AS (DELETE FROM cart_items WHERE userid = ${userid} RETURNING cartid, productid, quantity)
        SELECT r.cartid, p.productid, p.productname, p.price, r.quantity, p.stock
        FROM removed r JOIN products p ON p.productid = r.productid
        ORDER BY p.productid FOR UPDATE OF p`,
      );
      if (locked.length === 0) {
        const existing = key && (await orderIdByKey(trx, userid, key));
        if (existing) return { replayedOrderid: existing };
        throw badRequest(ORDER_MESSAGES.emptyCart);
      }
      const items = locked.sort((a, b) => a.cartid - b.cartid);
      // Refused before anything is kept: the transaction gives the cart (and the stock) back.
      const short = items.find((i) => i.quantity > i.stock);
      if (short) throw conflict(STOCK_MESSAGES.onlyLeft(short.productname, short.stock));

      const itemsPaise = items.reduce((sum, i) => sum + toPaise(i.price) * i.quantity, 0);
      if (itemsPaise > MAX_ORDER_TOTAL_PAISE) throw badRequest(ORDER_MESSAGES.tooLarge);
      const coupon = couponname ? await consumeCoupon(trx, couponname) : null;
      const totals = computeTotals(itemsPaise, coupon ? toPaise(coupon.discount) : 0, config.shipping);
      const order = {
        billname: body.billname.trim(),
        billaddress: body.billaddress.trim(),
        ordernote: (body.ordernote ?? '').trim(),
        payinfo: body.payinfo,
        billamount: toRupees(totals.billamount),
        billtax: toRupees(totals.billtax),
        discount: toRupees(totals.discount),
        couponname: coupon?.couponname ?? null,
      };
      const lines = items.map((item, i) => ({
        lineno: i + 1,
        productid: item.productid,
        productname: item.productname,
        price: item.price,
        quantity: item.quantity,
      }));
      // The order, its lines and the units taken, in one statement. The rows are locked and were
      // checked above; the guard `stock >= quantity` (and the CHECK stock >= 0) still stands.
      const { rows } = await executePrepared(
        trx,
        sql<{ orderid: number; orderdate: Date; low: number[] | null }>`
        WITH l AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
            AS l(lineno int, productid int, productname text, price numeric, quantity int)
        ), placed AS (
          INSERT INTO orders (userid, billname, billaddress, ordernote, payinfo, items_total, discount, billamount, billtax, couponname, idempotency_key)
          VALUES (${userid}, ${order.billname}, ${order.billaddress}, ${order.ordernote}, ${order.payinfo}, ${toRupees(totals.itemsTotal)},
            ${order.discount}, ${order.billamount}, ${order.billtax}, ${order.couponname}, ${key ?? null})
          RETURNING orderid, orderdate
        ), lines AS (
          INSERT INTO order_lines (orderid, lineno, productid, productname, price, quantity)
          SELECT placed.orderid, l.lineno, l.productid, l.productname, l.price, l.quantity
          FROM placed, l
          RETURNING 1
        ), taken AS (
          UPDATE products p SET stock = p.stock - l.quantity
          FROM l WHERE p.productid = l.productid AND p.stock >= l.quantity
          RETURNING p.productid, p.stock
        )
        SELECT orderid, orderdate,
          (SELECT array_agg(productid) FROM taken WHERE stock <= ${LOW_STOCK}) AS low
        FROM placed
        WHERE (SELECT count(*) FROM lines) = ${lines.length} AND (SELECT count(*) FROM taken) = ${lines.length}`,
      );
      if (!rows[0]) throw new Error('The order lines were not all written, or their units not all taken');
      // What the catalogue says changed only for products now low or out ("Only N left",
      // "Out of stock"): only those reach every process's cache (at commit).
      const low = rows[0].low ?? [];
      for (const productid of low) await notifyCatalogueChanged(trx, productid);
      const placed = toOrder(
        { ...order, orderid: rows[0].orderid, orderdate: rows[0].orderdate, cancelled_at: null, status: 'Processing' },
        items.map((item) => ({
          productid: item.productid,
          productname: item.productname,
          price: Number(item.price),
          quantity: item.quantity,
        })),
        config.orders,
      );
      return { order: placed, low };
    });
  } catch (e) {
    // A twin with the same key committed first.
    if (
      key &&
      (e as { code?: string }).code === '23505' &&
      String((e as Error).message).includes('orders_idempotency_key')
    ) {
      const existing = await orderIdByKey(db, userid, key);
      if (existing) return { replayedOrderid: existing };
    }
    throw e;
  }
}

/** A cancelled order's units back in stock: the products now back from 0 (their waiters are told). */
export interface Cancellation {
  backInStock: { productid: number; productname: string }[];
}

/**
 * Cancels the user's order while it is Processing or Shipped (one guarded UPDATE; the order stays
 * on record as Cancelled) and returns its units to stock in the same transaction: the
 * Cancellation, or the status that kept it (undefined: no such order of theirs).
 */
export async function cancelOrder(
  db: Kysely<Database>,
  delays: Delays,
  userid: number,
  orderid: number,
): Promise<Cancellation | OrderStatusValue | undefined> {
  const status = effectiveStatus(delays);
  const done = await db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable('orders')
      .set({ status: 'Cancelled', status_set_at: sql`now()`, cancelled_at: sql`now()` })
      .where('orderid', '=', orderid)
      .where('userid', '=', userid)
      .where(sql<boolean>`${status} IN ('Awaiting payment', 'Processing', 'Shipped')`)
      .returning('orderid')
      .executeTakeFirst();
    return cancelled ? returnUnits(trx, orderid) : undefined;
  });
  if (done) return done;
  const row = await db
    .selectFrom('orders')
    .select(status.as('effective_status'))
    .where('orderid', '=', orderid)
    .where('userid', '=', userid)
    .executeTakeFirst();
  return row?.effective_status;
}

/**
 * Puts a cancelled order's units back in stock (products taken down since are skipped; a stock
 * never goes past STOCK_MAX). Rows are locked in productid order, as placing an order locks them.
 * The products whose label changes ("Only N left", "Out of stock") reach every catalogue cache.
 */
async function returnUnits(trx: Kysely<Database>, orderid: number): Promise<Cancellation> {
  const { rows } = await sql<{ productid: number; productname: string; stock: number; was: number }>`
    WITH q AS (
      SELECT productid, sum(quantity)::int AS quantity FROM order_lines
      WHERE orderid = ${orderid} AND productid IS NOT NULL GROUP BY productid
    ), locked AS (
      SELECT p.productid FROM products p JOIN q ON q.productid = p.productid ORDER BY p.productid FOR UPDATE OF p
    )
    UPDATE products p SET stock = LEAST(p.stock + q.quantity, ${STOCK_MAX})
    FROM q, locked WHERE p.productid = q.productid AND locked.productid = q.productid
    RETURNING p.productid, p.productname, p.stock, p.stock - q.quantity AS was`.execute(trx);
  for (const r of rows) if (r.was <= LOW_STOCK) await notifyCatalogueChanged(trx, r.productid);
  return {
    backInStock: rows
      .filter((r) => r.was <= 0 && r.stock > 0)
      .map((r) => ({ productid: r.productid, productname: r.productname })),
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

/**
 * The winner of an auction completes its order (checkout's rules: bill name, an address,
 * a payment choice): one guarded UPDATE, only on the caller's own auction order still awaiting
 * payment; 404 for an order that is not theirs or not an auction win, 409 once completed.
 */
export async function payAuctionOrder(db: Kysely<Database>, userid: number, body: PayAuctionOrderBody): Promise<void> {
  const paid = await db
    .updateTable('orders')
    .set({
      billname: body.billname.trim(),
      billaddress: body.billaddress.trim(),
      ordernote: (body.ordernote ?? '').trim(),
      payinfo: body.payinfo,
      paid_at: sql`now()`,
    })
    .where('orderid', '=', body.orderid)
    .where('userid', '=', userid)
    .where('auctionid', 'is not', null)
    .where('paid_at', 'is', null)
    .where('status', 'is', null)
    .returning('orderid')
    .executeTakeFirst();
  if (paid) return;
  const row = await db
    .selectFrom('orders')
    .select(['auctionid', 'status'])
    .where('orderid', '=', body.orderid)
    .where('userid', '=', userid)
    .executeTakeFirst();
  if (!row || row.auctionid === null) throw notFound(ORDER_MESSAGES.notFound);
  throw conflict(row.status === 'Cancelled' ? ORDER_MESSAGES.alreadyCancelled : ORDER_MESSAGES.alreadyPaid);
}
