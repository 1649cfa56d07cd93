import { PRICE_ALERT_MESSAGES, SELLER_MESSAGES, WISHLIST_MAX, WISHLIST_MESSAGES } from '@marketplace/contract';
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { listProduct } from './helpers/shop';
import { walkPages } from './helpers/paging';
import { startSmtp, type TestSmtp } from './helpers/smtp';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describeEachDatabase(
  'wishlist, price alerts and a seller’s own products',
  (server) => {
    const auth = (u: { token: string }) => ({ authtoken: u.token });

    describe('wishlist', () => {
      it('adds, lists (latest first, paged, counted), removes and clears the caller’s own products only', async () => {
        const shopper = await signedInUser(server());
        const other = await signedInUser(server());
        const add = (productid: number, u = shopper) => server().post('/wishlist', { productid }, auth(u));
        expect((await add(3)).body).toEqual({ status: 200, msg: WISHLIST_MESSAGES.added, data: { count: 1 } });
        expect((await add(5)).body.data).toEqual({ count: 2 });
        expect((await add(3)).body).toEqual({ status: 200, msg: WISHLIST_MESSAGES.already, data: { count: 2 } });
        await add(7, other);

        const mine = await server().get('/wishlist', auth(shopper));
        expect(mine.body.data.map((p: any) => p.productid)).toEqual([5, 3]);
        expect(mine.body).toMatchObject({ count: 2, next: null });
        expect((await server().get('/wishlist', auth(other))).body.data.map((p: any) => p.productid)).toEqual([7]);

        // Another user's item cannot be removed through one's own wishlist.
        expect((await server().request('DELETE', '/wishlist/7', { headers: auth(shopper) })).status).toBe(404);
        const removed = await server().request('DELETE', '/wishlist/3', { headers: auth(shopper) });
        expect(removed.body).toEqual({ status: 200, msg: WISHLIST_MESSAGES.removed, data: { count: 1 } });
        const cleared = await server().request('DELETE', '/wishlist', { headers: auth(shopper) });
        expect(cleared.body).toEqual({ status: 200, msg: WISHLIST_MESSAGES.cleared, data: { count: 0 } });
        expect((await server().get('/wishlist', auth(other))).body.count).toBe(1);
      });

      it('pages a long wishlist, each product once', async () => {
        const shopper = await signedInUser(server());
        for (let id = 1; id <= 30; id++) await server().post('/wishlist', { productid: id }, auth(shopper));
        const { rows, pages } = await walkPages(server(), '/wishlist', { limit: 7, headers: auth(shopper) });
        expect(pages).toBe(5);
        expect(rows.map((p: any) => p.productid)).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
      });

      it('holds at most WISHLIST_MAX products: one more is 409 and not stored; one already there is still fine', async () => {
        const shopper = await signedInUser(server());
        const { db } = server().app.ctx;
        const ids = (
          await db
            .selectFrom('products')
            .select('productid')
            .orderBy('productid')
            .limit(WISHLIST_MAX + 1)
            .execute()
        ).map((p) => p.productid);
        if (ids.length <= WISHLIST_MAX) {
          const photo = (await db.selectFrom('products').select('photo_hash').limit(1).executeTakeFirstOrThrow())
            .photo_hash;
          const more = Array.from({ length: WISHLIST_MAX + 1 - ids.length }, (_, i) => ({
            productname: `Wish ${i}`,
            title: 'Accessories',
            description: 'D',
            price: '10',
            rating: '4',
            photo_hash: photo,
            photo_hashes: JSON.stringify([photo]),
            location: 'Pune',
            userid: shopper.userid,
          }));
          ids.push(
            ...(await db.insertInto('products').values(more).returning('productid').execute()).map((p) => p.productid),
          );
        }
        await db
          .insertInto('wishlist_items')
          .values(ids.slice(0, WISHLIST_MAX).map((productid) => ({ userid: shopper.userid, productid })))
          .execute();
        const full = await server().post('/wishlist', { productid: ids[WISHLIST_MAX] }, auth(shopper));
        expect(full.body).toEqual({ status: 409, msg: WISHLIST_MESSAGES.full, data: null });
        expect((await server().post('/wishlist', { productid: ids[0] }, auth(shopper))).body).toEqual({
          status: 200,
          msg: WISHLIST_MESSAGES.already,
          data: { count: WISHLIST_MAX },
        });
        expect((await server().get('/wishlist', auth(shopper))).body.count).toBe(WISHLIST_MAX);
      });

      it('refuses an unknown product, a missing login and a bad id, changing nothing', async () => {
        const shopper = await signedInUser(server());
        expect((await server().post('/wishlist', { productid: 987654 }, auth(shopper))).body).toMatchObject({
          status: 404,
          msg: WISHLIST_MESSAGES.productNotFound,
        });
        expect((await server().post('/wishlist', { productid: 3 })).status).toBe(401);
        expect((await server().post('/wishlist', { productid: '3' }, auth(shopper))).status).toBe(400);
        expect((await server().get('/wishlist', { authtoken: 'lt_dead' })).status).toBe(401);
        expect((await server().get('/wishlist', auth(shopper))).body.count).toBe(0);
      });
    });

    describe('price alerts', () => {
      it('are switched on and off per product and user', async () => {
        const shopper = await signedInUser(server());
        const state = async () => (await server().get('/pricealerts/4', auth(shopper))).body.data.watching;
        expect(await state()).toBe(false);
        expect((await server().post('/pricealerts', { productid: 4 }, auth(shopper))).body).toEqual({
          status: 200,
          msg: PRICE_ALERT_MESSAGES.on,
          data: { watching: true },
        });
        expect(await state()).toBe(true);
        expect((await server().get('/pricealerts/4', auth(await signedInUser(server())))).body.data.watching).toBe(
          false,
        );
        expect((await server().request('DELETE', '/pricealerts/4', { headers: auth(shopper) })).body).toEqual({
          status: 200,
          msg: PRICE_ALERT_MESSAGES.off,
          data: { watching: false },
        });
        expect(await state()).toBe(false);
        expect((await server().post('/pricealerts', { productid: 987654 }, auth(shopper))).status).toBe(404);
      });

      it('a lower price mails each watcher once, with both prices and a link; a higher one mails nobody', async () => {
        const seller = await signedInUser(server());
        const watcher = await signedInUser(server(), { firstname: 'Meera' });
        const bystander = await signedInUser(server());
        const product = await listProduct(server(), seller.token, 2500, 'Watched brass lamp');
        await server().post('/pricealerts', { productid: product.productid }, auth(watcher));
        const body = (price: number) => ({
          productname: product.productname,
          title: product.title,
          description: product.description,
          price,
          rating: product.rating,
          photos: product.photos,
        });

        const raised = await server().put(`/product/${product.productid}`, body(2700), auth(seller));
        expect(raised.body).toMatchObject({ status: 200, msg: SELLER_MESSAGES.updated, data: { price: 2700 } });
        const since = smtp.mails.length;
        const lowered = await server().put(`/product/${product.productid}`, body(1999.5), auth(seller));
        expect(lowered.status).toBe(200);
        const mail = await smtp.waitForMail(watcher.email, since);
        const text = mail.raw.replace(/=\r?\n/g, ''); // quoted-printable soft line breaks
        expect(text).toContain('Subject: Price drop: Watched brass lamp is now Rs. 1,999.50');
        expect(text).toContain('from Rs. 2,700 to Rs. 1,999.50');
        expect(text).toContain(`/productdetails/${product.productid}`);
        expect(text).toContain('Hello Meera');
        expect(smtp.mails.slice(since).filter((m) => m.to.includes(watcher.email))).toHaveLength(1);
        expect(smtp.mails.some((m) => m.to.includes(bystander.email) || m.to.includes(seller.email))).toBe(false);
      });
    });

    describe('a seller’s own products', () => {
      it('lists the caller’s listings, newest first and paged', async () => {
        const seller = await signedInUser(server());
        const ids = [];
        for (let i = 0; i < 5; i++)
          ids.push((await listProduct(server(), seller.token, 100 + i, `Seller lamp ${i}`)).productid);
        const { rows } = await walkPages(server(), '/myproducts', { limit: 2, headers: auth(seller) });
        expect(rows.map((p: any) => p.productid)).toEqual(ids.reverse());
        expect((await server().get('/myproducts', auth(await signedInUser(server())))).body).toMatchObject({
          data: [],
          next: null,
          msg: 'You have not listed any products yet',
        });
      });

      it('an edit follows Add Product’s rules, shows at once in the catalogue, and only the seller may make it', async () => {
        const seller = await signedInUser(server());
        const stranger = await signedInUser(server());
        const product = await listProduct(server(), seller.token, 800, 'Editable lamp');
        const body = {
          productname: 'Edited lamp',
          title: 'Accessories',
          description: 'Now with a brass shade.',
          price: 750,
          rating: 4.5,
          location: 'Jaipur',
          photos: product.photos,
        };
        expect((await server().get(`/product/${product.productid}`)).body.data.price).toBe(800);

        const refused = await server().put(`/product/${product.productid}`, body, auth(stranger));
        expect(refused.body).toEqual({ status: 403, msg: SELLER_MESSAGES.notYours, data: null });
        expect((await server().put(`/product/${product.productid}`, { ...body, price: 0 }, auth(seller))).status).toBe(
          400,
        );
        expect(
          (
            await server().put(
              `/product/${product.productid}`,
              { ...body, photos: ['https://evil.example.com/x.png'] },
              auth(seller),
            )
          ).status,
        ).toBe(400);
        expect((await server().put('/product/987654', body, auth(seller))).status).toBe(404);
        expect((await server().get(`/product/${product.productid}`)).body.data).toMatchObject({
          productname: 'Editable lamp',
          price: 800,
        });

        const edited = await server().put(`/product/${product.productid}`, body, auth(seller));
        expect(edited.body.data).toMatchObject({
          productid: product.productid,
          productname: 'Edited lamp',
          price: 750,
          rating: 4.5,
          location: 'Jaipur',
          userid: seller.userid,
        });
        expect((await server().get(`/product/${product.productid}`)).body.data).toMatchObject({
          productname: 'Edited lamp',
          price: 750,
        });
      });

      it('a listing taken down leaves the catalogue, search, carts and wishlists; orders keep their lines; only the seller may', async () => {
        const seller = await signedInUser(server());
        const shopper = await signedInUser(server());
        const product = await listProduct(server(), seller.token, 640, 'Soon gone teapot');
        await server().post('/addtocartproduct', { productid: product.productid, authtoken: shopper.token });
        const ordered = await server().post(
          '/orderauth',
          { billname: 'Shopper', billaddress: '1 Lake Road, Pune', ordernote: '', payinfo: 'cod' },
          { authtoken: shopper.token, 'idempotency-key': `takedown-${product.productid}` },
        );
        expect(ordered.status).toBe(200);
        await server().post('/addtocartproduct', { productid: product.productid, authtoken: shopper.token });
        await server().post('/wishlist', { productid: product.productid }, auth(shopper));

        expect(
          (await server().request('DELETE', `/product/${product.productid}`, { headers: auth(shopper) })).status,
        ).toBe(403);
        expect((await server().get(`/product/${product.productid}`)).status).toBe(200);

        const removed = await server().request('DELETE', `/product/${product.productid}`, { headers: auth(seller) });
        expect(removed.body).toEqual({ status: 200, msg: SELLER_MESSAGES.removed, data: null });
        expect((await server().get(`/product/${product.productid}`)).status).toBe(404);
        expect((await server().post('/products', { productname: 'soon gone teapot' })).body.data).toEqual([]);
        expect((await server().get('/productviewcart', auth(shopper))).body.data).toEqual([]);
        expect((await server().get('/wishlist', auth(shopper))).body.count).toBe(0);
        const order = await server().get('/order', {
          authtoken: shopper.token,
          orderid: String(ordered.body.data.orderid),
        });
        expect(order.body.data.orderdata).toEqual([
          expect.objectContaining({ productname: 'Soon gone teapot', price: 640 }),
        ]);
        expect(
          (await server().request('DELETE', `/product/${product.productid}`, { headers: auth(seller) })).status,
        ).toBe(404);
      });
    });
  },
  () => ({ smtpUrl: smtp.url }),
);
