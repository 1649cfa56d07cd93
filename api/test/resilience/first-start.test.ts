/**
 * The first start of the API (child process `node --import tsx api/src/main.ts`) on an empty
 * database: creating, migrating and seeding it may take longer than Fastify's 10 s plugin
 * timeout (a slow or busy machine) and the API still comes up; a first start killed (SIGKILL)
 * while it seeds the demo catalogue is followed by a start that serves the whole catalogue.
 * SEED_DELAY_MS (test-only) makes the seed slow on purpose. On PGlite and PostgreSQL.
 */
import { createPostgresDatabase } from '../helpers/server';
import { SEED_COUPONS, SEED_PRODUCTS, SEED_USERS } from '../../seed/products';
import { SEED_AUCTIONS } from '../../seed/auctions';
import { send } from './helpers/http';
import { launchApi, pgliteFolder, startApi, type ApiProcess } from './helpers/processes';

/** A first start on this machine under load can take a minute or more. */
const START_MS = 180_000;

interface Target {
  name: string;
  /** An empty database: a PGlite folder (initialised cluster, no tables) or a PostgreSQL database. */
  emptyDatabase(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    async emptyDatabase() {
      const folder = await pgliteFolder();
      return { env: { DATA_DIR: folder.dir }, cleanup: async () => folder.remove() };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          async emptyDatabase() {
            const db = await createPostgresDatabase();
            return { env: { DATABASE_URL: db.url }, cleanup: () => db.drop() };
          },
        },
      ]
    : []),
];

async function getJson(url: string, path: string) {
  const reply = await send(url, { method: 'GET', path, headers: {} });
  expect(reply.status).toBe(200);
  return reply.json.data;
}

async function signsIn(url: string, email: string, password: string): Promise<boolean> {
  const anon = await getJson(url, '/getanytoken');
  const body = JSON.stringify({ email, password, authtoken: anon });
  const reply = await send(url, {
    method: 'POST',
    path: '/logincus',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    body,
  });
  return reply.status === 200;
}

/** What a shopper of a freshly seeded shop finds: every demo product, auction, valid coupon and account. */
async function expectWholeDemoData(url: string) {
  expect(await getJson(url, `/products?limit=${SEED_PRODUCTS.length + 10}`)).toHaveLength(SEED_PRODUCTS.length);
  expect(await getJson(url, '/getauction')).toHaveLength(SEED_AUCTIONS.length);
  const coupons = (await getJson(url, '/coupons')) as Array<{ couponname: string }>;
  expect(coupons.map((c) => c.couponname).sort()).toEqual(
    SEED_COUPONS.filter((c) => c.expiresInDays > 0 && c.usesLeft > 0)
      .map((c) => c.name)
      .sort(),
  );
  for (const u of SEED_USERS) expect(await signsIn(url, u.email, u.password)).toBe(true);
}

describe.each(targets)('first start on an empty database [$name]', (target) => {
  let api: ApiProcess | undefined;
  let cleanup: () => Promise<void> = async () => undefined;

  afterEach(async () => {
    await api?.kill();
    api = undefined;
    await cleanup();
  });

  it('comes up when seeding the demo catalogue takes longer than Fastify’s 10 s plugin timeout', async () => {
    const empty = await target.emptyDatabase();
    cleanup = empty.cleanup;
    api = await launchApi({ ...empty.env, SEED_DELAY_MS: '12000' });
    // The seed was slowed as asked (its progress lines), and the API came up all the same.
    await api.waitForOutput(/Seeding demo catalogue: 10\/\d+ products/, START_MS);
    await api.waitForOutput(/listening on http/, START_MS);
    expect(api.output()).toMatch(/Seeded \d+ products/);
    await expectWholeDemoData(api.url);
  }, 400_000);

  it('after a start killed (SIGKILL) while seeding, the next start serves the whole demo catalogue', async () => {
    const empty = await target.emptyDatabase();
    cleanup = empty.cleanup;
    api = await launchApi({ ...empty.env, SEED_DELAY_MS: '20000' });
    const progress = await api.waitForOutput(/Seeding demo catalogue: (\d+)\/(\d+) products/, START_MS);
    expect(Number(progress[1])).toBeLessThan(Number(progress[2]));
    await api.kill();
    expect(api.output()).not.toMatch(/Seeded \d+ products/);

    api = await startApi(empty.env, START_MS);
    await expectWholeDemoData(api.url);
  }, 400_000);
});

if (!process.env.TEST_DATABASE_URL) {
  test.skip('the first start on PostgreSQL needs TEST_DATABASE_URL', () => undefined);
}
