import { sql, type Kysely } from 'kysely';
import type { Order, OrderStatus, PayAuctionOrderBody, PlaceOrderBody } from '@marketplace/contract';
import type { Config } from '../../config';
import { executePrepared } from '../../db/prepared';
import type { Database, OrderStatusValue } from '../../db/schema';
import { LOW_STOCK, STOCK_MAX, STOCK_MESSAGES } from '@marketplace/contract';
import { imageUrl } from '../../context';
import { notifyCatalogueChanged } from '../../lib/catalogue-cache';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { consumeCoupon } from '../coupons/repository';
import { queueNotices, type NewNotice } from '../notices/queue';
import { MAX_ORDER_TOTAL_PAISE, ORDER_MESSAGES, computeTotals, toPaise, toRupees } from './rules';
import { loadShipments, newOrderNotice, shipmentSummary, toShipment, type ShipmentRow } from './shipments';
import { orderStatus, shipmentStatus } from './status';

type Delays = Config['orders'];

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
    .select([...ORDER_COLUMNS, orderStatus(delays).as('effective_status')])
    .where('orders.userid', '=', userid);
  if ('orderid' in which) query = query.where('orders.orderid', '=', which.orderid);
  else {
    if (which.before !== undefined) query = query.where('orders.orderid', '<', which.before);
    query = query.limit(which.limit);
  }
  const rows = await query.orderBy('orders.orderid', 'desc').execute();
  if (rows.length === 0) return [];
  const orderids = rows.map((r) => r.orderid);
  const [lines, shipments] = await Promise.all([
    db
      .selectFrom('order_lines')
      .select(['orderid', 'productid', 'productname', 'price', 'quantity', 'shipmentid'])
      .where('orderid', 'in', orderids)
      .orderBy('orderid')
      .orderBy('lineno')
      .execute(),
    loadShipments(db, delays, orderids),
  ]);
  const byOrder = new Map<number, Lines>();
  for (const l of lines) {
    const list = byOrder.get(l.orderid) ?? [];
    list.push({
      productid: l.productid ?? 0,
      productname: l.productname,
      price: Number(l.price),
      quantity: l.quantity,
      shipmentid: l.shipmentid,
    });
    byOrder.set(l.orderid, list);
  }
  return rows.map((r) => {
    const order = toOrder(
      { ...r, status: r.effective_status as OrderStatus },
      byOrder.get(r.orderid) ?? [],
      shipments.filter((sh) => sh.orderid === r.orderid),
      delays,
    );
    if (r.auctionid === null) return order;
    const hash = r.photo_hashes?.[0];
    return { ...order, auctionid: r.auctionid, ...(hash ? { photo: imageUrl(base, hash) } : {}) };
  });
}

/** An order's lines, each with the shipment it travels in. */
type Lines = (Order['orderdata'][number] & { shipmentid: number })[];

/** The reply shape of an order from its row (with the status it has now), its lines and its shipments. */
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
  lines: Lines,
  shipments: ShipmentRow[],
  delays: Delays,
): Order {
  const date = new Date(r.orderdate);
  const from = r.paid_at ? new Date(r.paid_at) : date;
  const at = (hours: number) => new Date(from.getTime() + hours * 3600_000).toISOString();
  const billamount = toPaise(r.billamount);
  const billtax = toPaise(r.billtax);
  const planned = { shippedBy: at(delays.shipAfterHours), deliveredBy: at(delays.deliverAfterHours) };
  const parts = shipments.map((s) => toShipment(s, lines, planned));
  // The time of the cancel that ended the order: the buyer's, or the last shipment's (operator).
  const cancelledAt =
    r.status !== 'Cancelled'
      ? null
      : r.cancelled_at
        ? new Date(r.cancelled_at).toISOString()
        : (parts
            .map((p) => p.cancelledAt)
            .sort()
            .at(-1) ?? null);
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
    orderdata: lines.map(({ shipmentid: _s, ...line }) => line),
    ...planned,
    cancelledAt,
    shipments: parts,
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
export type Placement = { order: Order; low: number[]; toldSellers: boolean } | { replayedOrderid: number };

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
        sql<{
          cartid: number;
          productid: number;
          productname: string;
          price: string;
          quantity: number;
          stock: number;
          fulfilled_by: 'marketplace' | 'seller';
          sellerid: number;
          firstname: string;
          lastname: string;
        }>`
        WITH removed AS (DELETE FROM cart_items WHERE userid = ${userid} RETURNING cartid, productid, quantity)
        SELECT r.cartid, p.productid, p.productname, p.price, r.quantity, p.stock, p.fulfilled_by,
          p.userid AS sellerid, u.firstname, u.lastname
        FROM removed r JOIN products p ON p.productid = r.productid JOIN users u ON u.userid = p.userid
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
      // One shipment per party that ships: the marketplace (its catalogue, on the order clock)
      // and each seller (Processing until they mark it shipped).
      const sellerOf = (i: (typeof items)[number]) => (i.fulfilled_by === 'seller' ? i.sellerid : null);
      const parties = [...new Map(items.map((i) => [`${i.fulfilled_by}:${sellerOf(i)}`, i])).values()].map((i) => ({
        fulfilled_by: i.fulfilled_by,
        sellerid: sellerOf(i),
        status: i.fulfilled_by === 'seller' ? 'Processing' : null,
      }));
      const lines = items.map((item, i) => ({
        lineno: i + 1,
        productid: item.productid,
        productname: item.productname,
        price: item.price,
        quantity: item.quantity,
        fulfilled_by: item.fulfilled_by,
        sellerid: sellerOf(item),
      }));
      // The order, its shipments, its lines and the units taken, in one statement. The rows are
      // locked and were checked above; the guard `stock >= quantity` (and the CHECK stock >= 0) still stands.
      const { rows } = await executePrepared(
        trx,
        sql<{
          orderid: number;
          orderdate: Date;
          low: number[] | null;
          shipments: { shipmentid: number; fulfilled_by: 'marketplace' | 'seller'; sellerid: number | null }[];
        }>`
        WITH l AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
            AS l(lineno int, productid int, productname text, price numeric, quantity int, fulfilled_by text, sellerid int)
        ), placed AS (
          INSERT INTO orders (userid, billname, billaddress, ordernote, payinfo, items_total, discount, billamount, billtax, couponname, idempotency_key)
          VALUES (${userid}, ${order.billname}, ${order.billaddress}, ${order.ordernote}, ${order.payinfo}, ${toRupees(totals.itemsTotal)},
            ${order.discount}, ${order.billamount}, ${order.billtax}, ${order.couponname}, ${key ?? null})
          RETURNING orderid, orderdate
        ), shipped AS (
          INSERT INTO shipments (orderid, fulfilled_by, sellerid, status)
          SELECT placed.orderid, s.fulfilled_by, s.sellerid, s.status
          FROM placed, jsonb_to_recordset(${JSON.stringify(parties)}::jsonb) AS s(fulfilled_by text, sellerid int, status text)
          RETURNING shipmentid, fulfilled_by, sellerid
        ), lines AS (
          INSERT INTO order_lines (orderid, lineno, productid, productname, price, quantity, shipmentid)
          SELECT placed.orderid, l.lineno, l.productid, l.productname, l.price, l.quantity, shipped.shipmentid
          FROM placed, l JOIN shipped ON shipped.fulfilled_by = l.fulfilled_by AND shipped.sellerid IS NOT DISTINCT FROM l.sellerid
          RETURNING 1
        ), taken AS (
          UPDATE products p SET stock = p.stock - l.quantity
          FROM l WHERE p.productid = l.productid AND p.stock >= l.quantity
          RETURNING p.productid, p.stock
        )
        SELECT orderid, orderdate,
          (SELECT array_agg(productid) FROM taken WHERE stock <= ${LOW_STOCK}) AS low,
          (SELECT json_agg(json_build_object('shipmentid', shipmentid, 'fulfilled_by', fulfilled_by, 'sellerid', sellerid)
            ORDER BY shipmentid) FROM shipped) AS shipments
        FROM placed
        WHERE (SELECT count(*) FROM lines) = ${lines.length} AND (SELECT count(*) FROM taken) = ${lines.length}`,
      );
      const placedRow = rows[0];
      if (!placedRow) throw new Error('The order lines were not all written, or their units not all taken');
      const shipmentOf = (i: (typeof items)[number]) =>
        placedRow.shipments.find((sh) => sh.fulfilled_by === i.fulfilled_by && sh.sellerid === sellerOf(i))!.shipmentid;
      const placedLines = items.map((item) => ({
        productid: item.productid,
        productname: item.productname,
        price: Number(item.price),
        quantity: item.quantity,
        shipmentid: shipmentOf(item),
      }));
      // Each seller is told of the part they ship (mailed after the commit, from the outbox).
      const sellers: NewNotice[] = placedRow.shipments
        .filter((sh) => sh.sellerid !== null)
        .map((sh) =>
          newOrderNotice(
            { shipmentid: sh.shipmentid, sellerid: sh.sellerid!, orderid: placedRow.orderid },
            placedLines.filter((l) => l.shipmentid === sh.shipmentid),
          ),
        );
      await queueNotices(trx, sellers);
      // What the catalogue says changed only for products now low or out ("Only N left",
      // "Out of stock"): only those reach every process's cache (at commit).
      const low = placedRow.low ?? [];
      for (const productid of low) await notifyCatalogueChanged(trx, productid);
      const placed = toOrder(
        {
          ...order,
          orderid: placedRow.orderid,
          orderdate: placedRow.orderdate,
          cancelled_at: null,
          status: 'Processing',
        },
        placedLines,
        placedRow.shipments.map((sh) => {
          const seller = items.find((i) => sellerOf(i) === sh.sellerid && i.fulfilled_by === sh.fulfilled_by)!;
          return {
            ...sh,
            orderid: placedRow.orderid,
            status: 'Processing',
            explicit: sh.fulfilled_by === 'seller',
            courier: null,
            tracking: null,
            shipped_at: null,
            delivered_at: null,
            cancelled_at: null,
            firstname: seller.firstname,
            lastname: seller.lastname,
          };
        }),
        config.orders,
      );
      return { order: placed, low, toldSellers: sellers.length > 0 };
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

/** A cancelled order's units back in stock (the products now back from 0: their waiters are told), and whether a seller was told. */
export interface Cancellation {
  backInStock: { productid: number; productname: string }[];
  toldSellers: boolean;
}

/** The statuses a shipment can be cancelled in by its buyer: a seller's only before it ships. */
const CANCELLABLE = sql<boolean>`CASE WHEN shipments.fulfilled_by = 'seller'
  THEN st IN ('Awaiting payment', 'Processing') ELSE st IN ('Awaiting payment', 'Processing', 'Shipped') END`;

/**
 * The buyer cancels their order: every shipment of it that can still be cancelled (the
 * marketplace's before Delivered, as the spec's cancel; a seller's before they ship it) is
 * Cancelled, their units go back to stock and their sellers are told, in one transaction. The
 * order stays on record. Returns the Cancellation, or the order's status that kept it
 * (undefined: no such order of theirs).
 */
export async function cancelOrder(
  db: Kysely<Database>,
  delays: Delays,
  userid: number,
  orderid: number,
): Promise<Cancellation | OrderStatusValue | undefined> {
  return db.transaction().execute(async (trx) => {
    // The order row first: two cancels of one order (or a cancel and a payment) take turns.
    const mine = await trx
      .selectFrom('orders')
      .select('orderid')
      .where('orderid', '=', orderid)
      .where('userid', '=', userid)
      .forUpdate()
      .executeTakeFirst();
    if (!mine) return undefined;
    const { rows: cancelled } = await sql<{ shipmentid: number; sellerid: number | null }>`
      WITH current AS (
        SELECT shipments.shipmentid, ${shipmentStatus(delays)} AS st, shipments.fulfilled_by
        FROM shipments JOIN orders ON orders.orderid = shipments.orderid
        WHERE shipments.orderid = ${orderid}
        ORDER BY shipments.shipmentid FOR UPDATE OF shipments
      )
      UPDATE shipments SET status = 'Cancelled', cancelled_at = now()
      FROM current WHERE shipments.shipmentid = current.shipmentid AND ${CANCELLABLE}
      RETURNING shipments.shipmentid, shipments.sellerid`.execute(trx);
    if (!cancelled.length) {
      const row = await trx
        .selectFrom('orders')
        .select(orderStatus(delays).as('status'))
        .where('orderid', '=', orderid)
        .executeTakeFirstOrThrow();
      return row.status;
    }
    await trx
      .updateTable('orders')
      .set({ cancelled_at: sql`now()` })
      .where('orderid', '=', orderid)
      .execute();
    const ids = cancelled.map((c) => c.shipmentid);
    const lines = await trx
      .selectFrom('order_lines')
      .select(['productname', 'shipmentid'])
      .where('orderid', '=', orderid)
      .where('shipmentid', 'in', ids)
      .orderBy('lineno')
      .execute();
    const sellers: NewNotice[] = cancelled
      .filter((c) => c.sellerid !== null)
      .map((c) => ({
        userid: c.sellerid!,
        kind: 'ordercancelled',
        auctionid: null,
        dedupeKey: `ordercancelled:${c.shipmentid}`,
        data: {
          productname: shipmentSummary(lines.filter((l) => l.shipmentid === c.shipmentid)),
          orderid,
          shipmentid: c.shipmentid,
        },
      }));
    await queueNotices(trx, sellers);
    return { ...(await returnUnits(trx, orderid, ids)), toldSellers: sellers.length > 0 };
  });
}

/**
 * Puts cancelled shipments' units back in stock (products taken down since are skipped; a stock
 * never goes past STOCK_MAX). Rows are locked in productid order, as placing an order locks them.
 * The products whose label changes ("Only N left", "Out of stock") reach every catalogue cache.
 */
async function returnUnits(
  trx: Kysely<Database>,
  orderid: number,
  shipmentids: number[],
): Promise<Omit<Cancellation, 'toldSellers'>> {
  const { rows } = await sql<{ productid: number; productname: string; stock: number; was: number }>`
    WITH q AS (
      SELECT productid, sum(quantity)::int AS quantity FROM order_lines
      WHERE orderid = ${orderid} AND shipmentid = ANY(${shipmentids}::int[]) AND productid IS NOT NULL
      GROUP BY productid
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

/** What the operator's command changed: the status before and after (of the order, or of the shipment). */
export type StatusChange = { before: OrderStatusValue; after: OrderStatusValue };

/**
 * Operator: sets the status of an order's shipments (`{ orderid }`) or of one shipment
 * (`{ shipmentid }`) explicitly, or `auto` to let a marketplace shipment follow the clock again
 * (a seller's shipment has no clock: it keeps its status). An explicit Shipped or Delivered
 * records its time. Returns the status before and after, or null for an unknown order or shipment.
 */
export async function setShipmentStatus(
  db: Kysely<Database>,
  delays: Delays,
  target: { orderid: number } | { shipmentid: number },
  status: OrderStatusValue | 'auto',
): Promise<StatusChange | null> {
  return db.transaction().execute(async (trx) => {
    const shipments = await trx
      .selectFrom('shipments')
      .innerJoin('orders', 'orders.orderid', 'shipments.orderid')
      .select(['shipments.shipmentid', 'shipments.orderid', 'shipments.fulfilled_by'])
      .$if('orderid' in target, (q) => q.where('shipments.orderid', '=', (target as { orderid: number }).orderid))
      .$if('shipmentid' in target, (q) =>
        q.where('shipments.shipmentid', '=', (target as { shipmentid: number }).shipmentid),
      )
      .forUpdate()
      .execute();
    if (!shipments.length) return null;
    const orderid = shipments[0]!.orderid;
    const statusNow = async () =>
      'orderid' in target
        ? (
            await trx
              .selectFrom('orders')
              .select(orderStatus(delays).as('status'))
              .where('orderid', '=', orderid)
              .executeTakeFirstOrThrow()
          ).status
        : (
            await trx
              .selectFrom('shipments')
              .innerJoin('orders', 'orders.orderid', 'shipments.orderid')
              .select(shipmentStatus(delays).as('status'))
              .where('shipments.shipmentid', '=', target.shipmentid)
              .executeTakeFirstOrThrow()
          ).status;
    const before = await statusNow();
    const ids = shipments.filter((s) => status !== 'auto' || s.fulfilled_by === 'marketplace').map((s) => s.shipmentid);
    if (ids.length) {
      const explicit = status === 'auto' ? null : status;
      await trx
        .updateTable('shipments')
        .set({
          status: explicit,
          shipped_at:
            explicit === 'Shipped' || explicit === 'Delivered' ? sql`coalesce(shipped_at, now())` : sql`shipped_at`,
          delivered_at: explicit === 'Delivered' ? sql`coalesce(delivered_at, now())` : sql`delivered_at`,
          cancelled_at: explicit === 'Cancelled' ? sql`coalesce(cancelled_at, now())` : null,
        })
        .where('shipmentid', 'in', ids)
        .execute();
    }
    return { before, after: await statusNow() };
  });
}

/**
 * The winner of an auction completes its order (checkout's rules: bill name, an address,
 * a payment choice): one guarded UPDATE, only on the caller's own auction order still awaiting
 * payment; its shipment is then Processing and its seller told. 404 for an order that is not
 * theirs or not an auction win, 409 once completed or cancelled.
 */
export async function payAuctionOrder(
  db: Kysely<Database>,
  delays: Delays,
  userid: number,
  body: PayAuctionOrderBody,
): Promise<{ toldSellers: boolean }> {
  const paid = await db.transaction().execute(async (trx) => {
    const order = await trx
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
      .where(orderStatus(delays), '=', 'Awaiting payment')
      .returning('orderid')
      .executeTakeFirst();
    if (!order) return undefined;
    const shipments = await trx
      .updateTable('shipments')
      .set({ status: 'Processing' })
      .where('orderid', '=', body.orderid)
      .where('status', '=', 'Awaiting payment')
      .returning(['shipmentid', 'sellerid'])
      .execute();
    const lines = await trx
      .selectFrom('order_lines')
      .select(['productname', 'price', 'quantity', 'shipmentid'])
      .where('orderid', '=', body.orderid)
      .execute();
    const sellers = shipments
      .filter((sh) => sh.sellerid !== null)
      .map((sh) =>
        newOrderNotice(
          { shipmentid: sh.shipmentid, sellerid: sh.sellerid!, orderid: body.orderid },
          lines.filter((l) => l.shipmentid === sh.shipmentid),
        ),
      );
    await queueNotices(trx, sellers);
    return { toldSellers: sellers.length > 0 };
  });
  if (paid) return paid;
  const row = await db
    .selectFrom('orders')
    .select(['auctionid', orderStatus(delays).as('status')])
    .where('orderid', '=', body.orderid)
    .where('userid', '=', userid)
    .executeTakeFirst();
  if (!row || row.auctionid === null) throw notFound(ORDER_MESSAGES.notFound);
  throw conflict(row.status === 'Cancelled' ? ORDER_MESSAGES.alreadyCancelled : ORDER_MESSAGES.alreadyPaid);
}
