/**
 * The automatic close exactly once across processes (issue 25), on PostgreSQL: 200 items due in
 * the same minute, two API processes (`node --import tsx api/src/main.ts`) sweeping them, one
 * killed with SIGKILL during the sweep. Then every item is closed once, sold ones with one winner
 * and one order each, and every notice is queued once (one row per dedupe key). A close due while
 * no process ran happens at the next start's sweep.
 */
import { sql } from 'kysely';
import { signedInUser } from './helpers/accounts';
import { uploadedPhoto } from './helpers/auctions';
import { eventually, startServer, type TestServer } from './helpers/server';
import { launchApi, startApi, type ApiProcess } from './resilience/helpers/processes';

const pgOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const ITEMS = 200;

interface Planned {
  auctionid: number;
  /** The expected winner, null: unsold. */
  winner: number | null;
  bidders: number[];
}

pgOnly('auction close across processes [PostgreSQL]', () => {
  let s: TestServer;
  let seller: number;
  let bidders: number[];
  let photoHash: string;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    // The test's own server writes the data; its sweep is off (tests sweep by hand).
    s = await startServer('postgres');
    const owner = await signedInUser(s);
    seller = owner.userid;
    bidders = [];
    for (let i = 0; i < 3; i++) bidders.push((await signedInUser(s)).userid);
    const photo = await uploadedPhoto(s, owner.token);
    photoHash = /([0-9a-f]{64})\.png$/.exec(photo)![1];
  }, 60_000);

  afterAll(async () => {
    for (const p of running) await p.kill();
    await s?.stop();
  });

  /**
   * `n` open items ending in an hour, with their bids written as the proxy rules leave them:
   * a quarter without bids, a quarter whose leader is below the reserve, the rest sold to a leader.
   */
  async function plantItems(n: number): Promise<Planned[]> {
    const db = s.app.ctx.db;
    const planned: Planned[] = [];
    const rows = Array.from({ length: n }, (_, i) => {
      const kind = i % 4;
      const leader = kind === 0 ? null : bidders[i % 3];
      return {
        userid: seller,
        nickname: 'seller',
        productname: `Lot ${i}`,
        category: 'Painting' as const,
        description: 'A lot',
        ageproduct: '1 year',
        startbid: 1000,
        bid: kind === 0 ? 1000 : 1050 + i,
        highbid: kind === 0 ? 0 : 1050 + i,
        bidcount: kind === 0 ? 0 : 2,
        rangelowbid: 500,
        rangehighbid: 5000,
        photo_hashes: JSON.stringify([photoHash]),
        end_time: new Date(Date.now() + 3_600_000),
        leader,
        leader_max: leader === null ? null : 3000,
        reserve: kind === 1 ? 5000 : null,
      };
    });
    const ids = await db.insertInto('auctions').values(rows).returning('auctionid').execute();
    const bids: { auctionid: number; userid: number; bid: number }[] = [];
    ids.forEach(({ auctionid }, i) => {
      const row = rows[i];
      if (row.leader === null) {
        planned.push({ auctionid, winner: null, bidders: [] });
        return;
      }
      const rival = bidders[(i + 1) % 3];
      bids.push({ auctionid, userid: rival, bid: 1040 + i }, { auctionid, userid: row.leader, bid: row.bid });
      planned.push({ auctionid, winner: i % 4 === 1 ? null : row.leader, bidders: [rival, row.leader] });
    });
    await db.insertInto('bids').values(bids).execute();
    return planned;
  }

  /** Makes the items due: their end a second ago (all in the same minute). */
  async function makeDue(items: Planned[]) {
    await sql`UPDATE auctions SET end_time = now() - interval '1 second', ends_at = NULL
      WHERE auctionid = ANY(${items.map((i) => i.auctionid)}::int[])`.execute(s.app.ctx.db);
  }

  async function closedCount(items: Planned[]): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM auctions
      WHERE status = 'closed' AND auctionid = ANY(${items.map((i) => i.auctionid)}::int[])`.execute(s.app.ctx.db);
    return rows[0].n;
  }

  /** Every item closed once with its planned outcome, one order per sold item, every notice once. */
  async function expectClosedOnce(items: Planned[]) {
    const db = s.app.ctx.db;
    const ids = items.map((i) => i.auctionid);
    const closed = await db
      .selectFrom('auctions')
      .select(['auctionid', 'status', 'outcome', 'winner'])
      .where('auctionid', 'in', ids)
      .orderBy('auctionid')
      .execute();
    expect(closed.map((r) => [r.auctionid, r.status, r.outcome, r.winner])).toEqual(
      items.map((i) => [i.auctionid, 'closed', i.winner === null ? 'unsold' : 'sold', i.winner]),
    );
    const orders = await db
      .selectFrom('orders')
      .select(['auctionid', 'userid'])
      .where('auctionid', 'in', ids)
      .orderBy('auctionid')
      .execute();
    expect(orders.map((o) => [o.auctionid, o.userid])).toEqual(
      items.filter((i) => i.winner !== null).map((i) => [i.auctionid, i.winner]),
    );
    const lines = await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_lines l JOIN orders o USING (orderid)
      WHERE o.auctionid = ANY(${ids}::int[])`.execute(db);
    expect(lines.rows[0].n).toBe(orders.length);
    const { rows: dupes } = await sql<{ dedupe_key: string; n: number }>`
      SELECT dedupe_key, count(*)::int AS n FROM notices WHERE auctionid = ANY(${ids}::int[])
      GROUP BY dedupe_key HAVING count(*) > 1`.execute(db);
    expect(dupes).toEqual([]);
    const notices = await db
      .selectFrom('notices')
      .select(['auctionid', 'kind', 'userid'])
      .where('auctionid', 'in', ids)
      .execute();
    const got = notices.map((n) => `${n.auctionid}:${n.kind}:${n.userid}`).sort();
    const want = items
      .flatMap((i) => [
        ...(i.winner === null
          ? [`${i.auctionid}:unsold:${seller}`]
          : [`${i.auctionid}:won:${i.winner}`, `${i.auctionid}:sold:${seller}`]),
        ...i.bidders.filter((b) => b !== i.winner).map((b) => `${i.auctionid}:lost:${b}`),
      ])
      .sort();
    expect(got).toEqual(want);
  }

  it(`closes ${ITEMS} items due at once exactly once with two processes, one killed with SIGKILL during the sweep`, async () => {
    const items = await plantItems(ITEMS);
    await makeDue(items);
    const env = {
      DATABASE_URL: s.config.databaseUrl!,
      OUTBOX_DIR: `${s.tmp}/outbox`,
      AUCTION_CLOSE_SWEEP_MS: '50',
      AUCTION_CLOSE_BATCH: '4',
    };
    const [a, b] = await Promise.all([launchApi(env), launchApi(env)]);
    running.push(a, b);
    // Killed as soon as the sweeping has begun: batches are still being closed.
    const begun = await eventually(
      () => closedCount(items),
      (n) => n > 0,
      60_000,
    );
    await a.kill();
    expect(begun).toBeLessThan(ITEMS);
    await b.waitForOutput(/listening on http/);
    const all = await eventually(
      () => closedCount(items),
      (n) => n === ITEMS,
      60_000,
    );
    expect(all).toBe(ITEMS);
    await b.stop();
    await expectClosedOnce(items);
  }, 180_000);

  it('a close due while no process ran happens at the next start', async () => {
    const items = await plantItems(8);
    await makeDue(items);
    expect(await closedCount(items)).toBe(0);
    // The interval is an hour away: only the start's sweep can close them.
    const c = await startApi({
      DATABASE_URL: s.config.databaseUrl!,
      OUTBOX_DIR: `${s.tmp}/outbox`,
      AUCTION_CLOSE_SWEEP_MS: '3600000',
    });
    running.push(c);
    const all = await eventually(
      () => closedCount(items),
      (n) => n === items.length,
      30_000,
    );
    expect(all).toBe(items.length);
    await c.stop();
    await expectClosedOnce(items);
  }, 120_000);
});
