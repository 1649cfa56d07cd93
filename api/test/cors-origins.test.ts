import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eventually, startServer, type TestServer } from './helpers/server';

// A remote moved to another origin (npm run release -- move shop https://cdn.example/shop/) runs
// its code there; the API learns that origin from the release registry, with no restart.
describe('CORS follows the front ends the release registry serves', () => {
  const moved = 'https://cdn.example';
  let s: TestServer;
  let registry: string;
  beforeAll(async () => {
    registry = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-registry-')), 'registry.json');
    s = await startServer('pglite', { releasesRegistry: registry });
  });
  afterAll(async () => {
    await s?.stop();
    fs.rmSync(path.dirname(registry), { recursive: true, force: true });
  });

  /** The Access-Control-Allow-Origin a page at `origin` gets (fetch would not send our Origin header). */
  const allowedOrigin = (route: string, origin = moved) =>
    new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${s.url}${route}`, { headers: { origin } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers['access-control-allow-origin'] as string | undefined));
        })
        .on('error', reject);
    });
  const writeRegistry = (frontEnds: object) => {
    fs.writeFileSync(`${registry}.tmp`, JSON.stringify({ schema: 1, frontEnds, history: [] }));
    fs.renameSync(`${registry}.tmp`, registry);
  };

  it('allows a moved remote origin once the registry names it, on cached and routed replies alike, and not after it moves back', async () => {
    await s.get('/products'); // fills the catalogue cache: the next read takes the fast path
    expect(await allowedOrigin('/products')).toBeUndefined();
    expect(await allowedOrigin('/coupons')).toBeUndefined();

    writeRegistry({ shop: { live: 'abc1234-0123abcd', url: `${moved}/shop/` } });
    expect(
      await eventually(
        () => allowedOrigin('/products'),
        (v) => v === moved,
      ),
    ).toBe(moved);
    expect(await allowedOrigin('/coupons')).toBe(moved);
    // The configured origins stay allowed.
    expect(await allowedOrigin('/coupons', 'http://localhost:3000')).toBe('http://localhost:3000');

    writeRegistry({ shop: { live: 'abc1234-0123abcd', url: null } });
    expect(
      await eventually(
        () => allowedOrigin('/products'),
        (v) => v === undefined,
      ),
    ).toBeUndefined();
    expect(await allowedOrigin('/coupons')).toBeUndefined();
  });

  it('keeps the origins last read while the registry is unreadable', async () => {
    writeRegistry({ shop: { url: `${moved}/shop/` } });
    await eventually(
      () => allowedOrigin('/coupons'),
      (v) => v === moved,
    );
    fs.writeFileSync(registry, '{ not json');
    // Past the recheck interval, the broken file has been seen and ignored.
    await eventually(
      () => allowedOrigin('/coupons'),
      () => false,
      1500,
    );
    expect(await allowedOrigin('/coupons')).toBe(moved);
  });
});
