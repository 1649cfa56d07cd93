/**
 * Shop: the cart (add, one line per product, remove, clear, ownership), over real HTTP on PGlite
 * and PostgreSQL.
 */
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { del, shopWithProducts } from './helpers/shop';

describeEachDatabase('shop: cart', (server) => {
  const { addToCart, cart, shopper, items } = shopWithProducts(server);

  describe('cart', () => {
    it('adds, keeps one line per product, removes and clears; every reply is the cart', async () => {
      const u = await signedInUser(server());
      const first = await addToCart(u, items.p250.productid);
      expect(first.status).toBe(200);
      expect(first.body.msg).toBe('Product added to cart');
      expect(first.body.data).toEqual([
        {
          productid: items.p250.productid,
          productname: items.p250.productname,
          title: 'Accessories',
          price: 250,
          photo: expect.stringMatching(/\/images\/[0-9a-f]{64}\.png$/),
          photoSources: expect.objectContaining({ width: 3, height: 3 }),
          quantity: 1,
          max: 10,
        },
      ]);
      const again = await addToCart(u, items.p250.productid);
      expect(again.status).toBe(200);
      expect(again.body.msg).toBe('This product is already in your cart');
      expect(again.body.data).toHaveLength(1);
      await addToCart(u, items.p300.productid);
      expect((await cart(u)).body.data.map((i: any) => i.productid)).toEqual([
        items.p250.productid,
        items.p300.productid,
      ]);

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
        const malformed = await server().request(method, route, {
          raw: '{"productid": 1,',
          headers: { 'content-type': 'application/json' },
        });
        expect([route, malformed.status, malformed.body.msg]).toEqual([
          route,
          400,
          'Malformed JSON in the request body',
        ]);
        const text = await server().request(method, route, {
          raw: 'productid=1',
          headers: { 'content-type': 'text/plain' },
        });
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
      const remove = await del(server(), '/deleteproduct', {
        productid: items.p250.productid,
        userid: a.userid,
        authtoken: b.token,
      });
      expect(remove.status).toBe(403);
      const removeOwn = await del(server(), '/deleteproduct', { productid: items.p250.productid, authtoken: b.token });
      expect(removeOwn.status).toBe(404);
      await del(server(), '/deleteAllProducts', { authtoken: b.token, userid: a.userid });
      expect((await cart(a)).body.data.map((i: any) => i.productid)).toEqual([items.p250.productid]);
    });
  });

  describe('GET /productviewcart', () => {
    it('shows only the caller’s cart, whatever userid header is sent', async () => {
      const alice = await signedInUser(server());
      const bob = await signedInUser(server());
      const empty = await server().get('/productviewcart', { authtoken: alice.token });
      expect(empty.status).toBe(200);
      expect(empty.body.data).toEqual([]);

      const products = (await server().get('/products')).body.data as any[];
      const { db } = server().app.ctx;
      await db
        .insertInto('cart_items')
        .values([
          { userid: alice.userid, productid: products[0].productid },
          { userid: alice.userid, productid: products[5].productid },
          { userid: bob.userid, productid: products[9].productid },
        ])
        .execute();

      const mine = await server().get('/productviewcart', { authtoken: alice.token, userid: String(alice.userid) });
      expect(mine.status).toBe(200);
      expect(mine.body.data).toEqual(
        [products[0], products[5]].map((p) => ({
          productid: p.productid,
          productname: p.productname,
          title: p.title,
          price: p.price,
          photo: p.photo,
          photoSources: p.photoSources,
          quantity: 1,
          max: 10,
        })),
      );
      const spoof = await server().get('/productviewcart', { authtoken: alice.token, userid: String(bob.userid) });
      expect(spoof.status).toBe(403);
      expect(spoof.body.data).toBeNull();
      const bobs = await server().get('/productviewcart', { authtoken: bob.token });
      expect(bobs.body.data.map((i: any) => i.productid)).toEqual([products[9].productid]);
    });

    it('answers 401 without a token, 400 for a bad userid header, 401 for a dead token', async () => {
      expect((await server().get('/productviewcart')).status).toBe(401);
      const u = await signedInUser(server());
      const bad = await server().get('/productviewcart', { authtoken: u.token, userid: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/userid/);
      expect((await server().get('/productviewcart', { authtoken: 'nope' })).status).toBe(401);
    });
  });
});
