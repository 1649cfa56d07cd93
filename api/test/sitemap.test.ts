/**
 * The sitemap's ids (GET /sitemap, GET /sitemap/products/:page, GET /sitemap/auctions/:page),
 * over real HTTP on PGlite and PostgreSQL: pages of 50,000 ids by id range. Rows with ids past
 * the first pages are inserted with explicit ids (the page size is the contract's, not configurable).
 */
import { MAX_ID, SITEMAP_MAX_PAGE, SITEMAP_PAGE_SIZE } from '@marketplace/contract';
import { describeEachDatabase, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction } from './helpers/auctions';
import { insertProducts, seededPhotoHash } from './helpers/shop';

const DAY = 86_400_000;

async function insertAuction(
  s: TestServer,
  userid: number,
  auctionid: number,
  times: { end: Date; updated: Date },
): Promise<void> {
  const photo = await seededPhotoHash(s);
  await s.app.ctx.db
    .insertInto('auctions')
    .values({
      auctionid,
      userid,
      nickname: 'collector',
      productname: `Sitemap coin ${auctionid}`,
      category: 'Currancy',
      description: 'A coin.',
      ageproduct: '10 years',
      startbid: 100,
      bid: 100,
      rangelowbid: 50,
      rangehighbid: 500,
      photo_hashes: JSON.stringify([photo]),
      end_time: times.end,
      created_at: times.updated,
      updated_at: times.updated,
    })
    .execute();
}

type Entry = { id: number; lastModified?: string };

describeEachDatabase('sitemap ids', (server) => {
  const get = (path: string, headers: Record<string, string> = {}) => server().get(path, headers);
  const now = Date.now();
  const ended = { end: new Date(now - DAY), updated: new Date(now - 3 * DAY) };
  const endedAfterUpdate = { end: new Date(now - 2 * DAY), updated: new Date(now - DAY) };
  const running = { end: new Date(now + DAY), updated: new Date(now - 2 * 3_600_000) };

  let seller: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    seller = await signedInUser(server());
    // Enough ids on page 1 for a reply of several KB (compressed), and ids on pages 2 and 4 (none on 3).
    await insertProducts(
      server(),
      seller.userid,
      Array.from({ length: 150 }, () => undefined),
    );
    await insertProducts(server(), seller.userid, [SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE + 1, 100_000, 150_001]);
    await insertAuction(server(), seller.userid, SITEMAP_PAGE_SIZE - 1, ended);
    await insertAuction(server(), seller.userid, SITEMAP_PAGE_SIZE + 1, running);
    await insertAuction(server(), seller.userid, SITEMAP_PAGE_SIZE + 2, endedAfterUpdate);
  });

  it('GET /sitemap: the page size and each list pages up to its highest id', async () => {
    const r = await get('/sitemap');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ pageSize: 50_000, products: { pages: 4 }, auctions: { pages: 2 } });
    expect(r.headers.get('cache-control')).toBe('no-cache');
  });

  it('lists every product id in exactly one page, in id order, within the page range', async () => {
    const { db } = server().app.ctx;
    const all = (await db.selectFrom('products').select('productid').orderBy('productid').execute()).map(
      (p) => p.productid,
    );
    const seen: number[] = [];
    const pageIds: number[][] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await get(`/sitemap/products/${page}`);
      expect([page, r.status]).toEqual([page, 200]);
      const items = r.body.items as Entry[];
      // Products record no time of their last change: the id alone.
      for (const item of items) expect(Object.keys(item)).toEqual(['id']);
      const ids = items.map((i) => i.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      for (const id of ids) {
        expect(id).toBeGreaterThanOrEqual((page - 1) * SITEMAP_PAGE_SIZE + 1);
        expect(id).toBeLessThanOrEqual(page * SITEMAP_PAGE_SIZE);
      }
      pageIds.push(ids);
      seen.push(...ids);
    }
    expect(seen).toEqual(all);
    expect(all.length).toBeGreaterThan(150);
    expect(pageIds[0]).toContain(SITEMAP_PAGE_SIZE);
    expect(pageIds[1]).toEqual([SITEMAP_PAGE_SIZE + 1, 100_000]);
    expect(pageIds[2]).toEqual([]);
    expect(pageIds[3]).toEqual([150_001]);
  });

  it('lists every auction item with the time its page last changed', async () => {
    const owner = await signedInUser(server());
    const item = await createAuction(server(), owner.token);
    const entryOf = async (id: number) =>
      ((await get('/sitemap/auctions/1')).body.items as Entry[]).find((i) => i.id === id)!;
    const listed = Date.parse((await entryOf(item.auctionid)).lastModified!);
    const bidder = await signedInUser(server());
    const placed = await bid(server(), bidder.token, item.auctionid, 1500);
    expect(placed.status).toBe(200);
    const bidAt = Date.parse(placed.body.data.bids[0].at);

    const { db } = server().app.ctx;
    const all = (await db.selectFrom('auctions').select('auctionid').orderBy('auctionid').execute()).map(
      (a) => a.auctionid,
    );
    const first = (await get('/sitemap/auctions/1')).body.items as Entry[];
    const second = (await get('/sitemap/auctions/2')).body.items as Entry[];
    expect([...first, ...second].map((i) => i.id)).toEqual(all);
    for (const entry of [...first, ...second]) {
      expect(Object.keys(entry).sort()).toEqual(['id', 'lastModified']);
      expect(new Date(entry.lastModified!).toISOString()).toBe(entry.lastModified);
    }
    const at = (id: number) => Date.parse([...first, ...second].find((i) => i.id === id)!.lastModified!);
    // An ended item changed when it ended (unless it changed after), a running one at its last change.
    expect(at(SITEMAP_PAGE_SIZE - 1)).toBe(ended.end.getTime());
    expect(at(SITEMAP_PAGE_SIZE + 2)).toBe(endedAfterUpdate.updated.getTime());
    expect(second.map((i) => i.id)).toEqual([SITEMAP_PAGE_SIZE + 1, SITEMAP_PAGE_SIZE + 2]);
    expect(at(SITEMAP_PAGE_SIZE + 1)).toBe(running.updated.getTime());
    // A bid moves the item's time to the bid's (its transaction's start, at most the bid's own time).
    expect(at(item.auctionid)).toBeGreaterThan(listed);
    expect(at(item.auctionid)).toBeLessThanOrEqual(bidAt);
    expect(at(item.auctionid)).toBeGreaterThan(bidAt - 1000);
  });

  it('answers 404 past the last page, 400 for a page that is not a whole number from 1 to the maximum', async () => {
    for (const path of ['/sitemap/products/5', '/sitemap/auctions/3', `/sitemap/products/${SITEMAP_MAX_PAGE}`]) {
      const r = await get(path);
      expect([path, r.status, r.body.data]).toEqual([path, 404, null]);
      expect(r.body.status).toBe(404);
      expect(r.body.msg).toMatch(/^Sitemap page not found: the (products sitemap has 4|auctions sitemap has 2) pages$/);
    }
    // The last page the schema takes reaches MAX_ID (the column's largest value), not past it.
    expect(Math.ceil(MAX_ID / SITEMAP_PAGE_SIZE)).toBe(SITEMAP_MAX_PAGE);
    for (const bad of ['0', '-1', 'abc', '1.5', '1e3x', String(SITEMAP_MAX_PAGE + 1), '99999999999']) {
      for (const list of ['products', 'auctions']) {
        const r = await get(`/sitemap/${list}/${bad}`);
        expect([bad, r.status, r.body.msg]).toEqual([
          bad,
          400,
          `page must be a whole number from 1 to ${SITEMAP_MAX_PAGE}`,
        ]);
      }
    }
  });

  it('is public and revalidated like the catalogue (ETag, 304), and compressed', async () => {
    const plain = await get('/sitemap/products/1');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect((await get('/sitemap/products/1', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/sitemap', { 'if-none-match': (await get('/sitemap')).headers.get('etag')! })).status).toBe(304);
    // Any change to the page is another version.
    await insertProducts(server(), seller.userid, [SITEMAP_PAGE_SIZE - 10]);
    const changed = await get('/sitemap/products/1', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.items.map((i: Entry) => i.id)).toContain(SITEMAP_PAGE_SIZE - 10);

    // fetch decodes brotli: the header says how it travelled, the body is the same JSON.
    const br = await get('/sitemap/products/1', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.body).toEqual(changed.body);
    const gzip = await get('/sitemap/products/1', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.body).toEqual(changed.body);
  });
});

describeEachDatabase(
  'sitemap ids of empty tables',
  (server) => {
    it('has no pages, and page 1 is past the last', async () => {
      const r = await server().get('/sitemap');
      expect(r.body).toEqual({ pageSize: SITEMAP_PAGE_SIZE, products: { pages: 0 }, auctions: { pages: 0 } });
      for (const list of ['products', 'auctions']) {
        const page = await server().get(`/sitemap/${list}/1`);
        expect([page.status, page.body.msg]).toEqual([404, `Sitemap page not found: the ${list} sitemap has 0 pages`]);
      }
    });
  },
  { seed: false },
);
