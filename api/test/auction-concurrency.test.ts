/**
 * PostgreSQL only (PGlite runs one session at a time and hides races): concurrent bids lose
 * nothing, and a bid accepted by one API process reaches an event stream opened on another.
 */
import { Client } from 'pg';
import { buildApp } from '../src/app';
import type { App } from '../src/context';
import { startServer, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction, openEventStream } from './helpers/auctions';

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

  it('20 users place 200 increasing bids at once: every accepted bid is recorded, the current bid is the highest', async () => {
    const owner = await signedInUser(s);
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => signedInUser(s, { firstname: `Bidder${i}` })));
    const item = await createAuction(s, owner.token, { bid: 100, rangelowbid: 50, rangehighbid: 1_000_000 });

    const amounts: number[] = [];
    let amount = 100;
    for (let i = 0; i < 200; i++) {
      amount += 1 + Math.floor(Math.random() * 50);
      amounts.push(amount);
    }
    // Fired together, alternating between the two API processes.
    const replies = await Promise.all(
      amounts.map(async (a, i) => ({
        ...(await bid(i % 2 ? secondUrl : s, users[i % 20].token, item.auctionid, a)),
        amount: a,
        bidder: `Bidder${i % 20}`,
      })),
    );

    expect(replies.filter((r) => r.status !== 200 && r.status !== 400)).toEqual([]);
    const accepted = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 400);
    expect(accepted.length).toBeGreaterThan(0);
    // A refused bid was refused because the current bid had already reached it.
    for (const r of refused) {
      const current = Number(/Rs\. (\d+)$/.exec(r.body.msg)![1]);
      expect(current).toBeGreaterThanOrEqual(r.amount);
    }

    const detail = (await s.get(`/getparticularaucpro/${item.auctionid}`)).body.data;
    // Every accepted bid is in the history, by the right bidder, and nothing else is.
    expect(detail.bidcount).toBe(accepted.length);
    expect(detail.bids.map((b: any) => `${b.bid}:${b.nickname}`).sort()).toEqual(
      accepted.map((r) => `${r.amount}:${r.bidder}`).sort(),
    );
    // The current bid is the highest accepted one (the highest of all, which nothing can beat).
    expect(detail.bid).toBe(Math.max(...accepted.map((r) => r.amount)));
    expect(detail.bid).toBe(Math.max(...amounts));
    expect(detail.highbid).toBe(detail.bid);

    // In the order they were accepted, each bid is higher than the one it replaced.
    const rows = await s.app.ctx.db
      .selectFrom('bids')
      .select(['bid', 'created_at'])
      .where('auctionid', '=', item.auctionid)
      .orderBy('bidid')
      .execute();
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].bid).toBeGreaterThan(rows[i - 1].bid);
      expect(rows[i].created_at.getTime()).toBeGreaterThanOrEqual(rows[i - 1].created_at.getTime());
    }
    expect(rows[0].bid).toBeGreaterThan(100);
  });

  it('bids racing an approval: accepted bids are all recorded, later ones get 409', async () => {
    const owner = await signedInUser(s);
    const users = await Promise.all(Array.from({ length: 10 }, () => signedInUser(s)));
    const item = await createAuction(s, owner.token, { bid: 100, rangelowbid: 50, rangehighbid: 1_000_000 });
    expect((await bid(s, users[0].token, item.auctionid, 150)).status).toBe(200);
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
    // The winner's bid: their highest one accepted before the approval (none is accepted after it).
    const winnersBids = [150, ...replies.flatMap((r, i) => (i % 10 === 0 && r.status === 200 ? [200 + i * 10] : []))];
    expect(detail).toMatchObject({ status: 'closed', winner: users[0].userid, highbid: Math.max(...winnersBids) });
    expect(detail.bidcount).toBe(1 + replies.filter((r) => r.status === 200).length);
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
      expect(e.data).toMatchObject({ auctionid: item.auctionid, bid: 1800, nickname: 'Farah' });
      await onSecond.next((x) => x.event === 'bid', 1000);

      const approvedAt = Date.now();
      expect(
        (await s.put('/setHighBid', { productid: item.auctionid, userid: bidder.userid }, { authtoken: owner.token }))
          .status,
      ).toBe(200);
      const closed = await onSecond.next((x) => x.event === 'closed', 1000);
      expect(closed.receivedAt - approvedAt).toBeLessThan(1000);
      expect(closed.data).toEqual({ type: 'closed', auctionid: item.auctionid, winner: bidder.userid, highbid: 1800 });
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
      await stream.next((x) => x.event === 'bid' && x.data.bid === 1900, 2000);
    } finally {
      stream.close();
      await admin.end();
    }
  });
});

if (!process.env.TEST_DATABASE_URL) {
  test.skip('auction concurrency and multi-process events need TEST_DATABASE_URL (PostgreSQL)', () => undefined);
}
