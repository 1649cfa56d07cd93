import http from 'node:http';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { acceptedEncoding, CatalogueCache, cachedReply, COMPRESS_MIN_BYTES, notModified, type CachedReply } from '../src/lib/catalogue-cache';
import type { ListenFn } from '../src/db/listen';
import { describeEachDatabase, describeTwoProcesses, eventually, type TestServer } from './helpers/server';
import { encodeCursor } from '../src/lib/paging';
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
    const before = await lastPage(server());
    const seller = await signedInUser(server());
    const product = await listProduct(server(), seller.token, 777, 'Cache test lamp');
    const after = await server().get(before.url);
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

  it('a cached read is answered before routing in the encoding asked for, header for header and byte for byte as the route sends it', async () => {
    const { catalogue } = server().app.ctx;
    const routed = jest.spyOn(catalogue, 'get');
    const drop = () => (catalogue as unknown as { drop(): void }).drop();
    // Accept-Encoding → the coding of a reply large enough to be compressed (the list is; a product is not).
    const cases: Array<[string | undefined, 'br' | 'gzip' | undefined]> = [
      [undefined, undefined],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['BR', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
      ['br;q=0.5, gzip;q=0.5', 'br'],
      ['identity', undefined],
      ['deflate', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'gzip'],
    ];
    try {
      for (const route of ['/products', '/product/1']) {
        const plain = await raw(server().url, route);
        const json = JSON.parse(plain.body.toString());
        const compressible = plain.body.length >= COMPRESS_MIN_BYTES;
        expect(compressible).toBe(route === '/products');
        const etags = new Set<string>();
        for (const [acceptEncoding, coding] of cases) {
          for (const origin of [undefined, 'http://localhost:3000']) {
            const headers: Record<string, string> = { ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }), ...(origin && { origin }) };
            const what = `${route} [${acceptEncoding}] [${origin}]`;
            drop();
            routed.mockClear();
            const fromRoute = await raw(server().url, route, headers);
            expect(routed).toHaveBeenCalledTimes(1);
            const fromCache = await raw(server().url, route, headers);
            expect(routed).toHaveBeenCalledTimes(1); // the second never reached the route
            expect([what, fromCache.status]).toEqual([what, 200]);
            expect([what, headersOfRaw(fromCache)]).toEqual([what, headersOfRaw(fromRoute)]);
            expect(fromCache.body.equals(fromRoute.body)).toBe(true);
            expect([what, fromCache.headers['content-encoding']]).toEqual([what, compressible ? coding : undefined]);
            expect(fromCache.headers['content-length']).toBe(String(fromCache.body.length));
            expect(fromCache.headers.vary).toBe(compressible ? 'Origin, Accept-Encoding' : 'Origin');
            expect(JSON.parse(decoded(fromCache).toString())).toEqual(json);
            const etag = String(fromCache.headers.etag);
            etags.add(etag);

            // 304 for this variant's ETag (also in a list, or weak), the same from both paths.
            for (const ifNoneMatch of [etag, `W/"other", W/${etag}`]) {
              const cached304 = await raw(server().url, route, { ...headers, 'if-none-match': ifNoneMatch });
              drop();
              const routed304 = await raw(server().url, route, { ...headers, 'if-none-match': ifNoneMatch });
              expect([what, cached304.status, routed304.status]).toEqual([what, 304, 304]);
              expect(headersOfRaw(cached304)).toEqual(headersOfRaw(routed304));
              expect(cached304.body).toHaveLength(0);
            }
            // Another encoding's ETag is another representation: the whole reply.
            if (compressible && coding) {
              const other = await raw(server().url, route, { ...headers, 'if-none-match': String(plain.headers.etag) });
              expect(other.status).toBe(200);
              expect(other.headers['content-encoding']).toBe(coding);
            }
          }
        }
        // One ETag per representation: identity, br, gzip (a product: identity only).
        expect([...etags].sort()).toEqual(compressible ? [plain.headers.etag, String(plain.headers.etag).replace(/"$/, '-br"'), String(plain.headers.etag).replace(/"$/, '-gzip"')].sort() : [plain.headers.etag]);
      }
    } finally {
      routed.mockRestore();
    }
  });

  it('HEAD through the route says what GET would send: the encoding and its length, no body', async () => {
    const get = await raw(server().url, '/products', { 'accept-encoding': 'br' });
    const head = await raw(server().url, '/products', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('the other cached reads (any page, trending, categories) go out compressed from the cache, not compressed again', async () => {
    const { catalogue } = server().app.ctx;
    const held = () => [...(catalogue as unknown as { entries: Map<string, CachedReply> }).entries.values()];
    for (const route of ['/products?limit=100', '/products?limit=5', '/products/trending', '/categories']) {
      const plain = await raw(server().url, route);
      for (const coding of ['br', 'gzip'] as const) {
        const r = await raw(server().url, route, { 'accept-encoding': coding });
        expect(r.status).toBe(200);
        expect(JSON.parse(decoded(r).toString())).toEqual(JSON.parse(plain.body.toString()));
        if (plain.body.length < COMPRESS_MIN_BYTES) {
          expect([route, r.headers['content-encoding'], r.headers.vary]).toEqual([route, undefined, 'Origin']);
          continue;
        }
        expect([route, r.headers['content-encoding']]).toEqual([route, coding]);
        expect(r.headers.vary).toBe('Origin, Accept-Encoding');
        expect(r.headers['content-length']).toBe(String(r.body.length));
        // The very bytes the cache holds for this coding.
        expect(held().some((reply) => reply[coding]?.body.equals(r.body))).toBe(true);
      }
    }
  });

  it('walking every page under many host names keeps the cache within its budget; a reply larger than it is answered, not kept', async () => {
    const { catalogue } = server().app.ctx;
    const budget = catalogue as unknown as { maxBytes: number; drop(): void };
    const saved = budget.maxBytes;
    try {
      budget.drop();
      budget.maxBytes = 40_000;
      let pages = 0;
      for (let h = 0; h < 6; h++) {
        let url = '/products?limit=5';
        for (;;) {
          const r = await raw(server().url, url, { host: `shop${h}.example`, 'accept-encoding': 'br' });
          expect(r.status).toBe(200);
          pages++;
          expect(catalogue.bytes).toBeLessThanOrEqual(40_000);
          expect(catalogue.bytes).toBeGreaterThan(0);
          const next = JSON.parse(decoded(r).toString()).next;
          if (!next) break;
          url = `/products?limit=5&cursor=${next}`;
        }
      }
      expect(pages).toBeGreaterThan(50);

      budget.drop();
      budget.maxBytes = 10_000;
      const big = await raw(server().url, '/products?limit=100', { 'accept-encoding': 'gzip' });
      expect(big.status).toBe(200);
      expect(JSON.parse(decoded(big).toString()).data.length).toBeGreaterThan(48);
      expect(catalogue.bytes).toBe(0);
    } finally {
      budget.maxBytes = saved;
      budget.drop();
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
    const cached = await lastPage(second());
    const seller = await signedInUser(first());
    const product = await listProduct(first(), seller.token, 1234, 'Seen everywhere');
    expect(ids(cached)).not.toContain(product.productid);
    const started = Date.now();
    const seen = await eventually(() => second().get(cached.url), (r) => ids(r).includes(product.productid));
    expect(ids(seen)).toContain(product.productid);
    console.log(`[catalogue] a new product reached the other process's cached list in ${Date.now() - started} ms`);
  });
});

/** The catalogue's last page (the one a new product joins, while it has room), with its URL. */
async function lastPage(s: TestServer) {
  let url = '/products?limit=100';
  let page = await s.get(url);
  while (page.body.next) {
    url = `/products?limit=100&cursor=${page.body.next}`;
    page = await s.get(url);
  }
  // A full last page: the new product starts the next one, which is empty now.
  if (page.body.data.length === 100) {
    url = `/products?limit=100&cursor=${encodeCursor([page.body.data.at(-1).productid])}`;
    page = await s.get(url);
  }
  return Object.assign(page, { url });
}

/** A listener that only says it listens: no notification ever arrives. */
const listening: ListenFn = async () => async () => undefined;
const json = (n: number) => JSON.stringify({ data: 'x'.repeat(n) });

describe('the cache’s memory budget', () => {
  it('gives way oldest first and never holds more than its budget', async () => {
    // Room for three of these replies (each counted with its objects and key), not four.
    const each = cachedReply(json(300)).bytes + 1;
    const budget = 3 * each + 10;
    const cache = new CatalogueCache(budget);
    await cache.start(listening);
    let builds = 0;
    const get = (key: string) => cache.get(key, async () => (builds++, json(300)));
    for (const host of ['a', 'b', 'c']) await get(host);
    expect(cache.bytes).toBe(3 * each);
    expect(builds).toBe(3);
    await get('c'); // still held
    expect(builds).toBe(3);
    await get('d'); // makes room by dropping 'a', the oldest
    await get('a');
    expect(builds).toBe(5);
    expect(cache.bytes).toBeLessThanOrEqual(budget);
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

describe('compressed variants', () => {
  it('a reply of 1 KB or more is kept in brotli and gzip too, each with its own ETag, and counted whole', () => {
    const text = JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Product ${i}` })) });
    const reply = cachedReply(text);
    expect(reply.body.toString()).toBe(text);
    expect(zlib.brotliDecompressSync(reply.br!.body).toString()).toBe(text);
    expect(zlib.gunzipSync(reply.gzip!.body).toString()).toBe(text);
    expect(reply.br!.body.length).toBeLessThan(reply.size / 2);
    expect(reply.br!.etag).toBe(reply.etag.replace(/"$/, '-br"'));
    expect(reply.gzip!.etag).toBe(reply.etag.replace(/"$/, '-gzip"'));
    expect(reply.bytes).toBeGreaterThan(reply.size + reply.br!.body.length + reply.gzip!.body.length);
    // Below the threshold: as it is only (compressing it would save less than its headers).
    const small = cachedReply(JSON.stringify({ data: 'x' }));
    expect(small.br).toBeUndefined();
    expect(small.gzip).toBeUndefined();
  });

  it('Accept-Encoding is read with its q-values: brotli first, gzip next, else the body as it is', () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined],
      ['', undefined],
      ['identity', undefined],
      ['br', 'br'],
      ['gzip, br', 'br'],
      ['gzip,deflate', 'gzip'],
      ['x-gzip', 'gzip'],
      ['Br;Q=1', 'br'],
      ['br;q=0', undefined],
      ['br;q=0, gzip;q=0.1', 'gzip'],
      ['gzip;q=1, br;q=0.9', 'gzip'],
      ['br ; q=0.2 , gzip ; q=0.1', 'br'],
      ['compress, deflate, zstd', undefined],
      ['*;q=0', undefined],
    ];
    for (const [header, coding] of cases) expect([header, acceptedEncoding(header)]).toEqual([header, coding]);
  });

  it('If-None-Match names the ETag: exactly, in a list, weakly, or as *', () => {
    expect(notModified(undefined, '"a"')).toBe(false);
    expect(notModified('"a"', '"a"')).toBe(true);
    expect(notModified('"b", "a"', '"a"')).toBe(true);
    expect(notModified('W/"a"', '"a"')).toBe(true);
    expect(notModified('*', '"a"')).toBe(true);
    expect(notModified('"a-br"', '"a"')).toBe(false);
    expect(notModified('"b"', '"a"')).toBe(false);
  });

  it('the budget counts every variant: many keys never hold more than it, and a reply whose variants do not fit is not kept', async () => {
    const page = (n: number) => JSON.stringify({ data: Array.from({ length: 40 }, (_, i) => ({ id: n * 100 + i, name: `Product ${n}-${i}`, price: i * 7 })) });
    const one = cachedReply(page(0));
    expect(one.br).toBeDefined();
    const budget = 5 * one.bytes;
    const cache = new CatalogueCache(budget);
    await cache.start(listening);
    for (let n = 0; n < 200; n++) {
      await cache.get(`host${n % 7}|list|40|${n}`, async () => page(n));
      expect(cache.bytes).toBeLessThanOrEqual(budget);
    }
    expect(cache.bytes).toBeGreaterThan(budget / 2);
    await cache.close();

    // Its text alone fits; with its compressed variants (random text hardly compresses) it does not.
    const text = JSON.stringify({ data: randomText(3000) });
    const tight = new CatalogueCache(cachedReply(text).bytes - 500);
    expect(Buffer.byteLength(text)).toBeLessThan(cachedReply(text).bytes - 500);
    await tight.start(listening);
    const reply = await tight.get('random', async () => text);
    expect(reply.body.toString()).toBe(text);
    expect(tight.peek('random')).toBeUndefined();
    expect(tight.bytes).toBe(0);
    await tight.close();
  });
});

function randomText(n: number): string {
  return randomBytes(n).toString('base64').slice(0, n);
}

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with node:http: the headers given and no others (fetch adds an Accept-Encoding and decodes), the body as sent. */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawReply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .request({ host: url.hostname, port: url.port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

/** The body decoded as its Content-Encoding says. */
function decoded(r: RawReply): Buffer {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(r.body);
  if (coding === 'gzip') return zlib.gunzipSync(r.body);
  if (coding === undefined) return r.body;
  throw new Error(`unexpected content-encoding ${coding}`);
}

/** A raw reply's headers but those of the connection, sorted. */
function headersOfRaw(r: RawReply): Array<[string, unknown]> {
  return Object.entries(r.headers)
    .filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
}
