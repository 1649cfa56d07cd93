import {
  AuthHeaders,
  OrderHeaders,
  OrderPageQuery,
  OrderPageReply,
  PAGE_SIZES,
  OrderReply,
  PayAuctionOrderBody,
  PlaceOrderBody,
  PlaceOrderHeaders,
  PlaceOrderReply,
  SHOP_MESSAGES,
  type Order,
} from '@marketplace/contract';
import type { FastifyRequest } from 'fastify';
import { publicBase, type App } from '../../context';
import { notFound } from '../../lib/errors';
import { decodeCursor, pageLimit, pageOf } from '../../lib/paging';
import { replies } from '../../lib/replies';
import { cancelOrder, loadOrders, payAuctionOrder, placeOrder } from './repository';
import { mailBackInStock } from '../wishlist/back-in-stock';
import { ORDER_MESSAGES, cancelRefusal, confirmationMail } from './rules';

export function orderRoutes(app: App) {
  const { db, config, mailer, catalogue } = app.ctx;
  // Back-in-stock mails of cancelled orders still being handed to the mailer: a closing app waits for them.
  const mailing = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...mailing]);
  });

  /** One of the caller's orders as the replies show it (undefined: none of theirs). */
  const callersOrder = async (req: FastifyRequest, orderid: number): Promise<Order | undefined> =>
    (await loadOrders(db, config.orders, req.user.userid, { orderid }, publicBase(config, req)))[0];

  /** The confirmation mail, after the commit and without holding up the reply: a mail failure never fails the order. */
  function sendConfirmation(req: FastifyRequest, order: Order): void {
    try {
      mailer.sendLater(confirmationMail(req.user, order));
    } catch (err) {
      req.log.error({ err }, 'Could not queue the order confirmation mail');
    }
  }

  /**
   * POST /orderauth: orders the caller's whole cart (repository.placeOrder); anything the body
   * says about money or the user is ignored. A repeated Idempotency-Key answers the first order.
   */
  app.post(
    '/orderauth',
    {
      schema: { headers: PlaceOrderHeaders, body: PlaceOrderBody, response: replies(PlaceOrderReply) },
      config: { auth: { token: 'header' } },
    },
    async (req, reply) => {
      const { user } = req;
      const placed = await placeOrder(db, config, user.userid, req.headers['idempotency-key'], req.body);
      if ('replayedOrderid' in placed) {
        reply.header('idempotent-replayed', 'true');
        return { status: 200, msg: SHOP_MESSAGES.orderPlaced, data: { orderid: placed.replayedOrderid } };
      }

      // Units taken left these products low or out: this process's catalogue shows it at once.
      if (placed.low.length) catalogue.forgetAll();
      if (placed.toldSellers) app.ctx.noticeMail.wake();
      sendConfirmation(req, placed.order);
      return { status: 200, msg: SHOP_MESSAGES.orderPlaced, data: { orderid: placed.order.orderid } };
    },
  );

  // The caller's orders, newest first, a page at a time (keyset on orderid).
  app.get(
    '/allorders',
    {
      schema: { headers: AuthHeaders, querystring: OrderPageQuery, response: replies(OrderPageReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const { user } = req;
      const limit = pageLimit(req.query, PAGE_SIZES.orders);
      const before = decodeCursor(req.query.cursor, ['int'])?.[0];
      const page = pageOf(
        await loadOrders(db, config.orders, user.userid, { before, limit: limit + 1 }, publicBase(config, req)),
        limit,
        (o) => [o.orderid],
      );
      return {
        status: 200,
        msg: page.rows.length || before !== undefined ? 'Orders' : 'No Order Pending',
        data: page.rows,
        next: page.next,
      };
    },
  );

  app.get(
    '/order',
    { schema: { headers: OrderHeaders, response: replies(OrderReply) }, config: { auth: { token: 'header' } } },
    async (req) => {
      const order = await callersOrder(req, req.headers.orderid);
      if (!order) throw notFound(ORDER_MESSAGES.notFound);
      return { status: 200, msg: 'Order', data: order };
    },
  );

  /**
   * DELETE /cancelorder: cancels what has not left yet (the marketplace's shipments before
   * Delivered, a seller's before shipped); the order stays on record, its units back in stock.
   */
  app.delete(
    '/cancelorder',
    { schema: { headers: OrderHeaders, response: replies(OrderReply) }, config: { auth: { token: 'header' } } },
    async (req) => {
      const { user } = req;
      const orderid = req.headers.orderid;
      const cancelled = await cancelOrder(db, config.orders, user.userid, orderid);
      if (typeof cancelled !== 'object') throw cancelRefusal(cancelled);
      catalogue.forgetAll();
      if (cancelled.toldSellers) app.ctx.noticeMail.wake();
      // After the commit: shoppers waiting for a product this order's units brought back are told once.
      for (const product of cancelled.backInStock) {
        const task = mailBackInStock(db, mailer, app.ctx.storefrontLinks, product).then(
          () => undefined,
          (err: unknown) => req.log.error({ err }, 'Could not mail the back-in-stock news'),
        );
        mailing.add(task);
        void task.finally(() => mailing.delete(task));
      }
      const order = await callersOrder(req, orderid);
      return { status: 200, msg: ORDER_MESSAGES.cancelled, data: order! };
    },
  );

  /**
   * PUT /payauctionorder: the winner of an auction item gives its order the checkout's bill name,
   * address and payment (only their own order, once); it is then Processing like any order.
   */
  app.put(
    '/payauctionorder',
    {
      schema: { headers: AuthHeaders, body: PayAuctionOrderBody, response: replies(OrderReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const paid = await payAuctionOrder(db, config.orders, req.user.userid, req.body);
      if (paid.toldSellers) app.ctx.noticeMail.wake();
      const order = (await callersOrder(req, req.body.orderid))!;
      sendConfirmation(req, order);
      return { status: 200, msg: SHOP_MESSAGES.orderPlaced, data: order };
    },
  );
}
