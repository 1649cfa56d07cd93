/**
 * Sellers ship what they sell (issue 26): an order split by who ships it, each seller's orders to
 * ship, the steps a seller takes, the buyer's cancel, auction wins, and the mails of each, over
 * real HTTP on PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MARKETPLACE_SELLER, SHIPMENT_MESSAGES, type Order, type Sale } from '@marketplace/contract';
import { signedInUser } from './helpers/accounts';
import { createAuction } from './helpers/auctions';
import { describeEachDatabase, type TestServer } from './helpers/server';
import { CHECKOUT, listProduct, shopCalls, type ShopUser } from './helpers/shop';
import { quotedPrintableDecoded } from './helpers/smtp';
import { setShipmentStatus } from '../src/domains/orders/repository';

/** The dispatcher runs when a test asks it to (settle), so mails are counted after each step. */
const QUIET = () => ({ notices: { ...defaults(), mailIntervalSeconds: 0, endingSweepSeconds: 0 } });
function defaults() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../src/config') as typeof import('../src/config')).loadConfig({}).notices;
}

async function settle(s: TestServer) {
  s.app.ctx.noticeMail.wake();
  await s.app.ctx.noticeMail.idle();
}

/** The notice mails in the outbox addressed to `u`. */
function mailsTo(s: TestServer, u: ShopUser): string[] {
  const dir = s.config.outboxDir;
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith('notice-')) : [];
  return files
    .map((f) => quotedPrintableDecoded(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => m.includes(`To: ${u.email}`))
    .sort();
}

describeEachDatabase(
  'sellers ship: split orders, orders to ship, shipped and delivered',
  (server) => {
    const { addToCart, order, getOrder, stockOf } = shopCalls(server);
    let sela: ShopUser; // a seller
    let vikram: ShopUser; // another seller
    let socks: { productid: number }, mug: { productid: number }, lamp: { productid: number };
    let marketplaceProduct: number;

    beforeAll(async () => {
      const s = server();
      sela = await signedInUser(s, { firstname: 'Sela', lastname: 'Rao' });
      vikram = await signedInUser(s, { firstname: 'Vikram', lastname: 'Shah' });
      socks = await listProduct(s, sela.token, 199, 'Wool socks', 40);
      mug = await listProduct(s, sela.token, 350, 'Clay mug', 40);
      lamp = await listProduct(s, vikram.token, 900, 'Desk lamp', 40);
      marketplaceProduct = (
        await s.app.ctx.db
          .selectFrom('products')
          .select('productid')
          .where('fulfilled_by', '=', 'marketplace')
          .orderBy('productid')
          .limit(1)
          .executeTakeFirstOrThrow()
      ).productid;
    });

    const sales = async (u: ShopUser, query = '') => {
      const r = await server().get(`/sales${query}`, { authtoken: u.token });
      expect(r.status).toBe(200);
      return r.body as { msg: string; data: Sale[]; next: string | null };
    };
    const ship = (u: ShopUser, shipmentid: number, body: unknown = { courier: 'BlueDart', tracking: 'BD 1234-5678' }) =>
      server().request('PUT', `/sales/${shipmentid}/shipped`, { headers: { authtoken: u.token }, body });
    const deliver = (u: ShopUser, shipmentid: number) =>
      server().request('PUT', `/sales/${shipmentid}/delivered`, { headers: { authtoken: u.token } });
    const cancel = (u: ShopUser, orderid: number) =>
      server().request('DELETE', '/cancelorder', { headers: { authtoken: u.token, orderid: String(orderid) } });

    /** A new buyer's order of these products (2 socks when socks are in it). */
    async function buy(...productids: number[]): Promise<{ buyer: ShopUser; order: Order }> {
      const buyer = await signedInUser(server(), { firstname: 'Meera' });
      for (const id of productids) expect((await addToCart(buyer, id)).status).toBe(200);
      if (productids.includes(socks.productid)) {
        const q = await server().request('PUT', `/cart/${socks.productid}`, {
          headers: { authtoken: buyer.token },
          body: { quantity: 2 },
        });
        expect(q.status).toBe(200);
      }
      const placed = await order(buyer);
      expect(placed.status).toBe(200);
      return { buyer, order: (await getOrder(buyer, placed.body.data.orderid)).body.data as Order };
    }

    it('splits an order by who ships it; each seller sees only their part, with what shipping needs', async () => {
      const { buyer, order: o } = await buy(socks.productid, lamp.productid, mug.productid, marketplaceProduct);
      expect(o.status).toBe('Processing');
      expect(
        o.shipments.map((sh) => [
          sh.seller,
          sh.fulfilledBy,
          sh.status,
          sh.lines.map((l) => [l.productname, l.quantity]),
        ]),
      ).toEqual([
        [
          'Sela Rao',
          'seller',
          'Processing',
          [
            ['Wool socks', 2],
            ['Clay mug', 1],
          ],
        ],
        ['Vikram Shah', 'seller', 'Processing', [['Desk lamp', 1]]],
        [MARKETPLACE_SELLER, 'marketplace', 'Processing', [[expect.any(String), 1]]],
      ]);
      expect(o.orderdata.map((l) => l.quantity)).toEqual([2, 1, 1, 1]);

      const mine = await sales(sela);
      const sale = mine.data.find((x) => x.orderid === o.orderid)!;
      expect(sale).toMatchObject({
        status: 'Processing',
        shipto: { name: CHECKOUT.billname, address: CHECKOUT.billaddress, note: CHECKOUT.ordernote },
        amount: 2 * 199 + 350,
        courier: null,
        tracking: null,
      });
      expect(sale.lines.map((l) => l.productname)).toEqual(['Wool socks', 'Clay mug']);
      // Only what shipping needs: never the buyer's email or account.
      expect(JSON.stringify(mine)).not.toContain(buyer.email);
      expect(JSON.stringify(mine)).not.toContain(`"userid"`);
      expect((await sales(vikram)).data.filter((x) => x.orderid === o.orderid).map((x) => x.amount)).toEqual([900]);

      // Each seller is mailed once about their part; the buyer's shop does not mail the marketplace's.
      await settle(server());
      const toSela = mailsTo(server(), sela).filter((m) => m.includes(`order #${o.orderid}`));
      expect(toSela).toHaveLength(1);
      expect(toSela[0]).toContain(`New order #${o.orderid} to ship: "Wool socks and 1 more"`);
      expect(toSela[0]).toContain('/myaccount/sales');
      expect(mailsTo(server(), vikram).filter((m) => m.includes(`order #${o.orderid}`))).toHaveLength(1);
    });

    it('moves a shipment on, never back: shipped with courier and tracking, then delivered; the buyer is told', async () => {
      const { buyer, order: o } = await buy(socks.productid, lamp.productid);
      const [selas, vikrams] = o.shipments;

      expect([
        (await deliver(sela, selas!.shipmentid)).status,
        (await deliver(sela, selas!.shipmentid)).body.msg,
      ]).toEqual([409, SHIPMENT_MESSAGES.notShipped]);
      const shipped = await ship(sela, selas!.shipmentid);
      expect([shipped.status, shipped.body.msg]).toEqual([200, SHIPMENT_MESSAGES.shipped]);
      expect(shipped.body.data).toMatchObject({ status: 'Shipped', courier: 'BlueDart', tracking: 'BD 1234-5678' });
      expect([(await ship(sela, selas!.shipmentid)).status]).toEqual([409]);

      // The order is as far as its least advanced shipment.
      let now = (await getOrder(buyer, o.orderid)).body.data as Order;
      expect(now.status).toBe('Processing');
      expect(now.shipments[0]).toMatchObject({
        status: 'Shipped',
        courier: 'BlueDart',
        tracking: 'BD 1234-5678',
        shippedAt: expect.any(String),
        deliveredAt: null,
      });
      expect((await ship(vikram, vikrams!.shipmentid)).status).toBe(200);
      now = (await getOrder(buyer, o.orderid)).body.data as Order;
      expect(now.status).toBe('Shipped');

      const delivered = await deliver(sela, selas!.shipmentid);
      expect([delivered.status, delivered.body.msg, delivered.body.data.status]).toEqual([
        200,
        SHIPMENT_MESSAGES.delivered,
        'Delivered',
      ]);
      const again = await deliver(sela, selas!.shipmentid);
      expect([again.status, again.body.msg]).toEqual([409, SHIPMENT_MESSAGES.alreadyDelivered]);
      expect((await ship(sela, selas!.shipmentid)).body.msg).toBe(SHIPMENT_MESSAGES.alreadyDelivered);
      expect((await deliver(vikram, vikrams!.shipmentid)).status).toBe(200);
      now = (await getOrder(buyer, o.orderid)).body.data as Order;
      expect(now.status).toBe('Delivered');
      expect((await cancel(buyer, o.orderid)).status).toBe(409);

      await settle(server());
      const told = mailsTo(server(), buyer);
      expect(told.filter((m) => m.includes('has shipped with BlueDart, tracking number BD 1234-5678'))).toHaveLength(2);
      expect(told.filter((m) => m.includes('has been delivered'))).toHaveLength(2);
      expect(told.some((m) => m.includes(`/myaccount/manageorder?orderid=${o.orderid}`))).toBe(true);
    });

    it('refuses bad input, another seller, the marketplace’s shipment and unknown ids; nothing changes', async () => {
      const { order: o } = await buy(socks.productid, marketplaceProduct);
      const [selas, market] = o.shipments;
      const id = selas!.shipmentid;
      for (const [body, msg] of [
        [{ courier: 'BlueDart' }, SHIPMENT_MESSAGES.tracking],
        [{ courier: 'BlueDart', tracking: '' }, SHIPMENT_MESSAGES.tracking],
        [{ courier: 'BlueDart', tracking: 'AB<script>' }, SHIPMENT_MESSAGES.tracking],
        [{ courier: 'BlueDart', tracking: 'x'.repeat(41) }, SHIPMENT_MESSAGES.tracking],
        [{ tracking: 'BD12345' }, SHIPMENT_MESSAGES.courier],
        [{ courier: '   ', tracking: 'BD12345' }, SHIPMENT_MESSAGES.courier],
      ] as const) {
        const r = await ship(sela, id, body);
        expect([r.status, r.body.msg]).toEqual([400, msg]);
      }
      const theirs = await ship(vikram, id);
      expect([theirs.status, theirs.body.msg]).toEqual([403, SHIPMENT_MESSAGES.notYours]);
      expect((await deliver(vikram, id)).status).toBe(403);
      expect((await ship(sela, market!.shipmentid)).status).toBe(403);
      const unknown = await ship(sela, 987654);
      expect([unknown.status, unknown.body.msg]).toEqual([404, SHIPMENT_MESSAGES.notFound]);
      expect((await server().request('PUT', '/sales/abc/shipped', { headers: { authtoken: sela.token } })).status).toBe(
        400,
      );
      expect(
        (await server().request('PUT', `/sales/${id}/shipped`, { body: { courier: 'X1', tracking: 'BD12345' } }))
          .status,
      ).toBe(401);
      expect((await sales(sela)).data.find((x) => x.shipmentid === id)).toMatchObject({
        status: 'Processing',
        courier: null,
        tracking: null,
      });
    });

    it('the buyer cancels what has not shipped: its units come back, its seller is told, it can no longer be shipped', async () => {
      const { buyer, order: o } = await buy(socks.productid, lamp.productid, marketplaceProduct);
      const [selas, vikrams, market] = o.shipments;
      expect((await ship(vikram, vikrams!.shipmentid)).status).toBe(200);
      const before = { socks: await stockOf(socks.productid), lamp: await stockOf(lamp.productid) };

      const r = await cancel(buyer, o.orderid);
      expect(r.status).toBe(200);
      const after = r.body.data as Order;
      expect(after.shipments.map((sh) => sh.status)).toEqual(['Cancelled', 'Shipped', 'Cancelled']);
      expect(after.shipments[0]!.cancelledAt).toEqual(expect.any(String));
      expect(after.status).toBe('Shipped');
      expect(await stockOf(socks.productid)).toBe(before.socks + 2);
      expect(await stockOf(lamp.productid)).toBe(before.lamp);

      const late = await ship(sela, selas!.shipmentid);
      expect([late.status, late.body.msg]).toEqual([409, SHIPMENT_MESSAGES.cancelled]);
      const again = await cancel(buyer, o.orderid);
      expect([again.status, again.body.msg]).toEqual([
        409,
        'This order has already been shipped by its seller and can no longer be cancelled',
      ]);
      expect(market!.fulfilledBy).toBe('marketplace');

      await settle(server());
      const toSela = mailsTo(server(), sela).filter((m) => m.includes(`Order #${o.orderid} was cancelled`));
      expect(toSela).toHaveLength(1);
      expect(toSela[0]).toContain('do not ship "Wool socks"');
      expect(mailsTo(server(), vikram).filter((m) => m.includes(`Order #${o.orderid} was cancelled`))).toEqual([]);
    });

    it('lists a seller’s shipments newest first, a page at a time, filtered by status', async () => {
      const seller = await signedInUser(server(), { firstname: 'Pagey' });
      const item = await listProduct(server(), seller.token, 120, 'Paged pen', 100);
      const orderids: number[] = [];
      for (let i = 0; i < 5; i++) orderids.push((await buy(item.productid)).order.orderid);
      const first = await sales(seller, '?limit=2');
      expect(first.msg).toBe(SHIPMENT_MESSAGES.list);
      expect(first.data.map((x) => x.orderid)).toEqual([orderids[4], orderids[3]]);
      const second = await sales(seller, `?limit=2&cursor=${first.next}`);
      const third = await sales(seller, `?limit=2&cursor=${second.next}`);
      expect([...second.data, ...third.data].map((x) => x.orderid)).toEqual([orderids[2], orderids[1], orderids[0]]);
      expect(third.next).toBeNull();

      expect((await ship(seller, first.data[0]!.shipmentid)).status).toBe(200);
      expect((await sales(seller, '?status=Shipped')).data.map((x) => x.orderid)).toEqual([orderids[4]]);
      expect((await sales(seller, '?status=Processing')).data).toHaveLength(4);
      expect(await sales(seller, '?status=Delivered')).toMatchObject({ msg: SHIPMENT_MESSAGES.none, data: [] });
      const bad = await server().get('/sales?status=Lost', { authtoken: seller.token });
      expect(bad.status).toBe(400);
      expect((await server().get('/sales?limit=101', { authtoken: seller.token })).status).toBe(400);
      expect((await sales(vikram, '?status=Shipped')).data.some((x) => orderids.includes(x.orderid))).toBe(false);
    });

    it('an auction win is the seller’s to ship, once its winner has paid', async () => {
      const s = server();
      const winner = await signedInUser(s, { firstname: 'Wini' });
      const item = await createAuction(s, sela.token, { buynow: 4000 });
      expect((await s.post('/auctionbuynow', { auctionid: item.auctionid }, { authtoken: winner.token })).status).toBe(
        200,
      );
      const waiting = (await sales(sela, '?status=Awaiting payment'.replace(' ', '%20'))).data.find(
        (x) => x.auctionid === item.auctionid,
      )!;
      expect(waiting).toMatchObject({ status: 'Awaiting payment', amount: 4000, shipto: { name: '', address: '' } });
      const early = await ship(sela, waiting.shipmentid);
      expect([early.status, early.body.msg]).toEqual([409, SHIPMENT_MESSAGES.awaitingPayment]);

      const paid = await s.request('PUT', '/payauctionorder', {
        headers: { authtoken: winner.token },
        body: { orderid: waiting.orderid, ...CHECKOUT },
      });
      expect(paid.status).toBe(200);
      expect(paid.body.data.shipments).toMatchObject([{ seller: 'Sela Rao', status: 'Processing' }]);
      expect((await ship(sela, waiting.shipmentid)).status).toBe(200);
      expect(((await getOrder(winner, waiting.orderid)).body.data as Order).status).toBe('Shipped');
      await settle(s);
      expect(mailsTo(s, sela).filter((m) => m.includes(`New order #${waiting.orderid} to ship`))).toHaveLength(1);
    });

    it('the operator can still set a shipment’s status', async () => {
      const { buyer, order: o } = await buy(socks.productid);
      const id = o.shipments[0]!.shipmentid;
      const { db, config } = server().app.ctx;
      expect(await setShipmentStatus(db, config.orders, { shipmentid: id }, 'Delivered')).toEqual({
        before: 'Processing',
        after: 'Delivered',
      });
      // A seller's shipment has no clock to go back to.
      expect(await setShipmentStatus(db, config.orders, { shipmentid: id }, 'auto')).toEqual({
        before: 'Delivered',
        after: 'Delivered',
      });
      expect(((await getOrder(buyer, o.orderid)).body.data as Order).shipments[0]).toMatchObject({
        status: 'Delivered',
        deliveredAt: expect.any(String),
      });
    });
  },
  QUIET,
);
