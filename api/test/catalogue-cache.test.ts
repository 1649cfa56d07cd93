/**
 * The catalogue cache over HTTP: ETags and 304s, a change seen at once, the fast path's replies
 * byte for byte those of the route in each encoding, and a change reaching another process. The
 * cache's own budget and variants: catalogue-cache-memory.test.ts.
 */
import { COMPRESS_MIN_BYTES, type CachedReply } from '../src/lib/catalogue-cache';
import { describeEachDatabase, describeTwoProcesses, eventually, type TestServer } from './helpers/server';
import { encodeCursor } from '../src/lib/paging';
import { signedInUser } from './helpers/accounts';
import { decoded, headersOfRaw, raw } from './helpers/raw-http';
import { listProduct, makePng } from './helpers/shop';
import { sha256Hex } from '../src/lib/crypto';

/** Room for a few pages of 5 products, not for one of 100. */
const SMALL_BUDGET = 40_000;

const ids = (r: { body: { data: { productid: number }[] } }) => r.body.data.map((p) => p.productid);

/** A product whose reply is under 1 KB: short texts, and a photo without copies (so no photoSources). */
async function smallProduct(s: TestServer): Promise<number> {
  const { db } = s.app.ctx;
  const png = makePng(2, 2, 77);
  const hash = sha256Hex(png);
  await db
    .insertInto('images')
    .values({ hash, content: png, mime: 'image/png', bytes: png.length, width: 2, height: 2, variants: '{}' })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  const seller = await db.selectFrom('users').select('userid').limit(1).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('products')
    .values({
      productname: 'Pin',
      title: 'Accessories',
      description: 'A pin.',
      price: '10',
      rating: '4',
      photo_hash: hash,
      photo_hashes: JSON.stringify([hash]),
      location: 'Pune',
      userid: seller.userid,
    })
    .returning('productid')
    .executeTakeFirstOrThrow();
  return row.productid;
}

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
    const headersOf = (r: { headers: Headers }) =>
      [...r.headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name)).sort();
    const variants: Array<Record<string, string>> = [
      {},
      { origin: 'http://localhost:3000' },
      { origin: 'http://elsewhere.example' },
    ];
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
          expect(fromCache.headers.get('access-control-allow-origin')).toBe(
            headers.origin === 'http://localhost:3000' ? headers.origin : null,
          );

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
      for (const [method, route] of [
        ['GET', '/product/01'],
        ['GET', '/product/1?x=1'],
        ['HEAD', '/product/1'],
      ])
        await server().request(method, route);
      expect(routed).toHaveBeenCalledTimes(3);
    } finally {
      routed.mockRestore();
    }
  });

  it('a cached read is answered before routing in the encoding asked for, header for header and byte for byte as the route sends it', async () => {
    const { catalogue } = server().app.ctx;
    const routed = jest.spyOn(catalogue, 'get');
    const drop = () => (catalogue as unknown as { drop(): void }).drop();
    // Accept-Encoding → the coding of a reply large enough to be compressed (the list is; a small product is not).
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
    const small = `/product/${await smallProduct(server())}`;
    try {
      for (const route of ['/products', small]) {
        const plain = await raw(server().url, route);
        const json = JSON.parse(plain.body.toString());
        const compressible = plain.body.length >= COMPRESS_MIN_BYTES;
        expect(compressible).toBe(route === '/products');
        const etags = new Set<string>();
        for (const [acceptEncoding, coding] of cases) {
          for (const origin of [undefined, 'http://localhost:3000']) {
            const headers: Record<string, string> = {
              ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
              ...(origin && { origin }),
            };
            const what = `${route} [${acceptEncoding}] [${origin}]`;
            drop();
            routed.mockClear();
            const fromRoute = await raw(server().url, route, { headers });
            expect(routed).toHaveBeenCalledTimes(1);
            const fromCache = await raw(server().url, route, { headers });
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
              const cached304 = await raw(server().url, route, {
                headers: { ...headers, 'if-none-match': ifNoneMatch },
              });
              drop();
              const routed304 = await raw(server().url, route, {
                headers: { ...headers, 'if-none-match': ifNoneMatch },
              });
              expect([what, cached304.status, routed304.status]).toEqual([what, 304, 304]);
              expect(headersOfRaw(cached304)).toEqual(headersOfRaw(routed304));
              expect(cached304.body).toHaveLength(0);
            }
            // Another encoding's ETag is another representation: the whole reply.
            if (compressible && coding) {
              const other = await raw(server().url, route, {
                headers: { ...headers, 'if-none-match': String(plain.headers.etag) },
              });
              expect(other.status).toBe(200);
              expect(other.headers['content-encoding']).toBe(coding);
            }
          }
        }
        // One ETag per representation: identity, br, gzip (a product: identity only).
        expect([...etags].sort()).toEqual(
          compressible
            ? [
                plain.headers.etag,
                String(plain.headers.etag).replace(/"$/, '-br"'),
                String(plain.headers.etag).replace(/"$/, '-gzip"'),
              ].sort()
            : [plain.headers.etag],
        );
      }
    } finally {
      routed.mockRestore();
    }
  });

  it('HEAD through the route says what GET would send: the encoding and its length, no body', async () => {
    const get = await raw(server().url, '/products', { headers: { 'accept-encoding': 'br' } });
    const head = await raw(server().url, '/products', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
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
        const r = await raw(server().url, route, { headers: { 'accept-encoding': coding } });
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

  it('an unknown product stays 404 (not cached as anything else)', async () => {
    const r = await server().get('/product/999999');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ status: 404, msg: 'Product not found', data: null });
  });
});

describeEachDatabase(
  'catalogue replies under a small memory budget',
  (server) => {
    it('walking every page under many host names keeps the cache within its budget; a reply larger than it is answered, not kept', async () => {
      const { catalogue } = server().app.ctx;
      let pages = 0;
      for (let h = 0; h < 6; h++) {
        let url = '/products?limit=5';
        for (;;) {
          const r = await raw(server().url, url, { headers: { host: `shop${h}.example`, 'accept-encoding': 'br' } });
          expect(r.status).toBe(200);
          pages++;
          expect(catalogue.bytes).toBeLessThanOrEqual(SMALL_BUDGET);
          expect(catalogue.bytes).toBeGreaterThan(0);
          const next = JSON.parse(decoded(r).toString()).next;
          if (!next) break;
          url = `/products?limit=5&cursor=${next}`;
        }
      }
      expect(pages).toBeGreaterThan(50);

      catalogue.forgetAll();
      const big = await raw(server().url, '/products?limit=100', { headers: { 'accept-encoding': 'gzip' } });
      expect(big.status).toBe(200);
      expect(JSON.parse(decoded(big).toString()).data.length).toBeGreaterThan(48);
      expect(catalogue.bytes).toBe(0);
    });
  },
  { catalogueCacheBytes: SMALL_BUDGET },
);

describeTwoProcesses('catalogue cache across two API processes on one PostgreSQL', (first, second) => {
  it('a product listed through one process is seen by the other, whose list was cached', async () => {
    const cached = await lastPage(second());
    const seller = await signedInUser(first());
    const product = await listProduct(first(), seller.token, 1234, 'Seen everywhere');
    expect(ids(cached)).not.toContain(product.productid);
    const started = Date.now();
    const seen = await eventually(
      () => second().get(cached.url),
      (r) => ids(r).includes(product.productid),
    );
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
