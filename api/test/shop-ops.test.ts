/**
 * The operator command `npm run ops -- order:status <orderid> <status>`: through the real npm
 * script from the repository root on a PGlite folder, and in-process on PostgreSQL while the API runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { runOps } from '../src/ops';
import { preparePgliteDir } from './helpers/pglite-template';
import { startServer, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { CHECKOUT } from './helpers/shop';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The get/post of a TestServer, for an app started by hand. */
function httpClient(url: string): Pick<TestServer, 'get' | 'post'> {
  const request = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url + route, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
  return {
    get: (route, headers) => request('GET', route, undefined, headers),
    post: (route, body, headers) => request('POST', route, body, headers),
  };
}

/** A user with one seeded product in the cart orders it; returns the order id. */
async function placeOrder(s: Pick<TestServer, 'get' | 'post'>) {
  const u = await signedInUser(s as TestServer);
  const products = (await s.get('/products')).body.data;
  expect((await s.post('/addtocartproduct', { productid: products[0].productid, authtoken: u.token })).status).toBe(
    200,
  );
  const r = await s.post('/orderauth', CHECKOUT, { authtoken: u.token, 'idempotency-key': `ops-${Date.now()}` });
  expect(r.status).toBe(200);
  return { user: u, orderid: r.body.data.orderid as number };
}

function captureConsole() {
  const out: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  const err = jest.spyOn(console, 'error').mockImplementation((...a) => void out.push(a.join(' ')));
  return {
    text: () => out.join('\n'),
    restore() {
      log.mockRestore();
      err.mockRestore();
    },
  };
}

describe('ops order:status on a PGlite folder, through `npm run ops` from the repository root', () => {
  it('sets the status in the stopped API’s folder; bad arguments and unknown orders are refused', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-shop-ops-'));
    const dataDir = path.join(tmp, 'db');
    await preparePgliteDir(dataDir);
    const config = loadConfig(
      {},
      {
        dataDir,
        port: 0,
        host: '127.0.0.1',
        logLevel: 'silent',
        scrypt: { N: 1024, r: 8, p: 1 },
        outboxDir: path.join(tmp, 'outbox'),
      },
    );
    try {
      const app = await buildApp(config);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { orderid } = await placeOrder(
        httpClient(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`),
      );
      await app.close(); // PGlite: the API holds the folder, the operator stops it first

      const child = spawn('npm', ['run', 'ops', '--', 'order:status', String(orderid), 'Delivered'], {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(out).toContain(`Order ${orderid}: Processing → Delivered`);
      expect(code).toBe(0);

      const console_ = captureConsole();
      try {
        expect(await runOps(['order:status', String(orderid), 'Teleported'], config)).toBe(1);
        expect(console_.text()).toMatch(
          /Unknown status 'Teleported'\. Usage: npm run ops -- order:status <orderid> <Processing\|Shipped\|Delivered\|Cancelled\|auto>/,
        );
        expect(await runOps(['order:status', 'abc', 'Shipped'], config)).toBe(1);
        expect(console_.text()).toMatch(/orderid must be a positive whole number, got 'abc'/);
        expect(await runOps(['order:status'], config)).toBe(1);
        expect(await runOps(['order:status', '987654', 'shipped'], config)).toBe(1);
        expect(console_.text()).toMatch(/Order 987654 not found/);
        expect(await runOps(['shipment:status', '987654', 'shipped'], config)).toBe(1);
        expect(console_.text()).toMatch(/Shipment 987654 not found/);
        expect(await runOps(['shipment:status', 'x', 'shipped'], config)).toBe(1);
        expect(console_.text()).toMatch(/shipmentid must be a positive whole number, got 'x'/);
      } finally {
        console_.restore();
      }

      const again = await buildApp(config);
      try {
        const row = await again.ctx.db
          .selectFrom('shipments')
          .select(['status', 'delivered_at'])
          .where('orderid', '=', orderid)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('Delivered');
        expect(row.delivered_at).toBeInstanceOf(Date);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('ops order:status on PostgreSQL while the API runs', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('postgres');
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('moves an order through the statuses, cancel included; the API follows', async () => {
    const { user, orderid } = await placeOrder(s);
    const status = async () => (await s.get('/order', { authtoken: user.token, orderid: String(orderid) })).body.data;
    const console_ = captureConsole();
    try {
      expect(await runOps(['order:status', String(orderid), 'Shipped'], s.config)).toBe(0);
      expect(console_.text()).toContain(`Order ${orderid}: Processing → Shipped`);
      expect((await status()).status).toBe('Shipped');
      expect(await runOps(['order:status', String(orderid), 'cancelled'], s.config)).toBe(0);
      expect(await status()).toMatchObject({ status: 'Cancelled', cancelledAt: expect.any(String) });
      expect(await runOps(['order:status', String(orderid), 'Delivered'], s.config)).toBe(0);
      expect(await status()).toMatchObject({ status: 'Delivered', cancelledAt: null });
      const cancel = await s.request('DELETE', '/cancelorder', {
        headers: { authtoken: user.token, orderid: String(orderid) },
      });
      expect(cancel.status).toBe(409);
      expect(await runOps(['order:status', String(orderid), 'auto'], s.config)).toBe(0);
      expect(console_.text()).toContain(`Order ${orderid}: Delivered → Processing (follows the clock)`);
    } finally {
      console_.restore();
    }
  });
});
