import { sql, type Kysely } from 'kysely';
import {
  AuthHeaders,
  OrderHeaders,
  OrderPageQuery,
  OrderPageReply,
  PAGE_SIZES,
  OrderReply,
  PlaceOrderBody,
  PlaceOrderHeaders,
  PlaceOrderReply,
  SHOP_MESSAGES,
  type Order,
} from '@marketplace/shared/contract';
import type { App } from '../context';
import { executePrepared } from '../db/prepared';
import type { Database } from '../db/schema';
import type { SignedInUser } from '../db/schema';
import { consumeCoupon } from '../lib/coupons';
import { badRequest, conflict, notFound } from '../lib/errors';
import { decodeCursor, pageLimit, pageOf } from '../lib/paging';
import { computeTotals, effectiveStatus, loadOrders, toOrder, toPaise, toRupees } from '../lib/orders';
import { replies } from './common';

export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty: add a product before placing an order',
  notFound: 'Order not found',
  cancelled: 'Order Cancelled Successfully',
  alreadyCancelled: 'This order is already cancelled',
  delivered: 'This order is already Delivered and can no longer be cancelled',
  tooLarge: 'This order is too large to place: one order can total at most Rs. 9,999,999,999,999.99. Please remove some items from your cart.',
} as const;

/** The largest total the order columns hold (numeric(15, 2)), in paise: exact as a JavaScript number. */
export const MAX_ORDER_TOTAL_PAISE = 999_999_999_999_999;

async function orderIdByKey(db: Kysely<Database>, userid: number, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('orderid')
    .where('userid', '=', userid)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.orderid;
}

const rs = (paise: number) => `Rs. ${toRupees(paise).toFixed(2)}`;

function confirmationMail(user: SignedInUser, order: Order) {
  const lines = order.orderdata.map((l) => `  ${l.productname} × ${l.quantity}   Rs. ${l.price.toFixed(2)}`);
  const subtotal = toPaise(order.billamount) + toPaise(order.discount);
  return {
    to: user.email,
    subject: `Order #${order.orderid} placed`,
    text: [
      `Hello ${user.firstname},`,
      '',
      `Thank you for your order #${order.orderid}. We have received it and will ship it soon.`,
      '',
      ...lines,
      '',
      `Subtotal: ${rs(subtotal)}`,
      ...(order.discount > 0 ? [`Discount(Promocode ${order.couponname}): -${rs(toPaise(order.discount))}`] : []),
      `Shipping: ${order.billtax === 0 ? 'Free Delivery' : rs(toPaise(order.billtax))}`,
      `Total: ${rs(toPaise(order.total))}`,
      `Payment: ${order.payinfo}`,
      '',
      `Deliver to: ${order.billname}, ${order.billaddress}`,
      `Expected delivery: ${order.deliveredBy.slice(0, 10)}`,
      '',
      'You can follow or cancel the order under My Account → My Orders.',
    ].join('\n'),
  };
}

export function orderRoutes(app: App) {
  const { db, config, mailer } = app.ctx;

  /**
   * POST /orderauth: orders the caller's whole cart, in one transaction (order + lines written,
   * coupon use counted, cart emptied — all or nothing). Amounts come from the catalogue and the
   * coupon table; anything the body says about money or the user is ignored.
   * The same Idempotency-Key again answers the first order, without a lookup on the way in: a
   * twin in flight holds the cart rows this order deletes, so it waits for the twin, then finds
   * the cart empty and the twin's order under the key; a twin on a refilled cart fails on the
   * unique (userid, idempotency_key), rolls back (the cart is kept) and answers the first order.
   */
  app.post(
    '/orderauth',
    { schema: { headers: PlaceOrderHeaders, body: PlaceOrderBody, response: replies(PlaceOrderReply) }, config: { auth: { token: 'header' } } },
    async (req, reply) => {
      const { user } = req;
      const key = req.headers['idempotency-key'];
      const body = req.body;
      const couponname = body.couponname?.trim() ?? '';

      const replay = (orderid: number) => {
        reply.header('idempotent-replayed', 'true');
        return { status: 200, msg: SHOP_MESSAGES.orderPlaced, data: { orderid } };
      };
      let placed: Order | { orderid: number; replayed: true };
      try {
        placed = await db.transaction().execute(async (trx) => {
          // The cart is read and emptied in one statement; a refusal below rolls both back.
          const { rows: items } = await executePrepared(
            trx,
            sql<{ productid: number; productname: string; price: string }>`
            WITH removed AS (DELETE FROM cart_items WHERE userid = ${user.userid} RETURNING cartid, productid)
            SELECT p.productid, p.productname, p.price FROM removed r JOIN products p ON p.productid = r.productid
            ORDER BY r.cartid`,
          );
          if (items.length === 0) {
            const existing = key && (await orderIdByKey(trx, user.userid, key));
            if (existing) return { orderid: existing, replayed: true as const };
            throw badRequest(ORDER_MESSAGES.emptyCart);
          }

          const itemsPaise = items.reduce((sum, i) => sum + toPaise(i.price), 0);
          // Refused before anything is kept: the transaction gives the cart back.
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
          const lines = items.map((item, i) => ({ lineno: i + 1, productid: item.productid, productname: item.productname, price: item.price }));
          // The order and its lines in one statement.
          const { rows } = await executePrepared(
            trx,
            sql<{ orderid: number; orderdate: Date }>`
            WITH placed AS (
              INSERT INTO orders (userid, billname, billaddress, ordernote, payinfo, items_total, discount, billamount, billtax, couponname, idempotency_key)
              VALUES (${user.userid}, ${order.billname}, ${order.billaddress}, ${order.ordernote}, ${order.payinfo}, ${toRupees(totals.itemsTotal)},
                ${order.discount}, ${order.billamount}, ${order.billtax}, ${order.couponname}, ${key ?? null})
              RETURNING orderid, orderdate
            ), lines AS (
              INSERT INTO order_lines (orderid, lineno, productid, productname, price, quantity)
              SELECT placed.orderid, l.lineno, l.productid, l.productname, l.price, 1
              FROM placed, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS l(lineno int, productid int, productname text, price numeric)
              RETURNING 1
            )
            SELECT orderid, orderdate FROM placed WHERE (SELECT count(*) FROM lines) = ${lines.length}`,
          );
          if (!rows[0]) throw new Error('The order lines were not all written');
          return toOrder(
            { ...order, ...rows[0], cancelled_at: null, status: 'Processing' },
            items.map((item) => ({ productid: item.productid, productname: item.productname, price: Number(item.price), quantity: 1 })),
            config.orders,
          );
        });
      } catch (e) {
        // A twin with the same key committed first.
        if (key && (e as { code?: string }).code === '23505' && String((e as Error).message).includes('orders_idempotency_key')) {
          const existing = await orderIdByKey(db, user.userid, key);
          if (existing) return replay(existing);
        }
        throw e;
      }
      if ('replayed' in placed) return replay(placed.orderid);

      // After the commit and without holding up the reply: a mail failure never fails the order.
      try {
        mailer.sendLater(confirmationMail(user, placed));
      } catch (err) {
        req.log.error({ err }, 'Could not queue the order confirmation mail');
      }
      return { status: 200, msg: SHOP_MESSAGES.orderPlaced, data: { orderid: placed.orderid } };
    },
  );

  // The caller's orders, newest first, a page at a time (keyset on orderid).
  app.get('/allorders', { schema: { headers: AuthHeaders, querystring: OrderPageQuery, response: replies(OrderPageReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    const limit = pageLimit(req.query, PAGE_SIZES.orders);
    const before = decodeCursor(req.query.cursor, ['int'])?.[0];
    const page = pageOf(await loadOrders(db, config.orders, user.userid, { before, limit: limit + 1 }), limit, (o) => [o.orderid]);
    return { status: 200, msg: page.rows.length || before !== undefined ? 'Orders' : 'No Order Pending', data: page.rows, next: page.next };
  });

  app.get('/order', { schema: { headers: OrderHeaders, response: replies(OrderReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    const [order] = await loadOrders(db, config.orders, user.userid, { orderid: req.headers.orderid });
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    return { status: 200, msg: 'Order', data: order };
  });

  /** DELETE /cancelorder: allowed before Delivered; the order stays on record as Cancelled. One guarded UPDATE. */
  app.delete('/cancelorder', { schema: { headers: OrderHeaders, response: replies(OrderReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    const orderid = req.headers.orderid;
    const status = effectiveStatus(config.orders);
    const cancelled = await db
      .updateTable('orders')
      .set({ status: 'Cancelled', status_set_at: sql`now()`, cancelled_at: sql`now()` })
      .where('orderid', '=', orderid)
      .where('userid', '=', user.userid)
      .where(sql<boolean>`${status} IN ('Processing', 'Shipped')`)
      .returning('orderid')
      .executeTakeFirst();
    if (!cancelled) {
      const row = await db
        .selectFrom('orders')
        .select(status.as('effective_status'))
        .where('orderid', '=', orderid)
        .where('userid', '=', user.userid)
        .executeTakeFirst();
      if (!row) throw notFound(ORDER_MESSAGES.notFound);
      throw conflict(row.effective_status === 'Cancelled' ? ORDER_MESSAGES.alreadyCancelled : ORDER_MESSAGES.delivered);
    }
    const [order] = await loadOrders(db, config.orders, user.userid, { orderid });
    return { status: 200, msg: ORDER_MESSAGES.cancelled, data: order };
  });
}
