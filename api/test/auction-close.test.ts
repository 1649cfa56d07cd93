/**
 * Auctions that close themselves (issue 25): reserve and Buy It Now at POST /addauction and in
 * the item, the close sweep (sold / unsold, the winner's order, the notices, exactly once), the
 * owner's Approve as "accept the leading bid now", Buy It Now, the winner completing the order,
 * and the soft-close edges; over real HTTP on PGlite and PostgreSQL. Time moves by SQL on the
 * database clock; sweeps are triggered by hand (app.ctx.closeSweeper.sweep()).
 */
import type { AuctionEvent } from '@marketplace/contract';
import { describeEachDatabase, eventually, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { auctionBody, bid, createAuction, setEnds, uploadedPhoto } from './helpers/auctions';

const MINUTE = 60_000;
const ms = (iso: string) => new Date(iso).getTime();

/** The notices of an item: "kind:userid" per row, sorted, and how many rows per dedupe key (all 1). */
/** The notices the close queued for an item (the bids' outbid notices left out). */
async function noticesOf(s: TestServer, auctionid: number) {
  const rows = await s.app.ctx.db
    .selectFrom('notices')
    .select(['kind', 'userid', 'dedupe_key', 'data'])
    .where('auctionid', '=', auctionid)
    .where('kind', '!=', 'outbid')
    .execute();
  return rows.map((r) => `${r.kind}:${r.userid}`).sort();
}

async function ordersOf(s: TestServer, auctionid: number) {
  return s.app.ctx.db.selectFrom('orders').selectAll().where('auctionid', '=', auctionid).execute();
}

const item = async (s: TestServer, auctionid: number) => (await s.get(`/getparticularaucpro/${auctionid}`)).body.data;

/** Ends the item a second ago and sweeps. */
async function endAndSweep(s: TestServer, auctionid: number) {
  await setEnds(s, auctionid, -1, null);
  return s.app.ctx.closeSweeper.sweep();
}

describeEachDatabase('auctions: reserve, Buy It Now and the automatic close', (server) => {
  describe('reserve and Buy It Now at POST /addauction', () => {
    it('refuses a reserve below the starting bid, a Buy It Now not above it or below the reserve; nothing listed', async () => {
      const owner = await signedInUser(server());
      const photo = await uploadedPhoto(server(), owner.token);
      const cases: [Record<string, unknown>, string][] = [
        [{ reserve: 999 }, 'Reserve price must not be lower than BID Value'],
        [{ reserve: 1.5 }, 'Reserve price must be a whole number of rupees, at least 1'],
        [{ reserve: '1500' }, 'Reserve price must be a whole number of rupees, at least 1'],
        [{ buynow: 1000 }, 'Buy It Now price must be Greater than BID Value'],
        [{ buynow: -5 }, 'Buy It Now price must be a whole number of rupees, at least 1'],
        [{ reserve: 3000, buynow: 2000 }, 'Buy It Now price must not be lower than the reserve price'],
      ];
      const before = await server().app.ctx.db.selectFrom('auctions').select('auctionid').execute();
      for (const [extra, msg] of cases) {
        const r = await server().post('/addauction', auctionBody(photo, extra), { authtoken: owner.token });
        expect([extra, r.status, r.body.msg]).toEqual([extra, 400, msg]);
      }
      const after = await server().app.ctx.db.selectFrom('auctions').select('auctionid').execute();
      expect(after.length).toBe(before.length);
    });

    it('the item says whether the reserve is met, never the reserve; Buy It Now is offered until a bid meets the reserve', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const plain = await createAuction(server(), owner.token);
      expect([plain.reservemet, plain.buynow, plain.outcome, plain.closedat]).toEqual([null, null, null, null]);

      const it1 = await createAuction(server(), owner.token, { reserve: 4321, buynow: 6789 });
      expect([it1.reservemet, it1.buynow]).toEqual([false, 6789]);
      expect(JSON.stringify(it1)).not.toContain('4321');
      // A bid below the reserve: not met, Buy It Now still offered; the maximum and reserve stay hidden.
      const low = await bid(server(), a.token, it1.auctionid, 4000);
      expect([low.status, low.body.data.reservemet, low.body.data.buynow]).toEqual([200, false, 6789]);
      const met = await bid(server(), a.token, it1.auctionid, 5555);
      expect([met.status, met.body.data.reservemet, met.body.data.buynow]).toEqual([200, true, null]);
      const shown = await item(server(), it1.auctionid);
      expect([shown.reservemet, shown.buynow]).toEqual([true, null]);
      for (const secret of ['4321', '5555']) expect(JSON.stringify(shown)).not.toContain(secret);
      const listed = (await server().get('/getauction?limit=100')).body.data.find(
        (i: any) => i.auctionid === it1.auctionid,
      );
      expect([listed.reservemet, listed.buynow]).toEqual([true, null]);

      // Without a reserve Buy It Now goes with the first bid.
      const it2 = await createAuction(server(), owner.token, { buynow: 3000 });
      expect(it2.buynow).toBe(3000);
      const first = await bid(server(), a.token, it2.auctionid, 1100);
      expect(first.body.data.buynow).toBe(null);
    });
  });

  describe('the close sweep', () => {
    it('sells to the leader at the price: the winner’s order awaiting payment, won / lost / sold notices, once', async () => {
      const owner = await signedInUser(server(), { firstname: 'Seller' });
      const a = await signedInUser(server(), { firstname: 'Anil' });
      const b = await signedInUser(server(), { firstname: 'Bela' });
      const it1 = await createAuction(server(), owner.token, { reserve: 1200 });
      await bid(server(), a.token, it1.auctionid, 1100);
      await bid(server(), b.token, it1.auctionid, 1500);
      await bid(server(), a.token, it1.auctionid, 1300);
      // b leads with 1500 at a's 1300 + 50.
      expect((await item(server(), it1.auctionid)).bid).toBe(1350);
      await endAndSweep(server(), it1.auctionid);

      const closed = await item(server(), it1.auctionid);
      expect(closed).toMatchObject({ status: 'closed', outcome: 'sold', winner: b.userid, highbid: 1350, bid: 1350 });
      expect(typeof closed.closedat).toBe('string');
      const orders = await ordersOf(server(), it1.auctionid);
      expect(orders.map((o) => [o.userid, Number(o.billamount), o.payinfo, o.paid_at])).toEqual([
        [b.userid, 1350, null, null],
      ]);
      expect(await noticesOf(server(), it1.auctionid)).toEqual(
        [`lost:${a.userid}`, `sold:${owner.userid}`, `won:${b.userid}`].sort(),
      );
      const sold = await server()
        .app.ctx.db.selectFrom('notices')
        .select('data')
        .where('dedupe_key', '=', `sold:${it1.auctionid}`)
        .executeTakeFirstOrThrow();
      expect(sold.data).toMatchObject({ price: 1350, winner: 'Bela' });

      // The winner's order in My Orders: an auction win with the item's photo, Awaiting payment.
      const mine = (await server().get('/allorders', { authtoken: b.token })).body.data;
      expect(mine[0]).toMatchObject({
        auctionid: it1.auctionid,
        photo: it1.photo,
        status: 'Awaiting payment',
        payinfo: null,
        billamount: 1350,
        billtax: 0,
        total: 1350,
        orderdata: [{ productid: 0, productname: it1.productname, price: 1350, quantity: 1 }],
      });

      // A later bid keeps the spec's refusal; a second sweep changes nothing.
      const late = await bid(server(), a.token, it1.auctionid, 9000);
      expect([late.status, late.body.msg]).toEqual([409, 'This auction has ended: no more bids are taken']);
      await setEnds(server(), it1.auctionid, -1, null);
      await server().app.ctx.closeSweeper.sweep();
      expect((await ordersOf(server(), it1.auctionid)).length).toBe(1);
      expect((await noticesOf(server(), it1.auctionid)).length).toBe(3);
    });

    it('ends unsold below the reserve (no order; unsold to the seller, lost to each bidder once) and with no bids', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const b = await signedInUser(server());
      const below = await createAuction(server(), owner.token, { reserve: 5000 });
      await bid(server(), a.token, below.auctionid, 1100);
      await bid(server(), b.token, below.auctionid, 2000);
      await bid(server(), a.token, below.auctionid, 3000);
      const none = await createAuction(server(), owner.token);
      await setEnds(server(), none.auctionid, -1, null);
      await endAndSweep(server(), below.auctionid);

      expect(await item(server(), below.auctionid)).toMatchObject({
        status: 'closed',
        outcome: 'unsold',
        winner: null,
        reservemet: false,
        buynow: null,
      });
      expect(await ordersOf(server(), below.auctionid)).toEqual([]);
      expect(await noticesOf(server(), below.auctionid)).toEqual(
        [`lost:${a.userid}`, `lost:${b.userid}`, `unsold:${owner.userid}`].sort(),
      );
      expect(await item(server(), none.auctionid)).toMatchObject({ status: 'closed', outcome: 'unsold', winner: null });
      expect(await noticesOf(server(), none.auctionid)).toEqual([`unsold:${owner.userid}`]);
      const late = await bid(server(), a.token, below.auctionid, 9000);
      expect([late.status, late.body.msg]).toEqual([409, 'This auction has ended: no more bids are taken']);
      // The seller's bidder rows: nobody is bidding on a closed item any more.
      const rows = (await server().get(`/getUserAuction/${owner.userid}`, { authtoken: owner.token })).body.data;
      expect(rows.filter((r: any) => r.auctionid === below.auctionid).map((r: any) => r.status)).toEqual([
        'Not selected',
        'Not selected',
      ]);
    });

    it('publishes the close live (winner null and outcome unsold for an unsold item)', async () => {
      const owner = await signedInUser(server());
      const it1 = await createAuction(server(), owner.token);
      const hub = server().app.ctx.auctionHub;
      await hub.ensureStarted();
      const seen: AuctionEvent[] = [];
      const off = hub.subscribe(it1.auctionid, (e) => seen.push(e));
      try {
        await endAndSweep(server(), it1.auctionid);
        const events = await eventually(
          async () => seen,
          (s) => s.length > 0,
        );
        expect(events).toEqual([
          expect.objectContaining({ type: 'closed', auctionid: it1.auctionid, winner: null, outcome: 'unsold' }),
        ]);
      } finally {
        off();
      }
    });

    it('an item not yet due stays open; the sweep is a no-op when nothing is due', async () => {
      const owner = await signedInUser(server());
      const it1 = await createAuction(server(), owner.token);
      await setEnds(server(), it1.auctionid, 60, null);
      await server().app.ctx.closeSweeper.sweep();
      expect((await item(server(), it1.auctionid)).status).toBe('open');
      expect(await server().app.ctx.closeSweeper.sweep()).toBe(0);
    });
  });

  describe('soft close edges', () => {
    it('a bid at end − 1 s extends the end; at end + 1 s it is refused and the sweep closes the item', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const b = await signedInUser(server());
      const it1 = await createAuction(server(), owner.token);
      await setEnds(server(), it1.auctionid, 1, null);
      const last = await bid(server(), a.token, it1.auctionid, 1100);
      expect(last.status).toBe(200);
      expect(ms(last.body.data.endsat)).toBe(ms(last.body.data.bids[0].at) + 5 * MINUTE);
      await setEnds(server(), it1.auctionid, -1, null);
      const tooLate = await bid(server(), b.token, it1.auctionid, 2000);
      expect([tooLate.status, tooLate.body.msg]).toEqual([409, 'This auction has ended: no more bids are taken']);
      await server().app.ctx.closeSweeper.sweep();
      expect(await item(server(), it1.auctionid)).toMatchObject({ outcome: 'sold', winner: a.userid, highbid: 1050 });
    });

    it('an extended item is not closed at its listed end, only at its effective end', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const it1 = await createAuction(server(), owner.token);
      await bid(server(), a.token, it1.auctionid, 1100);
      await setEnds(server(), it1.auctionid, -60, 120);
      await server().app.ctx.closeSweeper.sweep();
      expect((await item(server(), it1.auctionid)).status).toBe('open');
      await setEnds(server(), it1.auctionid, -3600, -1);
      await server().app.ctx.closeSweeper.sweep();
      expect((await item(server(), it1.auctionid)).outcome).toBe('sold');
    });
  });

  describe('Approve: accept the leading bid now', () => {
    it('closes early, sold to the leader below the reserve, with the order and the notices', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const b = await signedInUser(server());
      const it1 = await createAuction(server(), owner.token, { reserve: 9000, buynow: 9500 });
      await bid(server(), a.token, it1.auctionid, 1100);
      await bid(server(), b.token, it1.auctionid, 1400);
      const ok = await server().put(
        '/setHighBid',
        { productid: it1.auctionid, userid: b.userid },
        { authtoken: owner.token },
      );
      expect([ok.status, ok.body.msg]).toEqual([200, 'Bidder approved: the auction is closed']);
      expect(ok.body.data).toMatchObject({
        status: 'closed',
        outcome: 'sold',
        winner: b.userid,
        highbid: 1150,
        reservemet: false,
        buynow: null,
      });
      expect((await ordersOf(server(), it1.auctionid)).map((o) => [o.userid, Number(o.billamount)])).toEqual([
        [b.userid, 1150],
      ]);
      expect(await noticesOf(server(), it1.auctionid)).toEqual(
        [`lost:${a.userid}`, `sold:${owner.userid}`, `won:${b.userid}`].sort(),
      );
      const late = await bid(server(), a.token, it1.auctionid, 9000);
      expect([late.status, late.body.msg]).toEqual([409, 'This auction is closed: the owner has approved a winner']);
      // The sweep leaves an approved item alone.
      await setEnds(server(), it1.auctionid, -1, null);
      await server().app.ctx.closeSweeper.sweep();
      expect((await ordersOf(server(), it1.auctionid)).length).toBe(1);
      expect((await noticesOf(server(), it1.auctionid)).length).toBe(3);
    });

    it('refuses an item with no bids: nobody leads', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const it1 = await createAuction(server(), owner.token);
      const r = await server().put(
        '/setHighBid',
        { productid: it1.auctionid, userid: a.userid },
        { authtoken: owner.token },
      );
      expect([r.status, r.body.msg]).toEqual([400, 'This user has not bid on this auction item']);
      expect((await item(server(), it1.auctionid)).status).toBe('open');
    });
  });

  describe('Buy It Now', () => {
    it('closes the item at its price with the buyer as winner: their order and the notices', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const buyer = await signedInUser(server());
      const it1 = await createAuction(server(), owner.token, { reserve: 3000, buynow: 4000 });
      await bid(server(), a.token, it1.auctionid, 2000);
      const r = await server().post('/auctionbuynow', { auctionid: it1.auctionid }, { authtoken: buyer.token });
      expect([r.status, r.body.msg]).toEqual([
        200,
        'Bought with Buy It Now: your order is waiting for your address and payment in My Orders',
      ]);
      expect(r.body.data).toMatchObject({
        status: 'closed',
        outcome: 'sold',
        winner: buyer.userid,
        highbid: 4000,
        bid: 4000,
        buynow: null,
      });
      expect((await ordersOf(server(), it1.auctionid)).map((o) => [o.userid, Number(o.billamount)])).toEqual([
        [buyer.userid, 4000],
      ]);
      expect(await noticesOf(server(), it1.auctionid)).toEqual(
        [`lost:${a.userid}`, `sold:${owner.userid}`, `won:${buyer.userid}`].sort(),
      );
      const again = await server().post('/auctionbuynow', { auctionid: it1.auctionid }, { authtoken: a.token });
      expect([again.status, again.body.msg]).toEqual([409, 'This auction has ended: no more bids are taken']);
      const late = await bid(server(), a.token, it1.auctionid, 9000);
      expect(late.status).toBe(409);
    });

    it('refuses one’s own item (403), an item whose reserve is met or that has ended (409), unknown (404), no token (401); nothing changes', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const b = await signedInUser(server());
      const it1 = await createAuction(server(), owner.token, { reserve: 3000, buynow: 4000 });
      const own = await server().post('/auctionbuynow', { auctionid: it1.auctionid }, { authtoken: owner.token });
      expect([own.status, own.body.msg]).toEqual([403, 'You cannot buy your own auction item']);
      await bid(server(), a.token, it1.auctionid, 3500);
      const met = await server().post('/auctionbuynow', { auctionid: it1.auctionid }, { authtoken: b.token });
      expect([met.status, met.body.msg]).toEqual([409, 'Buy It Now is no longer offered on this item']);
      const noBin = await createAuction(server(), owner.token);
      const none = await server().post('/auctionbuynow', { auctionid: noBin.auctionid }, { authtoken: b.token });
      expect([none.status, none.body.msg]).toEqual([409, 'Buy It Now is no longer offered on this item']);
      const ended = await createAuction(server(), owner.token, { buynow: 2000 });
      await setEnds(server(), ended.auctionid, -1, null);
      const tooLate = await server().post('/auctionbuynow', { auctionid: ended.auctionid }, { authtoken: b.token });
      expect([tooLate.status, tooLate.body.msg]).toEqual([409, 'This auction has ended: no more bids are taken']);
      const unknown = await server().post('/auctionbuynow', { auctionid: 987654 }, { authtoken: b.token });
      expect([unknown.status, unknown.body.msg]).toEqual([404, 'Auction item not found']);
      const bad = await server().post('/auctionbuynow', { auctionid: 'x' }, { authtoken: b.token });
      expect(bad.status).toBe(400);
      const anon = await server().post('/auctionbuynow', { auctionid: it1.auctionid });
      expect(anon.status).toBe(401);
      for (const id of [it1.auctionid, noBin.auctionid, ended.auctionid]) {
        expect((await item(server(), id)).winner).toBe(null);
        expect(await ordersOf(server(), id)).toEqual([]);
      }
    });
  });

  describe('the winner completes the order', () => {
    it('with a bill name, an address and a payment choice: only their own order, once; then Processing', async () => {
      const owner = await signedInUser(server());
      const winner = await signedInUser(server());
      const other = await signedInUser(server());
      const it1 = await createAuction(server(), owner.token, { buynow: 2500 });
      await server().post('/auctionbuynow', { auctionid: it1.auctionid }, { authtoken: winner.token });
      const [order] = await ordersOf(server(), it1.auctionid);
      const body = {
        orderid: order.orderid,
        billname: 'Winner',
        billaddress: '2 Park Street, Kolkata',
        payinfo: 'paypal',
      };

      const stranger = await server().put('/payauctionorder', body, { authtoken: other.token });
      expect([stranger.status, stranger.body.msg]).toEqual([404, 'Order not found']);
      const noAddress = await server().put(
        '/payauctionorder',
        { ...body, billaddress: '' },
        { authtoken: winner.token },
      );
      expect([noAddress.status, noAddress.body.msg]).toEqual([400, 'Please Enter Bill name and select the Address']);
      const noPay = await server().put('/payauctionorder', { ...body, payinfo: 'cash' }, { authtoken: winner.token });
      expect([noPay.status, noPay.body.msg]).toEqual([
        400,
        'Please choose a payment method (cod, paywithcard or paypal)',
      ]);
      expect((await ordersOf(server(), it1.auctionid))[0].paid_at).toBe(null);

      const paid = await server().put('/payauctionorder', body, { authtoken: winner.token });
      expect([paid.status, paid.body.msg]).toEqual([200, 'Order Placed']);
      expect(paid.body.data).toMatchObject({
        orderid: order.orderid,
        status: 'Processing',
        payinfo: 'paypal',
        billname: 'Winner',
        billaddress: '2 Park Street, Kolkata',
        total: 2500,
        auctionid: it1.auctionid,
      });
      const twice = await server().put('/payauctionorder', body, { authtoken: winner.token });
      expect([twice.status, twice.body.msg]).toEqual([409, 'This auction order already has its address and payment']);
      // A cart's order is not an auction win.
      const cartOrder = await server().put(
        '/payauctionorder',
        { ...body, orderid: 987654 },
        { authtoken: winner.token },
      );
      expect(cartOrder.status).toBe(404);
    });
  });
});
