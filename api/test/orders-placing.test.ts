/**
 * Shop: checkout (POST /orderauth): server-side prices and totals, coupons, idempotency,
 * all or nothing, and the confirmation mail, over real HTTP on PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describeEachDatabase, eventually } from './helpers/server';
import { MAX_ORDER_TOTAL_PAISE } from '../src/domains/orders/rules';
import { signedInUser } from './helpers/accounts';
import { quotedPrintableDecoded } from './helpers/smtp';
import { CHECKOUT, del, listProduct, newKey, shopWithProducts, type ShopUser } from './helpers/shop';

describeEachDatabase('shop: orders', (server) => {
  const shop = shopWithProducts(server);
  const { addToCart, cart, order, getOrder, couponUses, orderCount, shopper, items } = shop;
  let seller: ShopUser;
  beforeAll(() => {
    seller = shop.seller;
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
      const photo = await db
        .selectFrom('products')
        .select('photo_hash')
        .where('productid', '=', items.p1.productid)
        .executeTakeFirstOrThrow();
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
      expect(r.body.msg).toBe(
        'This order is too large to place: one order can total at most Rs. 99,99,99,99,99,999.99. Please remove some items from your cart.',
      );
      expect(await orderCount(u.userid)).toBe(0);
      expect((await cart(u)).body.data).toHaveLength(inCart);

      // Two of them, which overflowed the old columns, are an order like any other.
      await sql`DELETE FROM cart_items WHERE userid = ${u.userid} AND productid NOT IN (
        SELECT productid FROM products WHERE productname LIKE 'Max price %' ORDER BY productid LIMIT 2)`.execute(db);
      const two = await order(u);
      expect(two.status).toBe(200);
      expect((await getOrder(u, two.body.data.orderid)).body.data).toMatchObject({
        billamount: 19999999998,
        billtax: 0,
      });
      await sql`DELETE FROM products WHERE productname LIKE 'Max price %' AND productid NOT IN (SELECT productid FROM order_lines WHERE productid IS NOT NULL)`.execute(
        db,
      );
    });

    it('refuses an empty cart with a clear message', async () => {
      const u = await signedInUser(server());
      const r = await order(u);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        status: 400,
        msg: 'Your cart is empty: add a product before placing an order',
        data: null,
      });
      expect(await orderCount(u.userid)).toBe(0);
    });

    it.each([
      ['no billname', { ...CHECKOUT, billname: undefined }, 'Please Enter Bill name and select the Address'],
      ['blank billname', { ...CHECKOUT, billname: '   ' }, 'Please Enter Bill name and select the Address'],
      ['no address', { ...CHECKOUT, billaddress: '' }, 'Please Enter Bill name and select the Address'],
      [
        'address as object',
        { ...CHECKOUT, billaddress: { street: 'x' } },
        'Please Enter Bill name and select the Address',
      ],
      [
        'unknown payment',
        { ...CHECKOUT, payinfo: 'bitcoin' },
        'Please choose a payment method (cod, paywithcard or paypal)',
      ],
      [
        'no payment',
        { ...CHECKOUT, payinfo: undefined },
        'Please choose a payment method (cod, paywithcard or paypal)',
      ],
      [
        'huge note',
        { ...CHECKOUT, ordernote: 'x'.repeat(1001) },
        'ordernote must be a text of at most 1000 characters',
      ],
      [
        'coupon as object',
        { ...CHECKOUT, couponname: { $ne: '' } },
        'couponname must be a text of at most 50 characters',
      ],
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
      const badKey = await server().post('/orderauth', CHECKOUT, {
        authtoken: u.token,
        'idempotency-key': 'a b;<script>',
      });
      expect(badKey.status).toBe(400);
      expect(badKey.body.msg).toBe('Idempotency-Key header must be 1 to 100 letters, digits or . _ : -');
      const longKey = await server().post('/orderauth', CHECKOUT, {
        authtoken: u.token,
        'idempotency-key': 'k'.repeat(101),
      });
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
      expect(replies.find((r) => r.status === 400)!.body.msg).toBe(
        'Your cart is empty: add a product before placing an order',
      );
      expect(await orderCount(u.userid)).toBe(1);
    });

    it('lets only one of two shoppers racing for the last use of a coupon have it', async () => {
      await server()
        .app.ctx.db.insertInto('coupons')
        .values({ name: 'RACE1', discount: 100, expires_at: new Date(Date.now() + 86400_000), uses_left: 1 })
        .execute();
      const a = await shopper('p300');
      const b = await shopper('p300');
      const replies = await Promise.all([
        order(a, { ...CHECKOUT, couponname: 'RACE1' }),
        order(b, { ...CHECKOUT, couponname: 'RACE1' }),
      ]);
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
      await sql`CREATE TRIGGER shop_test_fail BEFORE INSERT ON order_lines FOR EACH ROW EXECUTE FUNCTION shop_test_fail()`.execute(
        db,
      );
      try {
        const bomb = await listProduct(server(), seller.token, 20, 'Explosive widget');
        const u = await shopper('p300');
        await addToCart(u, bomb.productid);
        const usesBefore = await couponUses('SAVE100');
        const ordersBefore = Number(
          (
            await db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
        const r = await order(u, { ...CHECKOUT, couponname: 'SAVE100' });
        expect(r.status).toBe(500);
        expect(r.body).toEqual({ status: 500, msg: 'Internal server issues', data: null });
        expect(await couponUses('SAVE100')).toBe(usesBefore);
        expect(await orderCount(u.userid)).toBe(0);
        expect(
          Number(
            (
              await db
                .selectFrom('orders')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ).toBe(ordersBefore);
        expect((await cart(u)).body.data).toHaveLength(2);
        // Once the failure is gone, the same checkout goes through.
        await del(server(), '/deleteproduct', { productid: bomb.productid, authtoken: u.token });
        expect((await order(u, { ...CHECKOUT, couponname: 'SAVE100' })).status).toBe(200);
      } finally {
        await sql`DROP TRIGGER shop_test_fail ON order_lines`.execute(db);
      }
    });

    it('sends a confirmation mail after the order, and a mail failure does not fail the order', async () => {
      const sofa = await listProduct(server(), seller.token, 150000, 'Shop test teak sofa');
      const u = await shopper('p199');
      expect((await addToCart(u, sofa.productid)).status).toBe(200);
      const r = await order(u, { ...CHECKOUT, couponname: 'WELCOME50' });
      expect(r.status).toBe(200);
      const outbox = server().config.outboxDir;
      // Sent after the reply: read once written whole (a loaded machine can take seconds).
      const mail = await eventually(
        async () => {
          const file = fs.existsSync(outbox) ? fs.readdirSync(outbox).find((f) => f.includes(u.email)) : undefined;
          return file ? quotedPrintableDecoded(fs.readFileSync(path.join(outbox, file), 'utf8')) : '';
        },
        (text) => text.includes('Deliver to:'),
        20_000,
      );
      expect(mail).toContain(`Subject: Order #${r.body.data.orderid} placed`);
      // Amounts as Indian shoppers read them: lakh grouping, paise only where there are some.
      expect(mail).toContain('Shop test teak sofa × 1   Rs. 1,50,000\n');
      expect(mail).toContain('Shop test p199 × 1   Rs. 199.50\n');
      expect(mail).toContain('Subtotal: Rs. 1,50,199.50\n');
      expect(mail).toContain('Discount(Promocode WELCOME50): -Rs. 50\n');
      expect(mail).toContain('Shipping: Free Delivery\n');
      expect(mail).toContain('Total: Rs. 1,50,149.50\n');

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
});
