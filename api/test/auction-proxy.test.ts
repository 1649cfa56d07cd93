/**
 * Proxy bids over HTTP (PUT /updatebiduser with `maxbid`), the soft close on the database clock,
 * and the rules against the model through the API, on PGlite and PostgreSQL.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { AUCTION_MESSAGES } from '@marketplace/contract';
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction, setEnds } from './helpers/auctions';
import { ProxyModel } from './helpers/proxy-model';
import { placeBid } from '../src/domains/auctions/bidding';
import { HttpError } from '../src/lib/errors';

const MINUTE = 60_000;
const ms = (iso: string) => new Date(iso).getTime();

describeEachDatabase('auctions: proxy bids and soft close', (server) => {
  it('a maximum bids for its bidder up to it, never shown to anyone else', async () => {
    const owner = await signedInUser(server());
    const lead = await signedInUser(server(), { firstname: 'Asha' });
    const rival = await signedInUser(server(), { firstname: 'Bhanu' });
    const item = await createAuction(server(), owner.token);
    const first = await bid(server(), lead.token, item.auctionid, undefined, { maxbid: 4321 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ bid: 1050, yourmax: 4321 });
    const r = await bid(server(), rival.token, item.auctionid, 2000);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ bid: 2050, highbid: 2050 });
    expect(r.body.data.bids.map((b: any) => [b.nickname, b.bid, b.auto])).toEqual([
      ['Asha', 2050, true],
      ['Bhanu', 2000, false],
      ['Asha', 1050, false],
    ]);
    for (const text of [
      JSON.stringify(r.body),
      JSON.stringify((await server().get(`/getparticularaucpro/${item.auctionid}`)).body),
      JSON.stringify((await server().get('/getauction?limit=100')).body),
    ])
      expect(text).not.toContain('4321');
    // Beating the maximum: the new leader pays one increment above it.
    const over = await bid(server(), rival.token, item.auctionid, undefined, { maxbid: 9000 });
    expect(over.body.data).toMatchObject({ bid: 4371, yourmax: 9000 });
  });

  it('refuses a malformed maximum, or one below the bid sent with it; nothing changes', async () => {
    const owner = await signedInUser(server());
    const bidder = await signedInUser(server());
    const item = await createAuction(server(), owner.token);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ bid: 1500, maxbid: 1200 }, 'Maximum BID must not be lower than your BID'],
      [{ maxbid: 12.5 }, AUCTION_MESSAGES.wholeMaxBid],
      [{ maxbid: '3000' }, AUCTION_MESSAGES.wholeMaxBid],
      [{ maxbid: 0 }, AUCTION_MESSAGES.wholeMaxBid],
      [{ maxbid: 1000 }, 'Your BID must be higher than the current BID of Rs. 1,000'],
      [{ maxbid: 999 }, 'Your BID must be higher than the current BID of Rs. 1,000'],
      [{ maxbid: 1049 }, 'Your BID must be at least Rs. 1,050'],
    ];
    for (const [body, message] of cases) {
      const r = await server().put(
        '/updatebiduser',
        { auctionid: item.auctionid, ...body },
        { authtoken: bidder.token },
      );
      expect([body, r.status, r.body.msg]).toEqual([body, 400, message]);
    }
    expect((await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data).toMatchObject({
      bid: 1000,
      bidcount: 0,
    });
  });

  it('soft close: a bid in the last minutes moves the end to 5 minutes after it; the item stays open past its listed end', async () => {
    const owner = await signedInUser(server());
    const a = await signedInUser(server());
    const b = await signedInUser(server());
    const item = await createAuction(server(), owner.token);
    await setEnds(server(), item.auctionid, 30, null);
    const r = await bid(server(), a.token, item.auctionid, 1200);
    expect(r.status).toBe(200);
    const bidAt = ms(r.body.data.bids[0].at);
    expect(ms(r.body.data.endsat)).toBe(bidAt + 5 * MINUTE);
    expect(ms(r.body.data.time)).toBeLessThan(bidAt + MINUTE);
    const page = (await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data;
    expect([page.endsat, page.status]).toEqual([r.body.data.endsat, 'open']);

    // The listed end has passed, the effective one has not: still open, listed with the open items.
    await setEnds(server(), item.auctionid, -600, 120);
    const late = await bid(server(), b.token, item.auctionid, 1500);
    expect(late.status).toBe(200);
    expect(ms(late.body.data.endsat)).toBe(ms(late.body.data.bids[0].at) + 5 * MINUTE);
    const listed = (await server().get('/getauction?limit=100')).body.data.find(
      (i: any) => i.auctionid === item.auctionid,
    );
    expect(listed).toMatchObject({ status: 'open', endsat: late.body.data.endsat });

    // The leader raising their own maximum changes no price, so no end.
    const raise = await bid(server(), b.token, item.auctionid, 3000);
    expect([raise.status, raise.body.data.endsat]).toEqual([200, late.body.data.endsat]);
  });

  it('soft close: extensions stop 60 minutes after the listed end; a bid after the effective end is refused', async () => {
    const owner = await signedInUser(server());
    const a = await signedInUser(server());
    const b = await signedInUser(server());
    const item = await createAuction(server(), owner.token);
    await setEnds(server(), item.auctionid, -58 * 60, 60);
    const capped = await bid(server(), a.token, item.auctionid, 1100);
    expect(capped.status).toBe(200);
    expect(ms(capped.body.data.endsat)).toBe(ms(capped.body.data.time) + 60 * MINUTE);

    await setEnds(server(), item.auctionid, -3600, -1);
    const after = await bid(server(), b.token, item.auctionid, 5000);
    expect([after.status, after.body.msg]).toEqual([409, 'This auction has ended: no more bids are taken']);
    const detail = (await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data;
    expect(detail).toMatchObject({ status: 'closed', bid: 1050, bidcount: 1 });
  });

  it('any sequence of maximums through the API: price, leader and history are the model’s', async () => {
    const owner = await signedInUser(server());
    const names = ['Esha', 'Farid', 'Gita'];
    const bidders = await Promise.all(names.map((firstname) => signedInUser(server(), { firstname })));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ who: fc.integer({ min: 0, max: 2 }), max: fc.integer({ min: 990, max: 2600 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (bids) => {
          const item = await createAuction(server(), owner.token);
          const model = new ProxyModel(1000);
          for (const { who, max } of bids) {
            const r = await bid(server(), bidders[who].token, item.auctionid, max);
            expect([who, max, r.status]).toEqual([who, max, model.bid(who, max) ? 200 : 400]);
          }
          const detail = (await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data;
          expect(detail.bid).toBe(model.price);
          const history = [...detail.bids].reverse().map((b: any) => [b.nickname, b.bid, b.auto]);
          expect(history).toEqual(model.history.map((h) => [names[h.userid], h.bid, h.auto]));
          if (model.leader !== null) expect(history.at(-1)![0]).toBe(names[model.leader]);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('the database’s place_bid against the model: any maximums from any start, across the increment bands', async () => {
    const owner = await signedInUser(server());
    const bidders = await Promise.all([1, 2, 3, 4].map(() => signedInUser(server())));
    const ids = bidders.map((b) => b.userid);
    const db = server().app.ctx.db;
    const soft = { extendMinutes: 5, capMinutes: 60 };
    const starts = fc.constantFrom(1, 10, 499, 500, 999, 1_000, 4_990, 9_999, 24_900, 99_500, 1_00_000);
    await fc.assert(
      fc.asyncProperty(
        starts.chain((start) =>
          fc.tuple(
            fc.constant(start),
            fc.array(
              fc.record({
                who: fc.integer({ min: 0, max: 3 }),
                max: fc.oneof(
                  fc.integer({ min: Math.max(1, start - 20), max: start + 300 }),
                  fc.integer({ min: start, max: start * 3 + 2_000 }),
                ),
              }),
              { maxLength: 25 },
            ),
          ),
        ),
        async ([start, bids]) => {
          const item = await createAuction(server(), owner.token);
          await sql`UPDATE auctions SET startbid = ${start}, bid = ${start}, rangelowbid = 0, rangehighbid = ${start + 1}
            WHERE auctionid = ${item.auctionid}`.execute(db);
          const model = new ProxyModel(start);
          for (const { who, max } of bids) {
            const accepted = await placeBid(db, item.auctionid, ids[who], max, soft, 0).then(
              () => true,
              (e) => {
                if (!(e instanceof HttpError) || e.statusCode !== 400) throw e;
                return false;
              },
            );
            expect([who, max, accepted]).toEqual([who, max, model.bid(who, max)]);
          }
          const row = await db
            .selectFrom('auctions')
            .select(['bid', 'leader', 'bidcount'])
            .where('auctionid', '=', item.auctionid)
            .executeTakeFirstOrThrow();
          expect(row.bid).toBe(model.price);
          expect(row.leader).toBe(model.leader === null ? null : ids[model.leader]);
          const history = await db
            .selectFrom('bids')
            .select(['userid', 'bid', 'auto'])
            .where('auctionid', '=', item.auctionid)
            .orderBy('bidid')
            .execute();
          expect(history).toEqual(model.history.map((h) => ({ userid: ids[h.userid], bid: h.bid, auto: h.auto })));
          expect(row.bidcount).toBe(history.length);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the leader outbid is told once per outbidding; raising one’s own maximum or losing to the leader tells nobody', async () => {
    const owner = await signedInUser(server());
    const lead = await signedInUser(server());
    const rival = await signedInUser(server());
    const item = await createAuction(server(), owner.token);
    const outbids = () =>
      server()
        .app.ctx.db.selectFrom('notices')
        .select(['userid', 'data'])
        .where('auctionid', '=', item.auctionid)
        .where('kind', '=', 'outbid')
        .orderBy('noticeid')
        .execute();
    expect((await bid(server(), lead.token, item.auctionid, undefined, { maxbid: 3000 })).status).toBe(200);
    expect((await bid(server(), lead.token, item.auctionid, undefined, { maxbid: 4000 })).status).toBe(200);
    expect((await bid(server(), rival.token, item.auctionid, 2000)).status).toBe(200);
    expect(await outbids()).toEqual([]);
    expect((await bid(server(), rival.token, item.auctionid, undefined, { maxbid: 6000 })).status).toBe(200);
    expect(await outbids()).toEqual([
      { userid: lead.userid, data: { productname: 'Test Painting', price: 4050, nextbid: 4100 } },
    ]);
    expect((await bid(server(), lead.token, item.auctionid, undefined, { maxbid: 9000 })).status).toBe(200);
    expect((await outbids()).map((n) => n.userid)).toEqual([lead.userid, rival.userid]);
  });
});
