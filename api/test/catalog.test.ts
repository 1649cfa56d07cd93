import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { describeEachDatabase } from './helpers/server';
import { walkPages } from './helpers/paging';

describeEachDatabase('catalogue', (server) => {
  describe('GET /products', () => {
    it('lists the seeded catalogue: 60+ products in three categories, rupee prices, ratings 1-5, sellers', async () => {
      const r = await server().get('/products');
      expect(r.status).toBe(200);
      expect(r.body.status).toBe(200);
      const products = (await walkPages(server(), '/products')).rows;
      expect(products.length).toBeGreaterThanOrEqual(60);
      const categories = new Set(products.map((p) => p.title));
      expect([...categories].sort()).toEqual(['Accessories', 'Clothing', 'Electronics']);
      for (const p of products) {
        expect(Number.isInteger(p.productid)).toBe(true);
        expect(p.productname.length).toBeGreaterThan(3);
        expect(p.description.length).toBeGreaterThan(20);
        expect(p.price).toBeGreaterThan(0);
        expect(p.rating).toBeGreaterThanOrEqual(1);
        expect(p.rating).toBeLessThanOrEqual(5);
        expect(p.userid).toBeGreaterThan(0);
        expect(p.photo).toMatch(new RegExp(`^${server().url}/images/[0-9a-f]{64}\\.png$`));
      }
      expect(new Set(products.map((p) => p.userid)).size).toBeGreaterThanOrEqual(3);
      // Deal of the Day needs two drones.
      expect(products.filter((p) => /Drone/.test(p.productname)).length).toBe(2);
      // Never internal columns.
      expect(products[0]).not.toHaveProperty('photo_hash');
      expect(products[0]).not.toHaveProperty('created_at');
    });

    it('gives every product a picture of its own', async () => {
      const products = (await server().get('/products')).body.data as any[];
      expect(new Set(products.map((p) => p.photo)).size).toBe(products.length);
    });
  });

  describe('GET /product/:id', () => {
    it('returns one product with the same fields as the list', async () => {
      const list = (await server().get('/products')).body.data as any[];
      const r = await server().get(`/product/${list[3].productid}`);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual(list[3]);
    });

    it('answers 404 with a message for an unknown id', async () => {
      const r = await server().get('/product/999999');
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ status: 404, msg: 'Product not found', data: null });
    });

    it.each(['abc', '1.5', '0', '-3', '99999999999'])('answers 400 for the id %s', async (id) => {
      const r = await server().get(`/product/${id}`);
      expect(r.status).toBe(400);
      expect(r.body.status).toBe(400);
      expect(r.body.msg).toMatch(/id/);
    });
  });

  describe('GET /images/:hash.png', () => {
    it('serves a real 400x400 PNG with immutable caching and an ETag', async () => {
      const product = (await server().get('/products')).body.data[0];
      const res = await fetch(product.photo);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
      expect([png.width, png.height]).toEqual([400, 400]);
      // Not a blank square: a drawing has many colours.
      const colours = new Set<number>();
      for (let i = 0; i < png.data.length; i += 4 * 97)
        colours.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
      expect(colours.size).toBeGreaterThan(50);

      const again = await fetch(product.photo, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
    });

    it('answers 404 for an unknown picture and 400 for a bad name', async () => {
      const unknown = await server().get(`/images/${'0'.repeat(64)}.png`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toBe('Image not found');
      const bad = await server().get('/images/../../etc/passwd');
      expect([400, 404]).toContain(bad.status);
      const bad2 = await server().get('/images/abc.png');
      expect(bad2.status).toBe(400);
    });
  });

  describe('POST /products (search)', () => {
    it('answers one page, newest first: 48 by default, then the rest from an offset; hasMore says whether more follow', async () => {
      const all = (await walkPages<{ productid: number }>(server(), '/products')).rows;
      expect(all.length).toBeGreaterThan(48);
      const first = await server().post('/products', { productname: '' });
      expect(first.status).toBe(200);
      expect(first.body.data).toHaveLength(48);
      expect(first.body.hasMore).toBe(true);
      const rest = await server().post('/products', { productname: '', offset: 48, limit: 100 });
      expect(rest.body.hasMore).toBe(false);
      expect([...first.body.data, ...rest.body.data].map((p: { productid: number }) => p.productid)).toEqual(
        all.map((p) => p.productid).reverse(),
      );
      const exact = await server().post('/products', { productname: '', limit: all.length });
      expect([exact.body.data.length, exact.body.hasMore]).toEqual([all.length, false]);
      const beyond = await server().post('/products', { productname: '', offset: 5000 });
      expect([beyond.body.data, beyond.body.hasMore, beyond.body.msg]).toEqual([[], false, 'No products found']);
    });

    it.each([
      [{ limit: 0 }, 'limit must be a whole number from 1 to 100'],
      [{ limit: 101 }, 'limit must be a whole number from 1 to 100'],
      [{ limit: 2.5 }, 'limit must be a whole number from 1 to 100'],
      [{ offset: -1 }, 'offset must be a whole number from 0 to 1000000'],
      [{ offset: 'ten' }, 'offset must be a whole number from 0 to 1000000'],
    ])('refuses the page %j with 400', async (page, msg) => {
      const r = await server().post('/products', { productname: '', ...page });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: 400, msg, data: null });
    });

    const search = (body: unknown) => server().post('/products', body);

    it('finds by name, any case', async () => {
      const r = await search({ productname: 'dRoNe' });
      expect(r.status).toBe(200);
      expect(r.body.data.map((p: any) => p.productname).sort()).toEqual([
        'AeroLite Mini Drone',
        'SkyHawk 4K Camera Drone',
      ]);
    });

    it('finds by category (title) and by description', async () => {
      const byTitle = await search({ productname: 'clothing' });
      expect(byTitle.body.data.length).toBeGreaterThan(10);
      expect(
        byTitle.body.data.every((p: any) => p.title === 'Clothing' || /clothing/i.test(p.productname + p.description)),
      ).toBe(true);
      const byDescription = await search({ productname: 'chikankari' });
      expect(byDescription.body.data.map((p: any) => p.productname)).toEqual(['Chikankari Cotton Kurta']);
      const desc = await search({ productname: 'noise cancellation' });
      expect(desc.body.data.length).toBeGreaterThanOrEqual(2);
      expect(
        desc.body.data.every((p: any) => /noise/i.test(p.description) && /cancellation/i.test(p.description)),
      ).toBe(true);
    });

    it('filters by category and price range', async () => {
      const r = await search({ productname: '', category: 'electronics', minPrice: 2000, maxPrice: 5000 });
      expect(r.body.data.length).toBeGreaterThan(2);
      for (const p of r.body.data) {
        expect(p.title).toBe('Electronics');
        expect(p.price).toBeGreaterThanOrEqual(2000);
        expect(p.price).toBeLessThanOrEqual(5000);
      }
    });

    it('lists everything for an empty search and nothing for a word no product has', async () => {
      const all = await search({ productname: '   ', limit: 100 });
      const list = await walkPages(server(), '/products');
      expect(all.body.data.length).toBe(list.rows.length);
      const none = await search({ productname: 'zzqxv' });
      expect(none.status).toBe(200);
      expect(none.body.data).toEqual([]);
    });

    it('treats % and _ as plain characters', async () => {
      const all = (await server().get('/products')).body.data as any[];
      const r = await search({ productname: '100%' });
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeGreaterThan(0);
      expect(r.body.data.length).toBeLessThan(all.length);
      expect(r.body.data.every((p: any) => (p.productname + p.title + p.description).includes('100%'))).toBe(true);
      const underscore = await search({ productname: '_' });
      expect(underscore.body.data).toEqual([]);
    });

    it('has a trigram index that the search expression uses', async () => {
      const { db } = server().app.ctx;
      const { sql } = await import('kysely');
      const plan = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const r = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT productid FROM products
          WHERE lower(productname || ' ' || title || ' ' || description) LIKE ${'%drone%'}`.execute(trx);
        return r.rows.map((row) => Object.values(row)[0]).join('\n');
      });
      expect(plan).toMatch(/products_search_trgm_idx/);
    });

    it('rejects bad input with 400 and a message naming the field', async () => {
      let r = await search({});
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/productname/);
      r = await search({ productname: 'x', minPrice: 'cheap' });
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/minPrice/);
      r = await search({ productname: 'x'.repeat(101) });
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/productname/);
      r = await server().request('POST', '/products', {
        raw: '{"productname": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: 400, msg: 'Malformed JSON in the request body', data: null });
      r = await server().request('POST', '/products', {
        raw: 'productname=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(r.status).toBe(415);
      expect(r.body.msg).toMatch(/content type/i);
      r = await server().request('POST', '/products', { raw: 'drone', headers: { 'content-type': 'text/plain' } });
      expect(r.status).toBe(415);
      r = await server().request('POST', '/products', {
        raw: JSON.stringify({ productname: 'a', pad: 'x'.repeat(200_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status).toBe(413);
      expect(r.body.msg).toMatch(/too large/);
    });
  });

  describe('POST /contact', () => {
    const message = {
      email: 'ravi.k@example.com',
      name: 'Ravi Kumar',
      subject: 'Delivery question',
      msg: 'Do you ship to Ooty?',
    };

    it('stores the message, and says so when the same message comes again', async () => {
      const r = await server().post('/contact', message);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: 200, msg: 'Thank you for contacting us', data: null });
      const again = await server().post('/contact', { ...message, email: 'RAVI.K@example.com' });
      expect(again.status).toBe(409);
      expect(again.body.msg).toMatch(/already received/);
      const rows = await server()
        .app.ctx.db.selectFrom('contact_messages')
        .selectAll()
        .where('subject', '=', message.subject)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Ravi Kumar', msg: 'Do you ship to Ooty?' });
      // A different message from the same person is new.
      expect((await server().post('/contact', { ...message, msg: 'And to Munnar?' })).status).toBe(200);
    });

    it('accepts a message without msg (optional)', async () => {
      const r = await server().post('/contact', { email: 'neha@example.com', name: 'Neha', subject: 'Hello' });
      expect(r.status).toBe(200);
    });

    it.each([
      [{ name: undefined }, 'Name Required'],
      [{ name: '  ' }, 'Name Required'],
      [{ email: undefined }, 'Email Required'],
      [{ email: '' }, 'Email Required'],
      [{ email: 'not-an-email' }, 'Email id must be in {email}'],
      [{ subject: undefined }, 'Subject Required'],
      [{ subject: '' }, 'Subject Required'],
      [{ msg: 'x'.repeat(5001) }, 'msg must be a text of at most 5000 characters'],
    ])('rejects %j with the spec message', async (change, msg) => {
      const r = await server().post('/contact', { ...message, subject: `s-${Math.random()}`, ...change });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: 400, msg, data: null });
    });
  });

  describe('HTTP edges', () => {
    it('answers unknown routes with 404 {status, msg}', async () => {
      const r = await server().get('/no/such/route');
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ status: 404, msg: 'No such API route: GET /no/such/route', data: null });
    });

    it('allows CORS only for the configured front-end origins', async () => {
      const ok = await fetch(`${server().url}/products`, { headers: { origin: 'http://localhost:3000' } });
      expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      const preflight = await fetch(`${server().url}/getuserdata`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:3002',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authtoken',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authtoken/);
      const evil = await fetch(`${server().url}/products`, { headers: { origin: 'http://evil.example' } });
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('search stays indexed', () => {
    it('has the trigram search index and a price index', async () => {
      const { rows } = await sql<{
        indexname: string;
      }>`SELECT indexname FROM pg_indexes WHERE tablename = 'products'`.execute(server().app.ctx.db);
      const names = rows.map((r) => r.indexname);
      expect(names).toEqual(
        expect.arrayContaining(['products_search_trgm_idx', 'products_price_idx', 'products_title_lower_idx']),
      );
    });

    it('uses the trigram index for a word search on a large catalogue', async () => {
      const db = server().app.ctx.db;
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT productid FROM products
          WHERE lower(productname || ' ' || title || ' ' || description) LIKE '%drone%'`.execute(trx);
        expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/products_search_trgm_idx/);
      });
    });
  });
});
