import { CatalogueCache } from '../src/lib/catalogue-cache';
import type { ListenFn } from '../src/db/listen';
import { describeEachDatabase, describeTwoProcesses, eventually } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { listProduct } from './helpers/shop';

const ids = (r: { body: { data: { productid: number }[] } }) => r.body.data.map((p) => p.productid);

describeEachDatabase('catalogue replies from memory', (server) => {
  it('GET /products and GET /product/{id} carry an ETag; the same version again is a 304 without a body', async () => {
    for (const route of ['/products', '/product/1']) {
      const first = await server().get(route);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const again = await server().request('GET', route, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      const stale = await server().request('GET', route, { headers: { 'if-none-match': '"an-old-version"' } });
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual(first.body);
    }
  });

  it('a new product is in the next list and has its own page; the list gets a new ETag', async () => {
    const before = await server().get('/products');
    const seller = await signedInUser(server());
    const product = await listProduct(server(), seller.token, 777, 'Cache test lamp');
    const after = await server().get('/products');
    expect(ids(after)).toContain(product.productid);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const page = await server().get(`/product/${product.productid}`);
    expect(page.body.data.productname).toBe('Cache test lamp');
  });

  it('a cached read is answered before routing with the very reply the route gives', async () => {
    const { catalogue } = server().app.ctx;
    const routed = jest.spyOn(catalogue, 'get');
    const headersOf = (r: { headers: Headers }) => [...r.headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name)).sort();
    const variants: Array<Record<string, string>> = [{}, { origin: 'http://localhost:3000' }, { origin: 'http://elsewhere.example' }];
    try {
      for (const route of ['/products', '/product/1', '/product/2']) {
        for (const headers of variants) {
          (catalogue as unknown as { drop(): void }).drop();
          routed.mockClear();
          const fromRoute = await server().get(route, headers);
          expect(routed).toHaveBeenCalledTimes(1);
          const fromCache = await server().get(route, headers);
          expect(routed).toHaveBeenCalledTimes(1); // the second never reached the route
          expect(fromCache.status).toBe(200);
          expect(headersOf(fromCache)).toEqual(headersOf(fromRoute));
          expect(fromCache.body).toEqual(fromRoute.body);
          expect(fromCache.headers.get('access-control-allow-origin')).toBe(headers.origin === 'http://localhost:3000' ? headers.origin : null);

          const notModified = { ...headers, 'if-none-match': fromRoute.headers.get('etag')! };
          const cached304 = await server().get(route, notModified);
          (catalogue as unknown as { drop(): void }).drop();
          const routed304 = await server().get(route, notModified);
          expect(cached304.status).toBe(304);
          expect(headersOf(cached304)).toEqual(headersOf(routed304));
        }
      }
      // Another spelling of a path, a query string or HEAD go through routing.
      await server().get('/product/1');
      routed.mockClear();
      for (const [method, route] of [['GET', '/product/01'], ['GET', '/product/1?x=1'], ['HEAD', '/product/1']]) await server().request(method, route);
      expect(routed).toHaveBeenCalledTimes(3);
    } finally {
      routed.mockRestore();
    }
  });

  it('an unknown product stays 404 (not cached as anything else)', async () => {
    const r = await server().get('/product/999999');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ status: 404, msg: 'Product not found', data: null });
  });
});

describeTwoProcesses('catalogue cache across two API processes on one PostgreSQL', (first, second) => {
  it('a product listed through one process is seen by the other, whose list was cached', async () => {
    const cached = await second().get('/products');
    const seller = await signedInUser(first());
    const product = await listProduct(first(), seller.token, 1234, 'Seen everywhere');
    expect(ids(cached)).not.toContain(product.productid);
    const started = Date.now();
    const seen = await eventually(() => second().get('/products'), (r) => ids(r).includes(product.productid));
    expect(ids(seen)).toContain(product.productid);
    console.log(`[catalogue] a new product reached the other process's cached list in ${Date.now() - started} ms`);
  });
});

/** A listener that only says it listens: no notification ever arrives. */
const listening: ListenFn = async () => async () => undefined;
const json = (n: number) => JSON.stringify({ data: 'x'.repeat(n) });

describe('the cache’s memory budget', () => {
  it('gives way oldest first and never holds more than its budget', async () => {
    const cache = new CatalogueCache(1000);
    await cache.start(listening);
    let builds = 0;
    const get = (key: string) => cache.get(key, async () => (builds++, json(300)));
    for (const host of ['a', 'b', 'c']) await get(host);
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(builds).toBe(3);
    await get('c'); // still held
    expect(builds).toBe(3);
    await get('d'); // makes room by dropping 'a', the oldest
    await get('a');
    expect(builds).toBe(5);
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    await cache.close();
  });

  it('does not keep a reply larger than the whole budget, and still answers it', async () => {
    const cache = new CatalogueCache(100);
    await cache.start(listening);
    const reply = await cache.get('big', async () => json(500));
    expect(reply.body).toHaveLength(json(500).length);
    expect(cache.bytes).toBe(0);
    await cache.close();
  });
});

describe('the process that changed products', () => {
  it('drops its replies at once, without waiting for its own notification', async () => {
    const cache = new CatalogueCache();
    await cache.start(listening); // delivers nothing: only forgetAll can drop
    let version = 1;
    const get = () => cache.get('list', async () => json(version));
    await get();
    version = 2;
    cache.forgetAll();
    expect(cache.bytes).toBe(0);
    expect((await get()).size).toBe(json(2).length);

    // A reply built from a read that began before the change is answered but not kept.
    let finishRead!: () => void;
    const inFlight = cache.get('page', () => new Promise<string>((resolve) => (finishRead = () => resolve(json(1)))));
    cache.forgetAll();
    finishRead();
    await inFlight;
    expect(cache.peek('page')).toBeUndefined();
    await cache.close();
  });
});
