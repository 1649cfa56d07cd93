/**
 * PostgreSQL only (PGlite runs one session at a time and hides races): concurrent bids lose
 * nothing, and a bid accepted by one API process reaches an event stream opened on another.
 */
import { Client } from 'pg';
import { buildApp } from '../src/app';
import type { App } from '../src/context';
import { startServer, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction, openEventStream, soldEvent } from './helpers/auctions';
import { ProxyModel } from './helpers/proxy-model';

const describePg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePg('auctions on PostgreSQL [PostgreSQL]', () => {
  let s: TestServer;
  let second: App;
  let secondUrl: string;

  beforeAll(async () => {
    s = await startServer('postgres');
    // A second API process on the same database (its own pool and its own LISTEN connection).
    second = await buildApp({ ...s.config }, { logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await second?.close();
    await s?.stop();
  });

  it('100 bidders enter random maximums at once: the price, leader and history are the model’s in commit order', async () => {
    const owner = await signedInUser(s);
    const users = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signedInUser(s, { firstname: `Bidder${i}` })),
    );
    const item = await createAuction(s, owner.token, { bid: 100, rangelowbid: 50, rangehighbid: 1_000_000 });
    // One maximum per bidder (so none is a raise of one's own), fired together on both API processes.
    const maxima = users.map(() => 100 + Math.floor(Math.random() * 20_000));
    const replies = await Promise.all(
      users.map((u, i) => bid(i % 2 ? secondUrl : s, u.token, item.auctionid, maxima[i])),
    );
    expect(replies.filter((r) => r.status !== 200 && r.status !== 400)).toEqual([]);
    const byUser = new Map(users.map((u, i) => [u.userid, { max: maxima[i], reply: replies[i] }]));

    // The order the database committed them: each accepted bid's first own (not auto) row.
    const rows = await s.app.ctx.db
      .selectFrom('bids')
      .select(['userid', 'bid', 'auto'])
      .where('auctionid', '=', item.auctionid)
      .orderBy('bidid')
      .execute();
    const committed = rows.filter((r) => !r.auto).map((r) => r.userid);
    const model = new ProxyModel(100);
    for (const userid of committed) expect(model.bid(userid, byUser.get(userid)!.max)).toBe(true);
    expect(rows.map((r) => ({ userid: r.userid, bid: r.bid, auto: r.auto }))).toEqual(model.history);

    // No bid lost: every 200 is in the history once; every 400 is below what the model takes.
    const accepted = users.filter((u) => byUser.get(u.userid)!.reply.status === 200).map((u) => u.userid);
    expect([...committed].sort()).toEqual([...accepted].sort());
    for (const u of users.filter((x) => !accepted.includes(x.userid)))
      expect(byUser.get(u.userid)!.max).toBeLessThan(model.next);

    const detail = (await s.get(`/getparticularaucpro/${item.auctionid}`)).body.data;
    expect(detail).toMatchObject({ bid: model.price, highbid: model.price, bidcount: rows.length });
    const row = await s.app.ctx.db
      .selectFrom('auctions')
      .select(['leader', 'leader_max'])
      .where('auctionid', '=', item.auctionid)
      .executeTakeFirstOrThrow();
    expect(row.leader).toBe(model.leader);
    expect(row.leader_max).toBe(byUser.get(model.leader!)!.max);
    // Nobody outbids themselves; no maximum above the price is shown.
    for (let i = 1; i < rows.length; i++)
      expect(rows[i].userid === rows[i - 1].userid && rows[i].bid > rows[i - 1].bid).toBe(false);
    if (row.leader_max! > model.price) expect(JSON.stringify(detail)).not.toContain(`:${row.leader_max},`);
  });

  it('bids racing an approval: accepted bids are all recorded, later ones get 409', async () => {
    const owner = await signedInUser(s);
    const users = await Promise.all(Array.from({ length: 10 }, () => signedInUser(s)));
    const item = await createAuction(s, owner.token, { bid: 100, rangelowbid: 50, rangehighbid: 1_000_000 });
    // users[0]'s maximum stays above every racing bid: they lead whenever the approval runs.
    expect((await bid(s, users[0].token, item.auctionid, 999_000)).status).toBe(200);
    const bids = Array.from({ length: 40 }, (_, i) =>
      bid(i % 2 ? secondUrl : s, users[i % 10].token, item.auctionid, 200 + i * 10),
    );
    const approval = s.put(
      '/setHighBid',
      { productid: item.auctionid, userid: users[0].userid },
      { authtoken: owner.token },
    );
    const [approved, ...replies] = await Promise.all([approval, ...bids]);
    expect(approved.status).toBe(200);
    expect(replies.filter((r) => ![200, 400, 409].includes(r.status))).toEqual([]);
    const detail = (await s.get(`/getparticularaucpro/${item.auctionid}`)).body.data;
    // The winner's bid: their highest step in the history (none is added after the approval).
    const rows = await s.app.ctx.db
      .selectFrom('bids')
      .select(['userid', 'bid'])
      .where('auctionid', '=', item.auctionid)
      .execute();
    const winnersBids = rows.filter((r) => r.userid === users[0].userid).map((r) => r.bid);
    expect(detail).toMatchObject({ status: 'closed', winner: users[0].userid, highbid: Math.max(...winnersBids) });
    expect(detail.bidcount).toBe(rows.length);
    const accepted = replies.filter((r) => r.status === 200);
    expect(accepted.every((r) => r.body.data.status === 'open')).toBe(true);
    expect((await bid(s, users[1].token, item.auctionid, 999_999)).status).toBe(409);
  });

  it('a bid accepted by a second API process reaches a stream opened on the first within 1 s, and back', async () => {
    const owner = await signedInUser(s);
    const bidder = await signedInUser(s, { firstname: 'Farah' });
    const item = await createAuction(s, owner.token);
    const onFirst = await openEventStream(s.url, item.auctionid);
    const onSecond = await openEventStream(secondUrl, item.auctionid);
    try {
      const sent = Date.now();
      const r = await bid(secondUrl, bidder.token, item.auctionid, 1800);
      expect(r.status).toBe(200);
      const e = await onFirst.next((x) => x.event === 'bid', 1000);
      expect(e.receivedAt - sent).toBeLessThan(1000);
      expect(e.data).toMatchObject({ auctionid: item.auctionid, bid: 1050, nickname: 'Farah' });
      await onSecond.next((x) => x.event === 'bid', 1000);

      const approvedAt = Date.now();
      expect(
        (await s.put('/setHighBid', { productid: item.auctionid, userid: bidder.userid }, { authtoken: owner.token }))
          .status,
      ).toBe(200);
      const closed = await onSecond.next((x) => x.event === 'closed', 1000);
      expect(closed.receivedAt - approvedAt).toBeLessThan(1000);
      expect(closed.data).toEqual(soldEvent(item.auctionid, bidder.userid, 1050));
    } finally {
      onFirst.close();
      onSecond.close();
    }
  });

  it('keeps announcing after its LISTEN connection was cut (it reconnects)', async () => {
    const owner = await signedInUser(s);
    const bidder = await signedInUser(s);
    const item = await createAuction(s, owner.token);
    const stream = await openEventStream(s.url, item.auctionid);
    const admin = new Client({ connectionString: s.config.databaseUrl });
    await admin.connect();
    try {
      const listeners = async () =>
        (
          await admin.query(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
          )
        ).rows.map((r) => r.pid as number);
      const before = await listeners();
      expect(before.length).toBeGreaterThanOrEqual(1);
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
      // Reconnected within a few seconds (it retries every second).
      for (let i = 0; i < 50; i++) {
        const now = await listeners();
        if (now.length >= before.length && now.every((p) => !before.includes(p))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await listeners()).some((p) => !before.includes(p))).toBe(true);
      expect((await bid(s, bidder.token, item.auctionid, 1900)).status).toBe(200);
      await stream.next((x) => x.event === 'bid' && x.data.bid === 1050, 2000);
    } finally {
      stream.close();
      await admin.end();
    }
  });
});

if (!process.env.TEST_DATABASE_URL) {
  test.skip('auction concurrency and multi-process events need TEST_DATABASE_URL (PostgreSQL)', () => undefined);
}
