/**
 * Shop: orders after checkout: list, detail, ownership, cancel and the status by the clock or
 * the operator, over real HTTP on PGlite and PostgreSQL.
 */
import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/server';
import { setShipmentStatus } from '../src/domains/orders/repository';
import { signedInUser } from './helpers/accounts';
import { shopWithProducts } from './helpers/shop';

describeEachDatabase('shop: orders', (server) => {
  const { addToCart, order, getOrder, shopper, items } = shopWithProducts(server);
  // The order clock is the marketplace's: these products are Fulfilled by Marketplace, as the
  // demo catalogue (a seller's products move when the seller ships them: sales.test.ts).
  beforeAll(async () => {
    await server().app.ctx.db.updateTable('products').set({ fulfilled_by: 'marketplace' }).execute();
  });

  describe('orders: list, detail, ownership, cancel, status', () => {
    it('lists the caller’s orders newest first, and [] when none', async () => {
      const none = await signedInUser(server());
      expect((await server().get('/allorders', { authtoken: none.token })).body).toEqual({
        status: 200,
        msg: 'No Order Pending',
        data: [],
        next: null,
      });
      const u = await shopper('p250');
      const a = (await order(u)).body.data.orderid;
      await addToCart(u, items.p300.productid);
      const b = (await order(u)).body.data.orderid;
      const list = await server().get('/allorders', { authtoken: u.token });
      expect(list.status).toBe(200);
      expect(list.body.data.map((o: any) => o.orderid)).toEqual([b, a]);
      expect(list.body.data[1].orderdata).toHaveLength(1);
    });

    it("never gives or cancels another user's order (404, no data)", async () => {
      const a = await shopper('p250');
      const b = await signedInUser(server());
      const orderid = (await order(a)).body.data.orderid;
      const peek = await getOrder(b, orderid);
      expect(peek.status).toBe(404);
      expect(peek.body).toEqual({ status: 404, msg: 'Order not found', data: null });
      const cancel = await server().request('DELETE', '/cancelorder', {
        headers: { authtoken: b.token, orderid: String(orderid) },
      });
      expect(cancel.status).toBe(404);
      expect((await getOrder(a, orderid)).body.data.status).toBe('Processing');
      expect((await server().get('/allorders', { authtoken: b.token })).body.data).toEqual([]);
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999', "1' OR '1'='1"])(
      'answers 400 for the orderid header %s',
      async (orderid) => {
        const u = await signedInUser(server());
        const r = await getOrder(u, orderid);
        expect(r.status).toBe(400);
        expect(r.body.msg).toBe('orderid header must be a positive whole number');
        const c = await server().request('DELETE', '/cancelorder', { headers: { authtoken: u.token, orderid } });
        expect(c.status).toBe(400);
      },
    );

    it('needs a valid login token on every order route', async () => {
      for (const [method, route] of [
        ['GET', '/allorders'],
        ['GET', '/order'],
        ['DELETE', '/cancelorder'],
      ]) {
        expect((await server().request(method, route, { headers: { orderid: '1' } })).status).toBe(401);
        expect(
          (await server().request(method, route, { headers: { orderid: '1', authtoken: 'lt_forged' } })).status,
        ).toBe(401);
      }
    });

    it('cancels an order before delivery; it stays on record as Cancelled; a second cancel is refused', async () => {
      const u = await shopper('p300');
      const orderid = (await order(u)).body.data.orderid;
      const headers = { authtoken: u.token, orderid: String(orderid) };
      const r = await server().request('DELETE', '/cancelorder', { headers });
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Order Cancelled Successfully');
      expect(r.body.data).toMatchObject({ orderid, status: 'Cancelled', cancelledAt: expect.any(String) });
      const list = (await server().get('/allorders', { authtoken: u.token })).body.data;
      expect(list).toHaveLength(1);
      expect(list[0].status).toBe('Cancelled');
      const again = await server().request('DELETE', '/cancelorder', { headers });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ status: 409, msg: 'This order is already cancelled', data: null });
    });

    it('moves Processing → Shipped → Delivered with the clock (24 h / 48 h), and refuses to cancel a Delivered order', async () => {
      const db = server().app.ctx.db;
      const u = await shopper('p300');
      const orderid = (await order(u)).body.data.orderid;
      const backdate = (hours: number) =>
        db
          .updateTable('orders')
          .set({ orderdate: sql`now() - make_interval(secs => ${hours * 3600})` })
          .where('orderid', '=', orderid)
          .execute();
      const status = async () => (await getOrder(u, orderid)).body.data.status;
      expect(await status()).toBe('Processing');
      await backdate(23.9);
      expect(await status()).toBe('Processing');
      await backdate(24.1);
      expect(await status()).toBe('Shipped');
      await backdate(47.9);
      expect(await status()).toBe('Shipped');
      await backdate(48.1);
      expect(await status()).toBe('Delivered');
      const refused = await server().request('DELETE', '/cancelorder', {
        headers: { authtoken: u.token, orderid: String(orderid) },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('This order is already Delivered and can no longer be cancelled');
      expect(await status()).toBe('Delivered');
    });

    it('follows the configured delays (ORDER_SHIP_AFTER_HOURS / ORDER_DELIVER_AFTER_HOURS)', async () => {
      const delays = server().config.orders;
      const saved = { ...delays };
      try {
        const u = await shopper('p300');
        const orderid = (await order(u)).body.data.orderid;
        delays.shipAfterHours = 0;
        delays.deliverAfterHours = 2;
        const o = (await getOrder(u, orderid)).body.data;
        expect(o.status).toBe('Shipped');
        expect(new Date(o.deliveredBy).getTime() - new Date(o.orderdate).getTime()).toBe(2 * 3600_000);
        delays.deliverAfterHours = 0;
        expect((await getOrder(u, orderid)).body.data.status).toBe('Delivered');
      } finally {
        Object.assign(delays, saved);
      }
    });

    it('lets an explicit status (operator) win over the clock, until set back to auto', async () => {
      const db = server().app.ctx.db;
      const delays = server().config.orders;
      const u = await shopper('p300');
      const orderid = (await order(u)).body.data.orderid;
      expect(await setShipmentStatus(db, delays, { orderid: orderid }, 'Delivered')).toEqual({
        before: 'Processing',
        after: 'Delivered',
      });
      expect((await getOrder(u, orderid)).body.data.status).toBe('Delivered');
      const refused = await server().request('DELETE', '/cancelorder', {
        headers: { authtoken: u.token, orderid: String(orderid) },
      });
      expect(refused.status).toBe(409);
      // Held back at Processing although the clock says Delivered.
      await db
        .updateTable('orders')
        .set({ orderdate: sql`now() - interval '5 days'` })
        .where('orderid', '=', orderid)
        .execute();
      expect(await setShipmentStatus(db, delays, { orderid: orderid }, 'Processing')).toEqual({
        before: 'Delivered',
        after: 'Processing',
      });
      expect((await getOrder(u, orderid)).body.data.status).toBe('Processing');
      expect(await setShipmentStatus(db, delays, { orderid: orderid }, 'auto')).toEqual({
        before: 'Processing',
        after: 'Delivered',
      });
      expect(await setShipmentStatus(db, delays, { orderid: 987654 }, 'Shipped')).toBeNull();
    });
  });
});
