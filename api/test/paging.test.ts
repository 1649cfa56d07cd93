import { PAGE_SIZES } from '@marketplace/contract';
import { describeEachDatabase, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { walkPages } from './helpers/paging';
import { insertProducts, seededPhotoHash } from './helpers/shop';

/** Inserts `n` rows of a list straight into the database (faster than n API calls). */
async function insertRows(
  s: TestServer,
  list: 'products' | 'reviews' | 'auctions' | 'orders',
  n: number,
  userid: number,
): Promise<void> {
  const { db } = s.app.ctx;
  const photo = await seededPhotoHash(s);
  const range = Array.from({ length: n }, (_, i) => i);
  if (list === 'products') {
    await insertProducts(
      s,
      userid,
      range.map(() => undefined),
      'Paging lamp',
    );
  } else if (list === 'reviews') {
    await db
      .insertInto('reviews')
      .values(
        range.map((i) => ({
          userid,
          review_date: '2026-01-01',
          name: 'Asha',
          title: `Review ${i}`,
          keywords: 'paging',
          description: 'Fine.',
        })),
      )
      .execute();
  } else if (list === 'auctions') {
    await db
      .insertInto('auctions')
      .values(
        range.map((i) => ({
          userid,
          nickname: 'collector',
          productname: `Paging coin ${i}`,
          category: 'Currancy' as const,
          description: 'A coin.',
          ageproduct: '10 years',
          startbid: 100,
          bid: 100,
          rangelowbid: 50,
          rangehighbid: 500,
          photo_hashes: JSON.stringify([photo]),
          // Every third item has ended: the walk crosses from running items to ended ones.
          end_time: new Date(Date.now() + (i % 3 === 0 ? -1 : 1) * 86_400_000),
        })),
      )
      .execute();
  } else {
    await db
      .insertInto('orders')
      .values(
        range.map(() => ({
          userid,
          billname: 'Asha',
          billaddress: 'Pune',
          ordernote: '',
          payinfo: 'cod' as const,
          items_total: '100',
          discount: '0',
          billamount: '100',
          billtax: '0',
        })),
      )
      .execute();
  }
}

const idOf: Record<string, (row: any) => string> = {
  products: (r) => String(r.productid),
  reviews: (r) => String(r.reviewid),
  auctions: (r) => String(r.auctionid),
  orders: (r) => String(r.orderid),
  bidders: (r) => `${r.auctionid}|${r.userid}`,
};

describeEachDatabase('bounded lists', (server) => {
  let seller: Awaited<ReturnType<typeof signedInUser>>;
  const lists = [
    { name: 'products', path: () => '/products', size: PAGE_SIZES.products, headers: () => ({}) },
    { name: 'reviews', path: () => '/getreviews', size: PAGE_SIZES.reviews, headers: () => ({}) },
    { name: 'auctions', path: () => '/getauction', size: PAGE_SIZES.auctions, headers: () => ({}) },
    { name: 'orders', path: () => '/allorders', size: PAGE_SIZES.orders, headers: () => ({ authtoken: seller.token }) },
    {
      name: 'bidders',
      path: () => `/getUserAuction/${seller.userid}`,
      size: PAGE_SIZES.bidders,
      headers: () => ({ authtoken: seller.token }),
    },
  ] as const;

  /** Bidder rows: 11 of the seller's items × 20 bidders = 220, more than a page of 200. */
  async function addBidderRows(): Promise<void> {
    const { db } = server().app.ctx;
    const bidders = await Promise.all(Array.from({ length: 20 }, () => signedInUser(server())));
    const items = await db
      .selectFrom('auctions')
      .select('auctionid')
      .where('userid', '=', seller.userid)
      .orderBy('auctionid', 'desc')
      .limit(11)
      .execute();
    await db
      .insertInto('bids')
      .values(
        items.flatMap((item, i) =>
          bidders.map((b, j) => ({ auctionid: item.auctionid, userid: b.userid, bid: 200 + ((i * 7 + j * 13) % 50) })),
        ),
      )
      .execute();
  }

  beforeAll(async () => {
    seller = await signedInUser(server());
    for (const list of ['products', 'reviews', 'auctions', 'orders'] as const)
      await insertRows(server(), list, PAGE_SIZES[list].max + 5, seller.userid);
    await addBidderRows();
  });

  it.each(lists)(
    '$name: a page holds its default without a limit, at most its maximum, and more is refused',
    async ({ path, size, headers }) => {
      const first = await server().get(path(), headers());
      expect(first.status).toBe(200);
      expect(first.body.data).toHaveLength(size.default);
      expect(first.body.next).toEqual(expect.any(String));
      const widest = await server().get(`${path()}?limit=${size.max}`, headers());
      expect(widest.body.data).toHaveLength(size.max);
      for (const bad of [size.max + 1, 0, -1, 'ten']) {
        const r = await server().get(`${path()}?limit=${bad}`, headers());
        expect([bad, r.status, r.body.msg]).toEqual([bad, 400, `limit must be a whole number from 1 to ${size.max}`]);
      }
    },
  );

  it.each(lists)('$name: a cursor that is not one of ours is refused and reads nothing', async ({ path, headers }) => {
    for (const cursor of [
      'not base64 json',
      'bm90IGpzb24',
      Buffer.from('[1,2,3,4]').toString('base64url'),
      Buffer.from('["x"]').toString('base64url'),
      'a'.repeat(201),
    ]) {
      const r = await server().get(`${path()}?cursor=${encodeURIComponent(cursor)}`, headers());
      expect([cursor, r.status, r.body.msg]).toEqual([cursor, 400, 'cursor must be the next value of an earlier page']);
    }
  });

  it.each(lists)(
    '$name: walking the pages visits each row once, also while rows are inserted',
    async ({ name, path, headers }) => {
      const before = (await walkPages(server(), path(), { limit: 100, headers: headers() })).rows.map(idOf[name]!);
      expect(new Set(before).size).toBe(before.length);
      const { rows, pages } = await walkPages(server(), path(), {
        limit: 17,
        headers: headers(),
        // New rows arrive between the page reads of one walk.
        between: async () => {
          if (name === 'bidders') {
            const bidder = await signedInUser(server());
            const item = await server()
              .app.ctx.db.selectFrom('auctions')
              .select('auctionid')
              .where('userid', '=', seller.userid)
              .orderBy('auctionid', 'desc')
              .limit(1)
              .executeTakeFirstOrThrow();
            await server()
              .app.ctx.db.insertInto('bids')
              .values({ auctionid: item.auctionid, userid: bidder.userid, bid: 260 })
              .execute();
          } else await insertRows(server(), name, 2, seller.userid);
        },
      });
      const seen = rows.map(idOf[name]!);
      expect(pages).toBeGreaterThan(5);
      // No duplicate, and every row that existed before the walk was visited.
      expect(seen.length).toBe(new Set(seen).size);
      expect(before.filter((id) => !seen.includes(id))).toEqual([]);
    },
  );

  it('search pages by cursor too: the pages after the first follow `next`, each match once', async () => {
    const first = await server().post('/products', { productname: 'paging lamp', limit: 40 });
    expect(first.body.data).toHaveLength(40);
    const seen = first.body.data.map((p: any) => p.productid);
    let next = first.body.next;
    while (next) {
      const page = await server().post('/products', { productname: 'paging lamp', limit: 40, cursor: next });
      seen.push(...page.body.data.map((p: any) => p.productid));
      expect(page.body.hasMore).toBe(page.body.next !== null);
      next = page.body.next;
    }
    const matches = await server()
      .app.ctx.db.selectFrom('products')
      .select('productid')
      .where('productname', 'like', 'Paging lamp %')
      .orderBy('productid', 'desc')
      .execute();
    expect(seen).toEqual(matches.map((m) => m.productid));
  });

  it('GET /categories answers a bounded list of the categories, most products first', async () => {
    const r = await server().get('/categories');
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toBe('Accessories');
    expect([...r.body.data].sort()).toEqual(['Accessories', 'Clothing', 'Electronics']);
  });
});

describeEachDatabase('TOP TRENDING', (server) => {
  it('ranks the week’s orders and cart adds first, then the newest; cancelled and old orders do not count; bounded', async () => {
    const { db } = server().app.ctx;
    const shopper = await signedInUser(server());
    const [a, b, c, d] = (
      await db.selectFrom('products').select('productid').orderBy('productid').limit(4).execute()
    ).map((p) => p.productid);
    const newest = (
      await db.selectFrom('products').select('productid').orderBy('productid', 'desc').limit(8).execute()
    ).map((p) => p.productid);
    const order = async (
      productid: number,
      quantity: number,
      extra: { cancelled?: boolean; daysAgo?: number } = {},
    ) => {
      const at = new Date(Date.now() - (extra.daysAgo ?? 0) * 86_400_000);
      const { orderid } = await db
        .insertInto('orders')
        .values({
          userid: shopper.userid,
          billname: 'A',
          billaddress: 'B',
          ordernote: '',
          payinfo: 'cod',
          items_total: '1',
          discount: '0',
          billamount: '1',
          billtax: '0',
          created_at: at,
          orderdate: at,
          cancelled_at: extra.cancelled ? at : null,
        })
        .returning('orderid')
        .executeTakeFirstOrThrow();
      const { shipmentid } = await db
        .insertInto('shipments')
        .values({ orderid, fulfilled_by: 'marketplace', sellerid: null, status: extra.cancelled ? 'Cancelled' : null })
        .returning('shipmentid')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_lines')
        .values({ orderid, lineno: 1, productid, productname: 'x', price: '1', quantity, shipmentid })
        .execute();
    };
    await order(a!, 2); // 6
    await order(b!, 1); // 3, and two cart adds: 5
    await db
      .insertInto('cart_items')
      .values([{ userid: shopper.userid, productid: b! }])
      .execute();
    const other = await signedInUser(server());
    await db
      .insertInto('cart_items')
      .values([{ userid: other.userid, productid: b! }])
      .execute();
    await order(c!, 50, { cancelled: true });
    await order(d!, 50, { daysAgo: 8 });

    const r = await server().get('/products/trending');
    expect(r.status).toBe(200);
    const ids = r.body.data.map((p: any) => p.productid);
    expect(ids).toHaveLength(8);
    expect(ids.slice(0, 2)).toEqual([a, b]);
    expect(ids.slice(2)).toEqual(newest.filter((id) => id !== a && id !== b).slice(0, 6));
    expect(ids).not.toContain(c);
    expect(ids).not.toContain(d);
    expect((await server().get('/products/trending?limit=24')).body.data).toHaveLength(24);
    expect((await server().get('/products/trending?limit=25')).status).toBe(400);
  });
});
