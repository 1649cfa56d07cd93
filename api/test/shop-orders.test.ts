/**
 * Shop: cart, coupons, checkout (POST /orderauth), orders, cancel, status progression and the
 * confirmation mail, over real HTTP on PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/server';
import { MAX_ORDER_TOTAL_PAISE } from '../src/domains/orders/rules';
import { signedInUser } from './helpers/accounts';
import { CHECKOUT, del, listProduct } from './helpers/shop';
import { setOrderStatus } from '../src/domains/orders/repository';

type User = Awaited<ReturnType<typeof signedInUser>>;

let keyCounter = 0;
const newKey = () => `test-${Date.now().toString(36)}-${++keyCounter}`;

describeEachDatabase('shop: cart, coupons and orders', (server) => {
  let seller: User;
  /** Products listed by the seller at known prices. */
  const items: Record<string, { productid: number; price: number; productname: string }> = {};

  const addToCart = (u: User, productid: number) => server().post('/addtocartproduct', { productid, authtoken: u.token });
  const cart = (u: User) => server().get('/productviewcart', { authtoken: u.token });
  const order = (u: User, body: Record<string, unknown> = CHECKOUT, key: string | null = newKey()) =>
    server().post('/orderauth', body, { authtoken: u.token, ...(key ? { 'idempotency-key': key } : {}) });
  const getOrder = (u: User, orderid: number | string) => server().get('/order', { authtoken: u.token, orderid: String(orderid) });
  const couponUses = async (name: string) =>
    (await server().app.ctx.db.selectFrom('coupons').select('uses_left').where('name', '=', name).executeTakeFirstOrThrow()).uses_left;
  const orderCount = async (userid: number) =>
    Number(
      (await server().app.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('userid', '=', userid).executeTakeFirstOrThrow()).n,
    );
  /** A user with the given products in the cart. */
  async function shopper(...products: string[]): Promise<User> {
    const u = await signedInUser(server());
    for (const p of products) expect((await addToCart(u, items[p].productid)).status).toBe(200);
    return u;
  }

  beforeAll(async () => {
    seller = await signedInUser(server());
    for (const [name, price] of [
      ['p1', 1],
      ['p199', 199.5],
      ['p250', 250],
      ['p300', 300],
      ['p499', 499],
      ['p500', 500],
      ['p1000', 1000],
    ] as const) {
      items[name] = await listProduct(server(), seller.token, price, `Shop test ${name}`);
    }
  });

  describe('cart', () => {
    it('adds, keeps one line per product, removes and clears; every reply is the cart', async () => {
      const u = await signedInUser(server());
      const first = await addToCart(u, items.p250.productid);
      expect(first.status).toBe(200);
      expect(first.body.msg).toBe('Product added to cart');
      expect(first.body.data).toEqual([
        { productid: items.p250.productid, productname: items.p250.productname, title: 'Accessories', price: 250, photo: expect.stringMatching(/\/images\/[0-9a-f]{64}\.png$/) },
      ]);
      const again = await addToCart(u, items.p250.productid);
      expect(again.status).toBe(200);
      expect(again.body.msg).toBe('This product is already in your cart');
      expect(again.body.data).toHaveLength(1);
      await addToCart(u, items.p300.productid);
      expect((await cart(u)).body.data.map((i: any) => i.productid)).toEqual([items.p250.productid, items.p300.productid]);

      const removed = await del(server(), '/deleteproduct', { productid: items.p250.productid, authtoken: u.token });
      expect(removed.status).toBe(200);
      expect(removed.body.data.map((i: any) => i.productid)).toEqual([items.p300.productid]);
      const notThere = await del(server(), '/deleteproduct', { productid: items.p250.productid, authtoken: u.token });
      expect(notThere.status).toBe(404);
      expect(notThere.body).toEqual({ status: 404, msg: 'This product is not in your cart', data: null });

      const cleared = await del(server(), '/deleteAllProducts', { authtoken: u.token });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual({ status: 200, msg: 'Cart cleared', data: [] });
      expect((await cart(u)).body.data).toEqual([]);
    });

    it('refuses an unknown product with 404', async () => {
      const u = await signedInUser(server());
      const r = await addToCart(u, 987654);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ status: 404, msg: 'Product not found', data: null });
    });

    it.each([
      ['missing productid', { authtoken: 'TOKEN' }, /productid/],
      ['productid as text', { productid: 'abc', authtoken: 'TOKEN' }, /productid must be a positive whole number/],
      ['productid with SQL', { productid: '1; DROP TABLE products', authtoken: 'TOKEN' }, /productid/],
      ['negative productid', { productid: -1, authtoken: 'TOKEN' }, /productid/],
      ['fractional productid', { productid: 1.5, authtoken: 'TOKEN' }, /productid/],
      ['huge productid', { productid: 99999999999, authtoken: 'TOKEN' }, /productid/],
      ['productid as object', { productid: { $gt: 0 }, authtoken: 'TOKEN' }, /productid/],
    ])('POST /addtocartproduct: %s → 400', async (_what, body, msg) => {
      const u = await signedInUser(server());
      const withToken = JSON.parse(JSON.stringify(body).replace('TOKEN', u.token));
      const r = await server().post('/addtocartproduct', withToken);
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(msg);
      expect(r.body.data).toBeNull();
    });

    it('answers 401 for a bad token and 400/415 for malformed bodies on every cart route', async () => {
      for (const [method, route, body] of [
        ['POST', '/addtocartproduct', { productid: 1, authtoken: 'lt_forged' }],
        ['DELETE', '/deleteproduct', { productid: 1, authtoken: 'lt_forged' }],
        ['DELETE', '/deleteAllProducts', { authtoken: 'lt_forged' }],
      ] as const) {
        const forged = await server().request(method, route, { body });
        expect([route, forged.status]).toEqual([route, 401]);
        const malformed = await server().request(method, route, { raw: '{"productid": 1,', headers: { 'content-type': 'application/json' } });
        expect([route, malformed.status, malformed.body.msg]).toEqual([route, 400, 'Malformed JSON in the request body']);
        const text = await server().request(method, route, { raw: 'productid=1', headers: { 'content-type': 'text/plain' } });
        expect([route, text.status]).toEqual([route, 415]);
        const list = await server().request(method, route, { body: [1, 2] });
        expect([route, list.status]).toEqual([route, 400]);
      }
      // No token at all: 401 before any other check.
      const noToken = await del(server(), '/deleteAllProducts', {});
      expect(noToken.status).toBe(401);
      expect(noToken.body.msg).toMatch(/Please login first/);
      const noTokenAdd = await server().post('/addtocartproduct', { productid: 1 });
      expect([noTokenAdd.status, noTokenAdd.body.msg]).toEqual([401, expect.stringMatching(/Please login first/)]);
    });

    it("never shows or changes another user's cart", async () => {
      const a = await shopper('p250');
      const b = await signedInUser(server());
      const peek = await server().get('/productviewcart', { authtoken: b.token, userid: String(a.userid) });
      expect(peek.status).toBe(403);
      expect(peek.body).toEqual({ status: 403, msg: 'Unauthorized User', data: null });
      const remove = await del(server(), '/deleteproduct', { productid: items.p250.productid, userid: a.userid, authtoken: b.token });
      expect(remove.status).toBe(403);
      const removeOwn = await del(server(), '/deleteproduct', { productid: items.p250.productid, authtoken: b.token });
      expect(removeOwn.status).toBe(404);
      await del(server(), '/deleteAllProducts', { authtoken: b.token, userid: a.userid });
      expect((await cart(a)).body.data.map((i: any) => i.productid)).toEqual([items.p250.productid]);
    });
  });

  describe('coupons', () => {
    const check = (u: User, couponname: unknown) => server().post('/checkcoupen', { couponname, authtoken: u.token });

    it('checks a valid coupon (any case) without using it up', async () => {
      const u = await signedInUser(server());
      const before = await couponUses('WELCOME50');
      for (const name of ['WELCOME50', 'welcome50', '  Welcome50 ']) {
        const r = await check(u, name);
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ status: 200, msg: 'Coupon Applied Successfully', data: { couponname: 'WELCOME50', discount: 50 } });
      }
      expect(await couponUses('WELCOME50')).toBe(before);
    });

    it('refuses expired, used-up and unknown coupons with 400', async () => {
      const u = await signedInUser(server());
      await server().app.ctx.db.insertInto('coupons').values({ name: 'GONE10', discount: 10, expires_at: new Date(Date.now() + 86400_000), uses_left: 0 }).execute();
      expect((await check(u, 'SUMMER20')).body).toEqual({ status: 400, msg: 'Coupon is Expired', data: null });
      expect((await check(u, 'GONE10')).body).toEqual({ status: 400, msg: 'Coupon is Expired: it has no uses left', data: null });
      expect((await check(u, 'NOSUCHCODE')).body).toEqual({ status: 400, msg: 'Coupon not found: check the code', data: null });
      expect((await check(u, "' OR 1=1 --")).status).toBe(400);
      expect((await check(u, '%')).body.msg).toBe('Coupon not found: check the code');
    });

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['an object', { $ne: '' }],
      ['null', null],
      ['a list of two', ['WELCOME50', 'SAVE100']],
      ['too long', 'X'.repeat(51)],
    ])('refuses a coupon name that is %s', async (_w, name) => {
      const u = await signedInUser(server());
      const r = await check(u, name);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Please Enter Coupon Code');
    });

    it('needs a login token', async () => {
      expect((await server().post('/checkcoupen', { couponname: 'WELCOME50' })).status).toBe(401);
      expect((await server().post('/checkcoupen', { couponname: 'WELCOME50', authtoken: 'lt_nope' })).status).toBe(401);
    });

    it('lists the currently valid coupons on GET /coupons', async () => {
      const r = await server().get('/coupons');
      expect(r.status).toBe(200);
      const names = r.body.data.map((c: any) => c.couponname);
      expect(names).toEqual(expect.arrayContaining(['WELCOME50', 'SAVE100', 'FESTIVE500']));
      expect(names).not.toContain('SUMMER20');
      expect(names).not.toContain('GONE10');
      const welcome = r.body.data.find((c: any) => c.couponname === 'WELCOME50');
      expect(welcome).toEqual({ couponname: 'WELCOME50', discount: 50, expiresAt: expect.any(String), usesLeft: expect.any(Number) });
      expect(new Date(welcome.expiresAt).getTime()).toBeGreaterThan(Date.now());
    });
  });

  describe('placing an order', () => {
    it('prices the cart on the server, ignores tampered amounts and user ids, empties the cart', async () => {
      const victim = await signedInUser(server());
      const u = await shopper('p250', 'p300');
      const r = await order(u, {
        ...CHECKOUT,
        payinfo: 'paywithcard',
        couponname: 'SAVE100',
        discount: 100000,
        billamount: 1,
        billtax: 0,
        total: 1,
        userid: victim.userid,
        orderdata: [{ productid: items.p1.productid, productname: 'Free', price: 0, quantity: 100 }],
        price: 0,
      });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: 200, msg: 'Order Placed', data: { orderid: expect.any(Number) } });
      const placed = (await getOrder(u, r.body.data.orderid)).body.data;
      expect(placed).toMatchObject({
        orderid: r.body.data.orderid,
        billname: CHECKOUT.billname,
        billaddress: CHECKOUT.billaddress,
        ordernote: CHECKOUT.ordernote,
        payinfo: 'paywithcard',
        couponname: 'SAVE100',
        discount: 100,
        billamount: 450, // 550 - 100
        billtax: 0, // items total 550 ≥ 500
        total: 450,
        status: 'Processing',
        cancelledAt: null,
        orderdata: [
          { productid: items.p250.productid, productname: items.p250.productname, price: 250, quantity: 1 },
          { productid: items.p300.productid, productname: items.p300.productname, price: 300, quantity: 1 },
        ],
      });
      expect(Math.abs(new Date(placed.orderdate).getTime() - Date.now())).toBeLessThan(60_000);
      expect(new Date(placed.deliveredBy).getTime() - new Date(placed.orderdate).getTime()).toBe(48 * 3600_000);
      expect(new Date(placed.shippedBy).getTime() - new Date(placed.orderdate).getTime()).toBe(24 * 3600_000);
      expect((await cart(u)).body.data).toEqual([]);
      expect(await orderCount(victim.userid)).toBe(0);
    });

    it.each([
      ['499: shipping Rs. 50', ['p499'], 499, 50],
      ['500: free delivery', ['p500'], 500, 0],
      ['199.50 + 300 = 499.50: shipping Rs. 50', ['p199', 'p300'], 499.5, 50],
    ])('items total %s', async (_w, products, itemsTotal, billtax) => {
      const u = await shopper(...products);
      const r = await order(u);
      expect(r.status).toBe(200);
      const o = (await getOrder(u, r.body.data.orderid)).body.data;
      expect([o.billamount, o.billtax, o.discount, o.total]).toEqual([itemsTotal, billtax, 0, itemsTotal + billtax]);
    });

    it('never goes below 0: the discount is at most the items total', async () => {
      const u = await shopper('p1');
      const r = await order(u, { ...CHECKOUT, couponname: 'festive500' });
      expect(r.status).toBe(200);
      const o = (await getOrder(u, r.body.data.orderid)).body.data;
      expect([o.couponname, o.discount, o.billamount, o.billtax, o.total]).toEqual(['FESTIVE500', 1, 0, 50, 50]);
    });

    it('uses a coupon up: LASTONE (one use) works once, the second order cannot use it', async () => {
      expect(await couponUses('LASTONE')).toBe(1);
      const first = await shopper('p1000');
      const second = await shopper('p1000');
      const check = await server().post('/checkcoupen', { couponname: 'LASTONE', authtoken: second.token });
      expect(check.status).toBe(200); // checking does not consume
      const ok = await order(first, { ...CHECKOUT, couponname: 'LASTONE' });
      expect(ok.status).toBe(200);
      expect((await getOrder(first, ok.body.data.orderid)).body.data).toMatchObject({ discount: 250, billamount: 750 });
      expect(await couponUses('LASTONE')).toBe(0);

      const refused = await order(second, { ...CHECKOUT, couponname: 'LASTONE' });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('Coupon is Expired: it has no uses left');
      // Nothing happened for the second shopper: no order, cart intact.
      expect(await orderCount(second.userid)).toBe(0);
      expect((await cart(second)).body.data).toHaveLength(1);
      expect((await server().get('/coupons')).body.data.map((c: any) => c.couponname)).not.toContain('LASTONE');
    });

    it('refuses expired and unknown coupons at checkout, and places nothing', async () => {
      const u = await shopper('p300');
      for (const [couponname, msg] of [
        ['SUMMER20', 'Coupon is Expired'],
        ['BOGUS', 'Coupon not found: check the code'],
      ]) {
        const r = await order(u, { ...CHECKOUT, couponname });
        expect(r.status).toBe(400);
        expect(r.body.msg).toBe(msg);
      }
      expect(await orderCount(u.userid)).toBe(0);
      // An empty coupon name means no coupon.
      const plain = await order(u, { ...CHECKOUT, couponname: '' });
      expect(plain.status).toBe(200);
      expect((await getOrder(u, plain.body.data.orderid)).body.data).toMatchObject({ couponname: '', discount: 0 });
    });

    it('refuses an order whose total the order columns cannot hold with 400, and changes nothing', async () => {
      // Products at the highest price allowed, more than one order can total: listed in one
      // statement (through the API it would be a thousand uploads), put in one shopper's cart.
      const u = await signedInUser(server());
      const { db } = server().app.ctx;
      const photo = await db.selectFrom('products').select('photo_hash').where('productid', '=', items.p1.productid).executeTakeFirstOrThrow();
      const count = Math.floor(MAX_ORDER_TOTAL_PAISE / 999_999_999_900) + 1;
      await sql`INSERT INTO products (productname, title, description, price, rating, photo_hash, userid)
        SELECT 'Max price ' || n, 'Accessories', 'At the highest price', 9999999999, 4, ${photo.photo_hash}, ${seller.userid}
        FROM generate_series(1, ${count}) AS n`.execute(db);
      await sql`INSERT INTO cart_items (userid, productid)
        SELECT ${u.userid}, productid FROM products WHERE productname LIKE 'Max price %'`.execute(db);
      const inCart = (await cart(u)).body.data.length;
      expect(inCart).toBe(count);

      const r = await order(u);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('This order is too large to place: one order can total at most Rs. 9,999,999,999,999.99. Please remove some items from your cart.');
      expect(await orderCount(u.userid)).toBe(0);
      expect((await cart(u)).body.data).toHaveLength(inCart);

      // Two of them, which overflowed the old columns, are an order like any other.
      await sql`DELETE FROM cart_items WHERE userid = ${u.userid} AND productid NOT IN (
        SELECT productid FROM products WHERE productname LIKE 'Max price %' ORDER BY productid LIMIT 2)`.execute(db);
      const two = await order(u);
      expect(two.status).toBe(200);
      expect((await getOrder(u, two.body.data.orderid)).body.data).toMatchObject({ billamount: 19999999998, billtax: 0 });
      await sql`DELETE FROM products WHERE productname LIKE 'Max price %' AND productid NOT IN (SELECT productid FROM order_lines WHERE productid IS NOT NULL)`.execute(db);
    });

    it('refuses an empty cart with a clear message', async () => {
      const u = await signedInUser(server());
      const r = await order(u);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: 400, msg: 'Your cart is empty: add a product before placing an order', data: null });
      expect(await orderCount(u.userid)).toBe(0);
    });

    it.each([
      ['no billname', { ...CHECKOUT, billname: undefined }, 'Please Enter Bill name and select the Address'],
      ['blank billname', { ...CHECKOUT, billname: '   ' }, 'Please Enter Bill name and select the Address'],
      ['no address', { ...CHECKOUT, billaddress: '' }, 'Please Enter Bill name and select the Address'],
      ['address as object', { ...CHECKOUT, billaddress: { street: 'x' } }, 'Please Enter Bill name and select the Address'],
      ['unknown payment', { ...CHECKOUT, payinfo: 'bitcoin' }, 'Please choose a payment method (cod, paywithcard or paypal)'],
      ['no payment', { ...CHECKOUT, payinfo: undefined }, 'Please choose a payment method (cod, paywithcard or paypal)'],
      ['huge note', { ...CHECKOUT, ordernote: 'x'.repeat(1001) }, 'ordernote must be a text of at most 1000 characters'],
      ['coupon as object', { ...CHECKOUT, couponname: { $ne: '' } }, 'couponname must be a text of at most 50 characters'],
    ])('refuses a checkout with %s (400), cart kept', async (_w, body, msg) => {
      const u = await shopper('p300');
      const r = await order(u, JSON.parse(JSON.stringify(body)));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(msg);
      expect((await cart(u)).body.data).toHaveLength(1);
    });

    it('checks the headers: token, Idempotency-Key format', async () => {
      const u = await shopper('p300');
      expect((await server().post('/orderauth', CHECKOUT)).status).toBe(401);
      expect((await server().post('/orderauth', CHECKOUT, { authtoken: 'lt_forged' })).status).toBe(401);
      const badKey = await server().post('/orderauth', CHECKOUT, { authtoken: u.token, 'idempotency-key': 'a b;<script>' });
      expect(badKey.status).toBe(400);
      expect(badKey.body.msg).toBe('Idempotency-Key header must be 1 to 100 letters, digits or . _ : -');
      const longKey = await server().post('/orderauth', CHECKOUT, { authtoken: u.token, 'idempotency-key': 'k'.repeat(101) });
      expect(longKey.status).toBe(400);
      expect(await orderCount(u.userid)).toBe(0);
      // Without a key an order is still placed (no retry protection).
      expect((await order(u, CHECKOUT, null)).status).toBe(200);
    });

    it('answers a retried submit with the same Idempotency-Key with the first order', async () => {
      const u = await shopper('p250');
      const key = newKey();
      const first = await order(u, CHECKOUT, key);
      expect(first.status).toBe(200);
      await addToCart(u, items.p300.productid); // even with a new cart, the retry is the first order
      const retry = await order(u, { ...CHECKOUT, billname: 'Changed' }, key);
      expect(retry.status).toBe(200);
      expect(retry.body.data.orderid).toBe(first.body.data.orderid);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await orderCount(u.userid)).toBe(1);
      expect((await cart(u)).body.data).toHaveLength(1); // the retry did not touch the new cart
      // The same key of another user is another checkout.
      const other = await shopper('p250');
      const theirs = await order(other, CHECKOUT, key);
      expect(theirs.status).toBe(200);
      expect(theirs.body.data.orderid).not.toBe(first.body.data.orderid);
    });

    it('makes one order of two concurrent submissions with the same key', async () => {
      const u = await shopper('p250', 'p300');
      const key = newKey();
      const before = await couponUses('SAVE100');
      const replies = await Promise.all([1, 2, 3].map(() => order(u, { ...CHECKOUT, couponname: 'SAVE100' }, key)));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(replies.map((r) => r.body.data.orderid)).size).toBe(1);
      expect(await orderCount(u.userid)).toBe(1);
      expect(await couponUses('SAVE100')).toBe(before - 1);
      expect((await cart(u)).body.data).toEqual([]);
    });

    it('makes one order of two concurrent submissions with different keys (the second finds the cart empty)', async () => {
      const u = await shopper('p500');
      const replies = await Promise.all([order(u), order(u)]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(replies.find((r) => r.status === 400)!.body.msg).toBe('Your cart is empty: add a product before placing an order');
      expect(await orderCount(u.userid)).toBe(1);
    });

    it('lets only one of two shoppers racing for the last use of a coupon have it', async () => {
      await server().app.ctx.db.insertInto('coupons').values({ name: 'RACE1', discount: 100, expires_at: new Date(Date.now() + 86400_000), uses_left: 1 }).execute();
      const a = await shopper('p300');
      const b = await shopper('p300');
      const replies = await Promise.all([order(a, { ...CHECKOUT, couponname: 'RACE1' }), order(b, { ...CHECKOUT, couponname: 'RACE1' })]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(await couponUses('RACE1')).toBe(0);
    });

    it('rolls back everything when a step fails: no order, no lines, coupon use and cart kept', async () => {
      const db = server().app.ctx.db;
      await sql`CREATE OR REPLACE FUNCTION shop_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.productname = 'Explosive widget' THEN RAISE EXCEPTION 'forced failure for the test'; END IF;
          RETURN NEW;
        END $$`.execute(db);
      await sql`CREATE TRIGGER shop_test_fail BEFORE INSERT ON order_lines FOR EACH ROW EXECUTE FUNCTION shop_test_fail()`.execute(db);
      try {
        const bomb = await listProduct(server(), seller.token, 20, 'Explosive widget');
        const u = await shopper('p300');
        await addToCart(u, bomb.productid);
        const usesBefore = await couponUses('SAVE100');
        const ordersBefore = Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        const r = await order(u, { ...CHECKOUT, couponname: 'SAVE100' });
        expect(r.status).toBe(500);
        expect(r.body).toEqual({ status: 500, msg: 'Internal server issues', data: null });
        expect(await couponUses('SAVE100')).toBe(usesBefore);
        expect(await orderCount(u.userid)).toBe(0);
        expect(Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(ordersBefore);
        expect((await cart(u)).body.data).toHaveLength(2);
        // Once the failure is gone, the same checkout goes through.
        await del(server(), '/deleteproduct', { productid: bomb.productid, authtoken: u.token });
        expect((await order(u, { ...CHECKOUT, couponname: 'SAVE100' })).status).toBe(200);
      } finally {
        await sql`DROP TRIGGER shop_test_fail ON order_lines`.execute(db);
      }
    });

    it('sends a confirmation mail after the order, and a mail failure does not fail the order', async () => {
      const u = await shopper('p300');
      const r = await order(u, { ...CHECKOUT, couponname: 'WELCOME50' });
      expect(r.status).toBe(200);
      const outbox = server().config.outboxDir;
      let mail = '';
      for (let i = 0; i < 100 && !mail; i++) {
        const file = fs.existsSync(outbox) ? fs.readdirSync(outbox).find((f) => f.includes(u.email)) : undefined;
        if (file) mail = fs.readFileSync(path.join(outbox, file), 'utf8');
        else await new Promise((res) => setTimeout(res, 30));
      }
      expect(mail).toContain(`Subject: Order #${r.body.data.orderid} placed`);
      expect(mail).toContain('Total: Rs. 300.00');
      expect(mail).toContain('Discount(Promocode WELCOME50)');

      const mailer = server().app.ctx.mailer;
      const original = mailer.sendLater;
      mailer.sendLater = () => {
        throw new Error('SMTP is down');
      };
      try {
        const v = await shopper('p300');
        const ok = await order(v);
        expect(ok.status).toBe(200);
        expect(await orderCount(v.userid)).toBe(1);
      } finally {
        mailer.sendLater = original;
      }
    });
  });

  describe('orders: list, detail, ownership, cancel, status', () => {
    it('lists the caller’s orders newest first, and [] when none', async () => {
      const none = await signedInUser(server());
      expect((await server().get('/allorders', { authtoken: none.token })).body).toEqual({ status: 200, msg: 'No Order Pending', data: [], next: null });
      const u = await shopper('p250');
      const a = (await order(u)).body.data.orderid;
      await addToCart(u, items.p300.productid);
      const b = (await order(u)).body.data.orderid;
      const list = await server().get('/allorders', { authtoken: u.token });
      expect(list.status).toBe(200);
      expect(list.body.data.map((o: any) => o.orderid)).toEqual([b, a]);
      expect(list.body.data[1].orderdata).toHaveLength(1);
    });

    it("never gives or cancels another user's order (404, no data)", async () => {
      const a = await shopper('p250');
      const b = await signedInUser(server());
      const orderid = (await order(a)).body.data.orderid;
      const peek = await getOrder(b, orderid);
      expect(peek.status).toBe(404);
      expect(peek.body).toEqual({ status: 404, msg: 'Order not found', data: null });
      const cancel = await server().request('DELETE', '/cancelorder', { headers: { authtoken: b.token, orderid: String(orderid) } });
      expect(cancel.status).toBe(404);
      expect((await getOrder(a, orderid)).body.data.status).toBe('Processing');
      expect((await server().get('/allorders', { authtoken: b.token })).body.data).toEqual([]);
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999', "1' OR '1'='1"])('answers 400 for the orderid header %s', async (orderid) => {
      const u = await signedInUser(server());
      const r = await getOrder(u, orderid);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('orderid header must be a positive whole number');
      const c = await server().request('DELETE', '/cancelorder', { headers: { authtoken: u.token, orderid } });
      expect(c.status).toBe(400);
    });

    it('needs a valid login token on every order route', async () => {
      for (const [method, route] of [
        ['GET', '/allorders'],
        ['GET', '/order'],
        ['DELETE', '/cancelorder'],
      ]) {
        expect((await server().request(method, route, { headers: { orderid: '1' } })).status).toBe(401);
        expect((await server().request(method, route, { headers: { orderid: '1', authtoken: 'lt_forged' } })).status).toBe(401);
      }
    });

    it('cancels an order before delivery; it stays on record as Cancelled; a second cancel is refused', async () => {
      const u = await shopper('p300');
      const orderid = (await order(u)).body.data.orderid;
      const headers = { authtoken: u.token, orderid: String(orderid) };
      const r = await server().request('DELETE', '/cancelorder', { headers });
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Order Cancelled Successfully');
      expect(r.body.data).toMatchObject({ orderid, status: 'Cancelled', cancelledAt: expect.any(String) });
      const list = (await server().get('/allorders', { authtoken: u.token })).body.data;
      expect(list).toHaveLength(1);
      expect(list[0].status).toBe('Cancelled');
      const again = await server().request('DELETE', '/cancelorder', { headers });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ status: 409, msg: 'This order is already cancelled', data: null });
    });

    it('moves Processing → Shipped → Delivered with the clock (24 h / 48 h), and refuses to cancel a Delivered order', async () => {
      const db = server().app.ctx.db;
      const u = await shopper('p300');
      const orderid = (await order(u)).body.data.orderid;
      const backdate = (hours: number) =>
        db.updateTable('orders').set({ orderdate: sql`now() - make_interval(secs => ${hours * 3600})` }).where('orderid', '=', orderid).execute();
      const status = async () => (await getOrder(u, orderid)).body.data.status;
      expect(await status()).toBe('Processing');
      await backdate(23.9);
      expect(await status()).toBe('Processing');
      await backdate(24.1);
      expect(await status()).toBe('Shipped');
      await backdate(47.9);
      expect(await status()).toBe('Shipped');
      await backdate(48.1);
      expect(await status()).toBe('Delivered');
      const refused = await server().request('DELETE', '/cancelorder', { headers: { authtoken: u.token, orderid: String(orderid) } });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('This order is already Delivered and can no longer be cancelled');
      expect(await status()).toBe('Delivered');
    });

    it('follows the configured delays (ORDER_SHIP_AFTER_HOURS / ORDER_DELIVER_AFTER_HOURS)', async () => {
      const delays = server().config.orders;
      const saved = { ...delays };
      try {
        const u = await shopper('p300');
        const orderid = (await order(u)).body.data.orderid;
        delays.shipAfterHours = 0;
        delays.deliverAfterHours = 2;
        const o = (await getOrder(u, orderid)).body.data;
        expect(o.status).toBe('Shipped');
        expect(new Date(o.deliveredBy).getTime() - new Date(o.orderdate).getTime()).toBe(2 * 3600_000);
        delays.deliverAfterHours = 0;
        expect((await getOrder(u, orderid)).body.data.status).toBe('Delivered');
      } finally {
        Object.assign(delays, saved);
      }
    });

    it('lets an explicit status (operator) win over the clock, until set back to auto', async () => {
      const db = server().app.ctx.db;
      const delays = server().config.orders;
      const u = await shopper('p300');
      const orderid = (await order(u)).body.data.orderid;
      expect(await setOrderStatus(db, delays, orderid, 'Delivered')).toEqual({ before: 'Processing', after: 'Delivered' });
      expect((await getOrder(u, orderid)).body.data.status).toBe('Delivered');
      const refused = await server().request('DELETE', '/cancelorder', { headers: { authtoken: u.token, orderid: String(orderid) } });
      expect(refused.status).toBe(409);
      // Held back at Processing although the clock says Delivered.
      await db.updateTable('orders').set({ orderdate: sql`now() - interval '5 days'` }).where('orderid', '=', orderid).execute();
      expect(await setOrderStatus(db, delays, orderid, 'Processing')).toEqual({ before: 'Delivered', after: 'Processing' });
      expect((await getOrder(u, orderid)).body.data.status).toBe('Processing');
      expect(await setOrderStatus(db, delays, orderid, 'auto')).toEqual({ before: 'Processing', after: 'Delivered' });
      expect(await setOrderStatus(db, delays, 987654, 'Shipped')).toBeNull();
    });
  });
});

