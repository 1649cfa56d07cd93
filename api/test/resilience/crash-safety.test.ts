/**
 * Crash safety: the API runs as a child process (`node --import tsx api/src/main.ts`), takes a
 * load of order placements and bids from concurrent clients, and is killed with SIGKILL in the
 * middle of it; it is restarted on the same database and every write that was acknowledged
 * (2xx received) must be there: no order without its lines, no cart emptied without its order
 * (the order in flight, retried with its Idempotency-Key, comes back or is placed from the intact
 * cart), every acknowledged bid in the history and the current bid the highest of the history.
 * On PostgreSQL (DATABASE_URL) and on the embedded PGlite (DATA_DIR). That a second process
 * cannot open a PGlite folder in use is tested in operations.test.ts; here: also after a SIGKILL
 * left the lock of a dead process behind.
 */
import { Client } from 'pg';
import { createPostgresDatabase } from '../helpers/server';
import { send } from './helpers/http';
import { bidderLoop, newLedger, shopperLoop, verifyAfterRestart, type Shopper } from './helpers/load';
import { freePort, pgliteFolder, startApi, type ApiProcess } from './helpers/processes';
import { remoteAuction, remoteUser, type Person } from './helpers/setup';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 3);
const SHOPPERS = 6;
const BIDDERS = 6;

interface Target {
  name: string;
  env(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }>;
}

const targets: Target[] = [
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          async env() {
            const db = await createPostgresDatabase();
            return { env: { DATABASE_URL: db.url }, cleanup: () => db.drop() };
          },
        },
      ]
    : []),
  {
    name: 'PGlite',
    async env() {
      const folder = await pgliteFolder();
      return { env: { DATA_DIR: folder.dir }, cleanup: async () => folder.remove() };
    },
  },
];

describe.each(targets)('crash safety [$name]', (target) => {
  let api: ApiProcess | undefined;
  let env: Record<string, string>;
  let cleanup: () => Promise<void> = async () => undefined;
  let port: number;

  beforeAll(async () => {
    const made = await target.env();
    port = await freePort();
    env = { ...made.env, PORT: String(port), OUTBOX_DIR: `/tmp/resil-outbox-${process.pid}` };
    cleanup = made.cleanup;
    api = await startApi(env);
  });
  afterAll(async () => {
    await api?.kill();
    await cleanup();
  });

  it(`loses no acknowledged order or bid over ${CYCLES} SIGKILLs under load`, async () => {
    const url = () => api!.url;
    const seller = await remoteUser(url(), 'Seller');
    const shoppers: Shopper[] = [];
    for (let i = 0; i < SHOPPERS; i++)
      shoppers.push({ ...(await remoteUser(url(), `Shopper${i}`)), acked: new Set(), unknown: new Set(), seq: 0 });
    const bidders: Person[] = [];
    for (let i = 0; i < BIDDERS; i++) bidders.push(await remoteUser(url(), `Bidder${i}`));
    const auctions = [await remoteAuction(url(), seller), await remoteAuction(url(), seller)];
    const products = Array.from({ length: 20 }, (_, i) => i + 1);
    const current = new Map<number, number>(auctions.map((a) => [a, 100]));
    const ledger = newLedger();
    const problems: string[] = [];
    const fail = (m: string) => void problems.push(m);
    let kills = 0;
    const started = Date.now();

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      let stopped = false;
      const loops = [
        ...shoppers.map((u) => shopperLoop(url, u, products, ledger, () => stopped, fail)),
        ...bidders.map((b) => bidderLoop(url, b, auctions, current, ledger, () => stopped, fail)),
      ];
      // Let writes pile up, then kill the process in the middle of them.
      await new Promise((r) => setTimeout(r, 600 + Math.random() * 900));
      const before = ledger.orders.length + ledger.bids.length;
      await api!.kill();
      kills++;
      stopped = true;
      await Promise.all(loops);
      expect(ledger.orders.length + ledger.bids.length).toBeGreaterThanOrEqual(before);
      api = await startApi(env);
      problems.push(...(await verifyAfterRestart(url(), shoppers, auctions, ledger)));
    }

    if (target.name === 'PostgreSQL') {
      // The whole database, not only what the clients saw.
      const c = new Client({ connectionString: env.DATABASE_URL });
      await c.connect();
      try {
        const orphans = await c.query(
          `SELECT orderid FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.orderid = o.orderid)`,
        );
        expect(orphans.rows).toEqual([]);
        const wrong = await c.query(
          `SELECT a.auctionid, a.bid, max(b.bid) AS top FROM auctions a JOIN bids b USING (auctionid) GROUP BY a.auctionid HAVING a.bid <> max(b.bid)`,
        );
        expect(wrong.rows).toEqual([]);
      } finally {
        await c.end();
      }
    }
    console.log(
      `[resilience] crash safety on ${target.name}: ${kills} SIGKILLs under load survived; ${ledger.orders.length} acknowledged orders and ` +
        `${ledger.bids.length} acknowledged bids all found after restarts, ${ledger.unanswered} requests cut by the kills (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    expect(problems).toEqual([]);
    expect(ledger.orders.length).toBeGreaterThan(0);
    expect(ledger.bids.length).toBeGreaterThan(0);
  }, 240_000);

  if (target.name === 'PGlite') {
    it('after a SIGKILL left its lock behind, the restarted process owns the folder: a second one is refused', async () => {
      await api!.kill();
      api = await startApi(env);
      const second = await startApi({ ...env, PORT: String(await freePort()) }).then(
        async (p) => {
          await p.kill();
          return 'started';
        },
        (e: Error) => e.message,
      );
      expect(second).toMatch(/API not started: The database folder is in use by another API process/);
      expect((await send(api!.url, { method: 'GET', path: '/health', headers: {} })).status).toBe(200);
    }, 60_000);
  } else {
    it('stays up when PostgreSQL closes its connections (restart, failover, pg_terminate_backend)', async () => {
      const c = new Client({ connectionString: env.DATABASE_URL });
      await c.connect();
      try {
        expect((await send(api!.url, { method: 'GET', path: '/products', headers: {} })).status).toBe(200);
        const killed = await c.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        expect(killed.rows.length).toBeGreaterThan(0);
        await new Promise((r) => setTimeout(r, 300));
        let status = 0;
        for (let i = 0; i < 20 && status !== 200; i++) {
          status = await send(api!.url, { method: 'GET', path: '/health', headers: {} }).then(
            (r) => r.status,
            () => 0,
          );
          if (status !== 200) await new Promise((r) => setTimeout(r, 100));
        }
        expect(status).toBe(200);
        expect(api!.child.exitCode).toBeNull();
      } finally {
        await c.end();
      }
    }, 60_000);
  }
});

if (!process.env.TEST_DATABASE_URL) {
  test.skip('crash safety on PostgreSQL needs TEST_DATABASE_URL', () => undefined);
}
