import { sql, type Kysely } from 'kysely';
import {
  AuthHeaders,
  OrderHeaders,
  OrderListReply,
  OrderReply,
  PlaceOrderBody,
  PlaceOrderHeaders,
  PlaceOrderReply,
  SHOP_MESSAGES,
  type Order,
} from '@marketplace/shared/contract';
import type { App } from '../context';
import type { Database } from '../db/schema';
import { requireUser, type SignedInUser } from '../lib/auth';
import { consumeCoupon } from '../lib/coupons';
import { badRequest, conflict, notFound } from '../lib/errors';
import { computeTotals, effectiveStatus, loadOrders, toPaise, toRupees } from '../lib/orders';
import { replies } from './common';

export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty: add a product before placing an order',
  notFound: 'Order not found',
  cancelled: 'Order Cancelled Successfully',
  alreadyCancelled: 'This order is already cancelled',
  delivered: 'This order is already Delivered and can no longer be cancelled',
} as const;

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
   * coupon table; anything the body says about money or the user is ignored. The same
   * Idempotency-Key again answers the first order: the user's row is locked for the checkout,
   * so a concurrent twin waits and then finds it; the unique (userid, idempotency_key) is the backstop.
   */
  app.post(
    '/orderauth',
    { schema: { headers: PlaceOrderHeaders, body: PlaceOrderBody, response: replies(PlaceOrderReply) } },
    async (req, reply) => {
      const user = await requireUser(db, req.headers.authtoken);
      const key = req.headers['idempotency-key'];
      const body = req.body;
      const couponname = body.couponname?.trim() ?? '';

      const replay = (orderid: number) => {
        reply.header('idempotent-replayed', 'true');
        return { status: 200, msg: SHOP_MESSAGES.orderPlaced, data: { orderid } };
      };
      let result: { orderid: number; replayed: boolean };
      try {
        result = await db.transaction().execute(async (trx) => {
          await trx.selectFrom('users').select('userid').where('userid', '=', user.userid).forUpdate().execute();
          if (key) {
            const existing = await orderIdByKey(trx, user.userid, key);
            if (existing) return { orderid: existing, replayed: true };
          }
          // The cart is read and emptied in one statement; a refusal below rolls both back.
          const { rows: items } = await sql<{ productid: number; productname: string; price: string }>`
            WITH removed AS (DELETE FROM cart_items WHERE userid = ${user.userid} RETURNING cartid, productid)
            SELECT p.productid, p.productname, p.price FROM removed r JOIN products p ON p.productid = r.productid
            ORDER BY r.cartid`.execute(trx);
          if (items.length === 0) throw badRequest(ORDER_MESSAGES.emptyCart);

          const itemsPaise = items.reduce((sum, i) => sum + toPaise(i.price), 0);
          const coupon = couponname ? await consumeCoupon(trx, couponname) : null;
          const totals = computeTotals(itemsPaise, coupon ? toPaise(coupon.discount) : 0, config.shipping);

          const order = await trx
            .insertInto('orders')
            .values({
              userid: user.userid,
              billname: body.billname.trim(),
              billaddress: body.billaddress.trim(),
              ordernote: (body.ordernote ?? '').trim(),
              payinfo: body.payinfo,
              items_total: toRupees(totals.itemsTotal),
              discount: toRupees(totals.discount),
              billamount: toRupees(totals.billamount),
              billtax: toRupees(totals.billtax),
              couponname: coupon?.couponname ?? null,
              idempotency_key: key ?? null,
            })
            .returning('orderid')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('order_lines')
            .values(
              items.map((item, i) => ({
                orderid: order.orderid,
                lineno: i + 1,
                productid: item.productid,
                productname: item.productname,
                price: item.price,
                quantity: 1,
              })),
            )
            .execute();
          return { orderid: order.orderid, replayed: false };
        });
      } catch (e) {
        // Backstop: a twin with the same key committed first.
        if (key && (e as { code?: string }).code === '23505' && String((e as Error).message).includes('orders_idempotency_key')) {
          const existing = await orderIdByKey(db, user.userid, key);
          if (existing) return replay(existing);
        }
        throw e;
      }
      if (result.replayed) return replay(result.orderid);

      // After the commit and without holding up the reply: a mail failure never fails the order.
      const { orderid } = result;
      void loadOrders(db, config.orders, user.userid, orderid)
        .then(([order]) => order && mailer.sendLater(confirmationMail(user, order)))
        .catch((err: unknown) => req.log.error({ err }, 'Could not prepare the order confirmation mail'));
      return { status: 200, msg: SHOP_MESSAGES.orderPlaced, data: { orderid: result.orderid } };
    },
  );

  app.get('/allorders', { schema: { headers: AuthHeaders, response: replies(OrderListReply) } }, async (req) => {
    const user = await requireUser(db, req.headers.authtoken);
    const orders = await loadOrders(db, config.orders, user.userid);
    return { status: 200, msg: orders.length ? 'Orders' : 'No Order Pending', data: orders };
  });

  app.get('/order', { schema: { headers: OrderHeaders, response: replies(OrderReply) } }, async (req) => {
    const user = await requireUser(db, req.headers.authtoken);
    const [order] = await loadOrders(db, config.orders, user.userid, req.headers.orderid);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    return { status: 200, msg: 'Order', data: order };
  });

  /** DELETE /cancelorder: allowed before Delivered; the order stays on record as Cancelled. One guarded UPDATE. */
  app.delete('/cancelorder', { schema: { headers: OrderHeaders, response: replies(OrderReply) } }, async (req) => {
    const user = await requireUser(db, req.headers.authtoken);
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
    const [order] = await loadOrders(db, config.orders, user.userid, orderid);
    return { status: 200, msg: ORDER_MESSAGES.cancelled, data: order };
  });
}
