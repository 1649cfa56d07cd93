import { PNG } from 'pngjs';
import { signedInUser } from './accounts';
import type { JsonReply, TestServer } from './server';

/** A real PNG of the given size; `seed` changes the pixels (so the content hash). */
export function makePng(width = 4, height = 4, seed = 0): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = (i + seed * 37) & 0xff;
    png.data[i + 1] = (seed * 91) & 0xff;
    png.data[i + 2] = (i >> 8) & 0xff;
    png.data[i + 3] = 0xff;
  }
  return PNG.sync.write(png);
}

let pngSeed = 1000;
/** A PNG no other test has uploaded. */
export const uniquePng = () => makePng(3, 3, ++pngSeed);

/** POST a multipart upload (one file field) the way a browser does. */
export async function upload(
  s: TestServer,
  content: Buffer | null,
  opts: { token?: string; filename?: string; route?: string; field?: string; type?: string } = {},
): Promise<JsonReply> {
  const form = new FormData();
  if (content)
    form.append(
      opts.field ?? 'file',
      new Blob([new Uint8Array(content)], { type: opts.type ?? 'image/png' }),
      opts.filename ?? 'photo.png',
    );
  else form.append('note', 'no file here');
  const headers: Record<string, string> = {};
  if (opts.token !== undefined) headers.authtoken = opts.token;
  const res = await fetch(s.url + (opts.route ?? '/uploadimage'), { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

export const del = (s: TestServer, route: string, body?: unknown, headers?: Record<string, string>) =>
  s.request('DELETE', route, { body, headers });

/** Uploads a fresh PNG and lists a product with it at `price` (and `stock` units); returns the product. */
export async function listProduct(
  s: TestServer,
  token: string,
  price: number,
  name = `Test item ${price}`,
  stock = 50,
) {
  const up = await upload(s, uniquePng(), { token });
  expect(up.status).toBe(200);
  const r = await s.post(
    '/product',
    {
      productname: name,
      title: 'Accessories',
      description: `A test product costing ${price}`,
      price,
      rating: 4,
      location: 'Pune',
      photos: [up.body.data],
      stock,
    },
    { authtoken: token },
  );
  expect(r.status).toBe(200);
  return r.body.data as {
    productid: number;
    price: number;
    productname: string;
    title: string;
    description: string;
    rating: number;
    photo: string;
    photos: string[];
    userid: number;
    stock: number;
    left?: number;
  };
}

export const CHECKOUT = {
  billname: 'Meera Iyer',
  billaddress: '12, MG Road, Near City Mall, Bengaluru, Karnataka, India, 560010',
  ordernote: 'Leave at the door',
  payinfo: 'cod',
};

export type ShopUser = Awaited<ReturnType<typeof signedInUser>>;

let keyCounter = 0;
/** An Idempotency-Key no other checkout of the run has sent. */
export const newKey = () => `test-${Date.now().toString(36)}-${++keyCounter}`;

/** The shop's calls for a user, and the database reads the cart and checkout suites check with. */
export function shopCalls(server: () => TestServer) {
  const addToCart = (u: ShopUser, productid: number) =>
    server().post('/addtocartproduct', { productid, authtoken: u.token });
  const cart = (u: ShopUser) => server().get('/productviewcart', { authtoken: u.token });
  const order = (u: ShopUser, body: Record<string, unknown> = CHECKOUT, key: string | null = newKey()) =>
    server().post('/orderauth', body, { authtoken: u.token, ...(key ? { 'idempotency-key': key } : {}) });
  const getOrder = (u: ShopUser, orderid: number | string) =>
    server().get('/order', { authtoken: u.token, orderid: String(orderid) });
  const couponUses = async (name: string) =>
    (
      await server()
        .app.ctx.db.selectFrom('coupons')
        .select('uses_left')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).uses_left;
  const orderCount = async (userid: number) =>
    Number(
      (
        await server()
          .app.ctx.db.selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('userid', '=', userid)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stockOf = async (productid: number) =>
    (
      await server()
        .app.ctx.db.selectFrom('products')
        .select('stock')
        .where('productid', '=', productid)
        .executeTakeFirstOrThrow()
    ).stock;
  return { addToCart, cart, order, getOrder, couponUses, orderCount, stockOf };
}

/**
 * The cart and checkout suites' setup: a seller whose products p1 … p1000 are listed at known
 * prices (in beforeAll), the shop's calls, and `shopper(...)`: a new user with those products in
 * the cart.
 */
export function shopWithProducts(server: () => TestServer) {
  /** Products listed by the seller at known prices. */
  const items: Record<string, { productid: number; price: number; productname: string }> = {};
  const fixture = { seller: undefined as unknown as ShopUser, items };
  const calls = shopCalls(server);

  /** A user with the given products in the cart. */
  async function shopper(...products: string[]): Promise<ShopUser> {
    const u = await signedInUser(server());
    for (const p of products) expect((await calls.addToCart(u, items[p].productid)).status).toBe(200);
    return u;
  }

  beforeAll(async () => {
    fixture.seller = await signedInUser(server());
    for (const [name, price] of [
      ['p1', 1],
      ['p199', 199.5],
      ['p250', 250],
      ['p300', 300],
      ['p499', 499],
      ['p500', 500],
      ['p1000', 1000],
    ] as const) {
      items[name] = await listProduct(server(), fixture.seller.token, price, `Shop test ${name}`);
    }
  });

  return Object.assign(fixture, calls, { shopper });
}

/** A photo the seed already stored (rows inserted straight into the database need one). */
export async function seededPhotoHash(s: TestServer): Promise<string> {
  const { db } = s.app.ctx;
  return (await db.selectFrom('products').select('photo_hash').limit(1).executeTakeFirstOrThrow()).photo_hash;
}

/**
 * Inserts lamps straight into the database (faster than an API call each): one per entry of `ids`,
 * with that product id, or the next one for `undefined`; each named `${name} ${id or index}`.
 */
export async function insertProducts(
  s: TestServer,
  userid: number,
  ids: Array<number | undefined>,
  name = 'Test lamp',
): Promise<void> {
  const photo = await seededPhotoHash(s);
  await s.app.ctx.db
    .insertInto('products')
    .values(
      ids.map((id, i) => ({
        ...(id === undefined ? {} : { productid: id }),
        productname: `${name} ${id ?? i}`,
        title: 'Accessories',
        description: 'A lamp.',
        price: '100',
        rating: '4',
        photo_hash: photo,
        photo_hashes: JSON.stringify([photo]),
        location: 'Pune',
        userid,
      })),
    )
    .execute();
}
