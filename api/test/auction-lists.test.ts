/**
 * A shopper's own auction lists (issue 25, item 8): watching items (PUT/DELETE /auctionwatch/:id,
 * GET /auctionwatch?ids=), the watch list (GET /auctionwatching), My bids (GET /mybids) and
 * Selling (GET /myselling), over real HTTP on PGlite and PostgreSQL.
 */
import { sql } from 'kysely';
import { MAX_ID, WATCH_MAX, WATCH_MESSAGES, minimumBid } from '@marketplace/contract';
import { describeEachDatabase, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction } from './helpers/auctions';
import { walkPages } from './helpers/paging';

const auth = (u: { token: string }) => ({ authtoken: u.token });

/** Closes an item as the automatic close does (outcome, winner, closed_at), without waiting for its end. */
async function closeAs(s: TestServer, auctionid: number, outcome: 'sold' | 'unsold' | null, winner: number | null) {
  await s.app.ctx.db
    .updateTable('auctions')
    .set({ status: 'closed', outcome, winner, closed_at: sql`now()` })
    .where('auctionid', '=', auctionid)
    .execute();
}

/** `n` more items of `owner`, copies of `template` made in SQL (putting hundreds up through HTTP is slow). */
async function copies(s: TestServer, templateId: number, n: number): Promise<number[]> {
  const { rows } = await sql<{ auctionid: number }>`
    INSERT INTO auctions (userid, nickname, productname, category, description, ageproduct, startbid, bid,
                          rangelowbid, rangehighbid, photo_hashes, end_time)
    SELECT userid, nickname, productname || ' ' || g, category, description, ageproduct, startbid, bid,
           rangelowbid, rangehighbid, photo_hashes, end_time
    FROM auctions, generate_series(1, ${n}) AS g WHERE auctionid = ${templateId}
    RETURNING auctionid`.execute(s.app.ctx.db);
  return rows.map((r) => r.auctionid);
}

describeEachDatabase('auctions: watch list, My bids and Selling', (server) => {
  describe('watching', () => {
    it('watches and unwatches idempotently, answers which items of a page are watched, lists them latest first', async () => {
      const seller = await signedInUser(server());
      const shopper = await signedInUser(server());
      const other = await signedInUser(server());
      const a = await createAuction(server(), seller.token, { productname: 'Watched A' });
      const b = await createAuction(server(), seller.token, { productname: 'Watched B' });
      const c = await createAuction(server(), seller.token, { productname: 'Not watched C' });

      const watch = (id: number, u = shopper) => server().request('PUT', `/auctionwatch/${id}`, { headers: auth(u) });
      const unwatch = (id: number, u = shopper) =>
        server().request('DELETE', `/auctionwatch/${id}`, { headers: auth(u) });

      expect((await watch(a.auctionid)).body).toEqual({
        status: 200,
        msg: WATCH_MESSAGES.watching,
        data: { auctionid: a.auctionid, watching: true, count: 1 },
      });
      expect((await watch(a.auctionid)).body.data).toEqual({ auctionid: a.auctionid, watching: true, count: 1 });
      expect((await watch(b.auctionid)).body.data.count).toBe(2);
      await watch(c.auctionid, other);

      const ids = `${a.auctionid},${b.auctionid},${c.auctionid},${c.auctionid}`;
      const which = await server().get(`/auctionwatch?ids=${ids}`, auth(shopper));
      expect(which.status).toBe(200);
      expect(which.body.data).toEqual({ watching: [a.auctionid, b.auctionid] });

      const list = await server().get('/auctionwatching', auth(shopper));
      expect(list.status).toBe(200);
      expect(list.body.next).toBeNull();
      expect(list.body.data.map((i: any) => i.productname)).toEqual(['Watched B', 'Watched A']);
      expect(Object.keys(list.body.data[0]).sort()).toEqual(
        [
          'auctionid',
          'bid',
          'bidcount',
          'category',
          'endsat',
          'photo',
          'photoSources',
          'productname',
          'rangehighbid',
          'rangelowbid',
          'status',
          'watchedat',
        ].sort(),
      );
      expect(list.body.data[0]).toMatchObject({ auctionid: b.auctionid, status: 'open', bid: 1000, bidcount: 0 });
      expect(list.body.data[0].photo).toMatch(/\/images\/[0-9a-f]{64}\.png$/);

      expect((await unwatch(a.auctionid)).body).toEqual({
        status: 200,
        msg: WATCH_MESSAGES.stopped,
        data: { auctionid: a.auctionid, watching: false, count: 1 },
      });
      expect((await unwatch(a.auctionid)).body.data).toEqual({ auctionid: a.auctionid, watching: false, count: 1 });
      expect((await server().get('/auctionwatching', auth(shopper))).body.data.map((i: any) => i.auctionid)).toEqual([
        b.auctionid,
      ]);
      // The other shopper's watch is theirs alone.
      expect((await server().get('/auctionwatching', auth(other))).body.data.map((i: any) => i.auctionid)).toEqual([
        c.auctionid,
      ]);
    });

    it('refuses one’s own item (403), an unknown item (404), bad ids (400) and no login (401), changing nothing', async () => {
      const seller = await signedInUser(server());
      const item = await createAuction(server(), seller.token);
      const own = await server().request('PUT', `/auctionwatch/${item.auctionid}`, { headers: auth(seller) });
      expect(own.status).toBe(403);
      expect(own.body.msg).toBe(WATCH_MESSAGES.ownItem);
      const unknown = await server().request('PUT', '/auctionwatch/99999999', { headers: auth(seller) });
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toBe(WATCH_MESSAGES.notFound);
      expect((await server().request('DELETE', '/auctionwatch/99999999', { headers: auth(seller) })).status).toBe(404);
      expect((await server().request('PUT', '/auctionwatch/0', { headers: auth(seller) })).status).toBe(400);
      expect((await server().request('PUT', `/auctionwatch/${item.auctionid}`)).status).toBe(401);
      const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
      for (const bad of ['', 'x', '1,,2', '0', '1;2', '9999999999', `1,${MAX_ID + 1}`, tooMany]) {
        const r = await server().get(`/auctionwatch?ids=${bad}`, auth(seller));
        expect([bad, r.status]).toEqual([bad, 400]);
      }
      const watchers = await server()
        .app.ctx.db.selectFrom('auction_watchers')
        .select('userid')
        .where('userid', '=', seller.userid)
        .execute();
      expect(watchers).toEqual([]);
    });

    it(`holds at most ${WATCH_MAX} items per shopper, even when watches arrive at once`, async () => {
      const seller = await signedInUser(server());
      const shopper = await signedInUser(server());
      const first = await createAuction(server(), seller.token, { productname: 'Lot' });
      const ids = [first.auctionid, ...(await copies(server(), first.auctionid, WATCH_MAX + 5))];
      const { db } = server().app.ctx;
      await db
        .insertInto('auction_watchers')
        .values(ids.slice(0, WATCH_MAX - 3).map((auctionid) => ({ userid: shopper.userid, auctionid })))
        .execute();
      // Eight at once for the last three places: three are taken, five refused with the cap's message.
      const replies = await Promise.all(
        ids
          .slice(WATCH_MAX - 3, WATCH_MAX + 5)
          .map((id) => server().request('PUT', `/auctionwatch/${id}`, { headers: auth(shopper) })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
      expect(replies.find((r) => r.status === 409)!.body.msg).toBe(WATCH_MESSAGES.full);
      const count = async () =>
        Number(
          (
            await db
              .selectFrom('auction_watchers')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('userid', '=', shopper.userid)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count()).toBe(WATCH_MAX);
      // One already watched is still fine; after an unwatch there is room again.
      expect((await server().request('PUT', `/auctionwatch/${ids[0]}`, { headers: auth(shopper) })).status).toBe(200);
      await server().request('DELETE', `/auctionwatch/${ids[0]}`, { headers: auth(shopper) });
      const again = await server().request('PUT', `/auctionwatch/${ids[WATCH_MAX + 4]}`, { headers: auth(shopper) });
      expect(again.status).toBe(200);
      expect(again.body.data.count).toBe(WATCH_MAX);

      // The list is paged: bounded pages, each item once, latest watched first.
      const { rows, pages } = await walkPages(server(), '/auctionwatching', { limit: 50, headers: auth(shopper) });
      expect(pages).toBe(4);
      expect(rows).toHaveLength(WATCH_MAX);
      expect(new Set(rows.map((r: any) => r.auctionid)).size).toBe(WATCH_MAX);
      expect(rows[0].auctionid).toBe(ids[WATCH_MAX + 4]);
      const first24 = await server().get('/auctionwatching', auth(shopper));
      expect(first24.body.data).toHaveLength(24);
      expect((await server().get('/auctionwatching?limit=101', auth(shopper))).status).toBe(400);
      expect((await server().get('/auctionwatching?cursor=bm90LW91cnM', auth(shopper))).status).toBe(400);
    });
  });

  describe('My bids and Selling', () => {
    it('shows each item’s state for each bidder and the seller, a maximum only to its owner while leading', async () => {
      const seller = await signedInUser(server(), { firstname: 'Sona' });
      const x = await signedInUser(server(), { firstname: 'Xavier' });
      const y = await signedInUser(server(), { firstname: 'Yamini' });
      const open = await createAuction(server(), seller.token, { productname: 'Open lot' });
      const sold = await createAuction(server(), seller.token, { productname: 'Sold lot' });
      const unsold = await createAuction(server(), seller.token, { productname: 'Unsold lot' });
      const approved = await createAuction(server(), seller.token, { productname: 'Approved lot' });
      await createAuction(server(), seller.token, { productname: 'Quiet lot' });
      const { db } = server().app.ctx;

      // open: X leads with a maximum of 1500, then Y tops it with 4321 (Y leads at 1550).
      expect((await bid(server(), x.token, open.auctionid, 1100, { maxbid: 1500 })).status).toBe(200);
      expect((await bid(server(), y.token, open.auctionid, undefined, { maxbid: 4321 })).status).toBe(200);
      // sold to X, Y lost; unsold (reserve not met) for X; approved by the owner (Approve sets no outcome yet).
      await bid(server(), y.token, sold.auctionid, 1100);
      await bid(server(), x.token, sold.auctionid, 1200);
      await closeAs(server(), sold.auctionid, 'sold', x.userid);
      await db.updateTable('auctions').set({ reserve: 9000 }).where('auctionid', '=', unsold.auctionid).execute();
      await bid(server(), x.token, unsold.auctionid, 2000);
      await closeAs(server(), unsold.auctionid, 'unsold', null);
      await bid(server(), x.token, approved.auctionid, 3000);
      await db.updateTable('auctions').set({ reserve: 2500 }).where('auctionid', '=', approved.auctionid).execute();
      const approve = await server().put(
        '/setHighBid',
        { productid: approved.auctionid, userid: x.userid },
        auth(seller),
      );
      expect(approve.status).toBe(200);
      await db.updateTable('auctions').set({ outcome: null }).where('auctionid', '=', approved.auctionid).execute();

      const xBids = await server().get('/mybids', auth(x));
      expect(xBids.status).toBe(200);
      expect(xBids.body.next).toBeNull();
      const byName = (rows: any[]) => Object.fromEntries(rows.map((r) => [r.productname, r]));
      // The latest of X's bids first.
      expect(xBids.body.data.map((r: any) => r.productname)).toEqual([
        'Approved lot',
        'Unsold lot',
        'Sold lot',
        'Open lot',
      ]);
      const xs = byName(xBids.body.data);
      expect(xs['Open lot']).toMatchObject({
        state: 'outbid',
        price: 1550,
        // X's steps in the history: 1050 (the least that led); the 1500 maximum itself is never shown.
        yourbid: 1050,
        yourmax: null,
        nextbid: minimumBid({ bid: 1550 }),
        reservemet: null,
        closedat: null,
      });
      expect(xs['Sold lot']).toMatchObject({ state: 'won', price: 1150, yourmax: null, nextbid: null });
      expect(xs['Sold lot'].closedat).toEqual(expect.any(String));
      expect(xs['Unsold lot']).toMatchObject({ state: 'lost', reservemet: false, nextbid: null });
      expect(xs['Approved lot']).toMatchObject({ state: 'won', reservemet: true });
      // Y's maximum is Y's: in Y's list only, never in X's.
      expect(JSON.stringify(xBids.body)).not.toContain('4321');
      const ys = byName((await server().get('/mybids', auth(y))).body.data);
      expect(ys['Open lot']).toMatchObject({ state: 'leading', price: 1550, yourmax: 4321, nextbid: null });
      expect(ys['Sold lot']).toMatchObject({ state: 'lost', yourmax: null });
      expect(Object.keys(ys)).toHaveLength(2);

      const selling = await server().get('/myselling', auth(seller));
      expect(selling.status).toBe(200);
      expect(selling.body.data.map((r: any) => [r.productname, r.state, r.bidcount, r.price, r.leader])).toEqual([
        ['Quiet lot', 'open', 0, 1000, null],
        ['Approved lot', 'sold', 1, 1050, 'Xavier'],
        ['Unsold lot', 'unsold', 1, 1050, null],
        ['Sold lot', 'sold', 2, 1150, 'Xavier'],
        ['Open lot', 'open', 2, 1550, 'Yamini'],
      ]);
      const ss = byName(selling.body.data);
      expect(ss['Unsold lot'].reservemet).toBe(false);
      expect(ss['Open lot'].reservemet).toBeNull();
      expect(ss['Open lot'].closedat).toBeNull();
      expect(ss['Sold lot'].closedat).toEqual(expect.any(String));
      // First names only: no bidder's email, last name or maximum reaches the seller.
      for (const secret of [x.email, y.email, x.lastname, '4321'])
        expect(JSON.stringify(selling.body)).not.toContain(secret);

      // Lists are the caller's own: a bidder sells nothing, the seller bid on nothing.
      expect((await server().get('/myselling', auth(x))).body).toMatchObject({ data: [], next: null });
      expect((await server().get('/mybids', auth(seller))).body).toMatchObject({ data: [], next: null });
      expect((await server().get('/mybids')).status).toBe(401);
      expect((await server().get('/myselling')).status).toBe(401);
    });

    it('pages My bids and Selling with bounded pages, each item once', async () => {
      const seller = await signedInUser(server());
      const bidder = await signedInUser(server());
      const first = await createAuction(server(), seller.token, { productname: 'Paged' });
      const ids = [first.auctionid, ...(await copies(server(), first.auctionid, 11))];
      for (const id of ids) expect((await bid(server(), bidder.token, id, 1100)).status).toBe(200);
      // Raising one's own maximum adds no step to the history: the item keeps its row and place.
      expect((await bid(server(), bidder.token, ids[0], undefined, { maxbid: 5000 })).status).toBe(200);

      const bids = await walkPages(server(), '/mybids', { limit: 5, headers: auth(bidder) });
      expect(bids.pages).toBe(3);
      expect(bids.rows.map((r: any) => r.auctionid)).toEqual([...ids].reverse());
      expect(bids.rows.every((r: any) => r.state === 'leading')).toBe(true);
      expect(bids.rows.at(-1).yourmax).toBe(5000);

      const selling = await walkPages(server(), '/myselling', { limit: 5, headers: auth(seller) });
      expect(selling.pages).toBe(3);
      expect(selling.rows.map((r: any) => r.auctionid)).toEqual([...ids].reverse());
      expect((await server().get('/mybids?limit=101', auth(bidder))).status).toBe(400);
      expect((await server().get('/myselling?cursor=WyJ4Il0', auth(seller))).status).toBe(400);
    });
  });
});
