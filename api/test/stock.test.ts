import { PRODUCT_MESSAGES, STOCK_ALERT_MESSAGES, STOCK_MESSAGES } from '@marketplace/contract';
import { describeEachDatabase, describeTwoProcesses, eventually } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { CHECKOUT, listProduct, newKey, shopCalls, type ShopUser } from './helpers/shop';
import { startSmtp, type TestSmtp } from './helpers/smtp';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describeEachDatabase(
  'stock, quantities and back-in-stock requests',
  (server) => {
    const { addToCart, cart, order, getOrder, stockOf } = shopCalls(server);
    const auth = (u: { token: string }) => ({ authtoken: u.token });
    const setQuantity = (u: ShopUser, productid: number, quantity: unknown) =>
      server().put(`/cart/${productid}`, { quantity }, auth(u));
    const edit = (
      seller: ShopUser,
      product: Awaited<ReturnType<typeof listProduct>>,
      changes: Record<string, unknown>,
    ) =>
      server().put(
        `/product/${product.productid}`,
        {
          productname: product.productname,
          title: product.title,
          description: product.description,
          price: product.price,
          rating: product.rating,
          photos: product.photos,
          ...changes,
        },
        auth(seller),
      );

    describe('stock on Add and Edit Product', () => {
      it('is required on add, a whole number from 0 to 1,000,000; the seller sees the units, shoppers the label', async () => {
        const seller = await signedInUser(server());
        const product = await listProduct(server(), seller.token, 100, 'Stocked kettle', 1_000_000);
        expect(product.stock).toBe(1_000_000);
        const { stock: _stock, ...body } = {
          productname: 'Bad stock',
          title: 'Accessories',
          description: 'D',
          price: 10,
          rating: 4,
          photos: product.photos,
          stock: 0,
        };
        for (const stock of [undefined, -1, 1_000_001, 2.5, '7', null]) {
          const r = await server().post('/product', { ...body, stock }, auth(seller));
          expect([r.status, r.body.msg]).toEqual([400, PRODUCT_MESSAGES.stock]);
        }
        expect((await server().get('/myproducts', auth(seller))).body.data.map((p: any) => p.productname)).toEqual([
          'Stocked kettle',
        ]);

        // Shoppers: no exact units above 5, "Only N left" at 5 or fewer, 0 out of stock.
        const shown = async () => (await server().get(`/product/${product.productid}`)).body.data;
        expect(await shown()).not.toHaveProperty('left');
        expect(await shown()).not.toHaveProperty('stock');
        expect((await edit(seller, product, { stock: 5 })).body.data).toMatchObject({ stock: 5, left: 5 });
        expect(await shown()).toMatchObject({ left: 5 });
        expect((await edit(seller, product, { stock: 0 })).body.data).toMatchObject({ stock: 0, left: 0 });
        expect(await shown()).toMatchObject({ left: 0 });
        // An edit without stock keeps the units; a bad one is refused and changes nothing.
        expect((await edit(seller, product, { price: 90 })).body.data).toMatchObject({ price: 90, stock: 0 });
        const refused = await edit(seller, product, { stock: 1_000_001, price: 80 });
        expect([refused.status, refused.body.msg]).toEqual([400, PRODUCT_MESSAGES.stock]);
        expect(await shown()).toMatchObject({ price: 90, left: 0 });
      });
    });

    describe('quantities', () => {
      it('a cart line holds 1 up to the stock, at most 10; a bad quantity is refused and changes nothing', async () => {
        const seller = await signedInUser(server());
        const socks = await listProduct(server(), seller.token, 150, 'Wool socks', 12);
        const scarf = await listProduct(server(), seller.token, 400, 'Silk scarf', 3);
        const shopper = await signedInUser(server());
        expect((await addToCart(shopper, socks.productid)).body.data).toEqual([
          expect.objectContaining({ productid: socks.productid, quantity: 1, max: 10 }),
        ]);
        await addToCart(shopper, scarf.productid);

        const set = await setQuantity(shopper, socks.productid, 4);
        expect(set.status).toBe(200);
        expect(set.body.data.map((l: any) => [l.productid, l.quantity, l.max])).toEqual([
          [socks.productid, 4, 10],
          [scarf.productid, 1, 3],
        ]);
        for (const bad of [0, -1, 11, 2.5, '3', null]) {
          const r = await setQuantity(shopper, socks.productid, bad);
          expect([r.status, r.body.msg]).toEqual([400, STOCK_MESSAGES.quantity]);
        }
        const above = await setQuantity(shopper, scarf.productid, 4);
        expect([above.status, above.body.msg]).toEqual([409, 'Only 3 left of Silk scarf']);
        const notIn = await setQuantity(shopper, 987654, 2);
        expect(notIn.status).toBe(404);
        // Someone else's line cannot be set through one's own cart.
        expect((await setQuantity(await signedInUser(server()), socks.productid, 2)).status).toBe(404);
        expect((await server().put(`/cart/${socks.productid}`, { quantity: 2 })).status).toBe(401);
        // Adding again keeps the line as it is.
        await addToCart(shopper, socks.productid);
        expect((await cart(shopper)).body.data.map((l: any) => l.quantity)).toEqual([4, 1]);

        // The order is for the quantities: money, lines, mail.
        const since = smtp.mails.length;
        const placed = await order(shopper);
        expect(placed.status).toBe(200);
        const o = (await getOrder(shopper, placed.body.data.orderid)).body.data;
        expect(o.orderdata).toEqual([
          { productid: socks.productid, productname: 'Wool socks', price: 150, quantity: 4 },
          { productid: scarf.productid, productname: 'Silk scarf', price: 400, quantity: 1 },
        ]);
        expect(o.billamount).toBe(1000);
        const mail = await smtp.waitForMail(shopper.email, since);
        const text = mail.raw.replace(/=\r?\n/g, '').replace(/=C3=97/g, '×');
        expect(text).toContain('Wool socks × 4   Rs. 600');
        expect(text).toContain('Total: Rs. 1,000');
        expect([await stockOf(socks.productid), await stockOf(scarf.productid)]).toEqual([8, 2]);
      });

      it('an out-of-stock product cannot be added to a cart (409)', async () => {
        const seller = await signedInUser(server());
        const gone = await listProduct(server(), seller.token, 99, 'Sold out mug', 0);
        const r = await addToCart(await signedInUser(server()), gone.productid);
        expect([r.status, r.body.msg]).toEqual([409, 'Sold out mug is out of stock']);
      });
    });

    describe('no overselling', () => {
      it('an order takes its units; a short line refuses the whole order, names the product and what is left', async () => {
        const seller = await signedInUser(server());
        const lamp = await listProduct(server(), seller.token, 500, 'Last lamps', 2);
        const bowl = await listProduct(server(), seller.token, 200, 'Many bowls', 30);
        const a = await signedInUser(server());
        const b = await signedInUser(server());
        for (const u of [a, b]) {
          await addToCart(u, bowl.productid);
          await addToCart(u, lamp.productid);
          expect((await setQuantity(u, lamp.productid, 2)).status).toBe(200);
          expect((await setQuantity(u, bowl.productid, 3)).status).toBe(200);
        }
        expect((await order(a)).status).toBe(200);
        expect([await stockOf(lamp.productid), await stockOf(bowl.productid)]).toEqual([0, 27]);
        expect((await server().get(`/product/${lamp.productid}`)).body.data.left).toBe(0);

        const refused = await order(b);
        expect([refused.status, refused.body.msg]).toEqual([409, 'Last lamps is out of stock']);
        // Nothing written: no order, the bowls not taken, the cart kept.
        expect((await server().get('/allorders', auth(b))).body.data).toEqual([]);
        expect(await stockOf(bowl.productid)).toBe(27);
        expect((await cart(b)).body.data.map((l: any) => l.quantity)).toEqual([3, 2]);
      });

      it('tells how many are left when fewer than asked remain', async () => {
        const seller = await signedInUser(server());
        const jar = await listProduct(server(), seller.token, 80, 'Pickle jar', 3);
        const a = await signedInUser(server());
        const b = await signedInUser(server());
        for (const u of [a, b]) {
          await addToCart(u, jar.productid);
          await setQuantity(u, jar.productid, 2);
        }
        expect((await order(a)).status).toBe(200);
        const refused = await order(b);
        expect([refused.status, refused.body.msg]).toEqual([409, 'Only 1 left of Pickle jar']);
      });

      it('a replayed Idempotency-Key takes the units once; cancelling returns them', async () => {
        const seller = await signedInUser(server());
        const tea = await listProduct(server(), seller.token, 300, 'Estate tea', 6);
        const shopper = await signedInUser(server());
        await addToCart(shopper, tea.productid);
        await setQuantity(shopper, tea.productid, 2);
        const key = newKey();
        const [first, second] = await Promise.all([order(shopper, CHECKOUT, key), order(shopper, CHECKOUT, key)]);
        expect([first.status, second.status]).toEqual([200, 200]);
        expect(second.body.data.orderid).toBe(first.body.data.orderid);
        expect(await stockOf(tea.productid)).toBe(4);
        expect((await server().get(`/product/${tea.productid}`)).body.data.left).toBe(4);

        const cancelled = await server().request('DELETE', '/cancelorder', {
          headers: { ...auth(shopper), orderid: String(first.body.data.orderid) },
        });
        expect(cancelled.status).toBe(200);
        expect(await stockOf(tea.productid)).toBe(6);
        // The label follows at once (the catalogue cache forgot it).
        expect((await server().get(`/product/${tea.productid}`)).body.data).not.toHaveProperty('left');
        // A second cancel returns nothing more.
        const again = await server().request('DELETE', '/cancelorder', {
          headers: { ...auth(shopper), orderid: String(first.body.data.orderid) },
        });
        expect(again.status).toBe(409);
        expect(await stockOf(tea.productid)).toBe(6);
      });
    });

    describe('back in stock', () => {
      it('only for a product out of stock, signed in; one mail per waiter when the stock goes from 0 to more, once', async () => {
        const seller = await signedInUser(server());
        const shoes = await listProduct(server(), seller.token, 2400, 'Trail shoes', 0);
        const inStock = await listProduct(server(), seller.token, 100, 'Plenty pens', 40);
        const meera = await signedInUser(server(), { firstname: 'Meera' });
        const ravi = await signedInUser(server(), { firstname: 'Ravi' });
        const bystander = await signedInUser(server());
        const ask = (u: ShopUser, productid = shoes.productid) => server().post('/stockalerts', { productid }, auth(u));
        const waiting = async (u: ShopUser) =>
          (await server().get(`/stockalerts/${shoes.productid}`, auth(u))).body.data.waiting;

        expect((await server().post('/stockalerts', { productid: shoes.productid })).status).toBe(401);
        const inStockAsk = await ask(meera, inStock.productid);
        expect([inStockAsk.status, inStockAsk.body.msg]).toEqual([409, STOCK_ALERT_MESSAGES.inStock]);
        expect((await ask(meera, 987654)).status).toBe(404);
        expect((await ask(meera)).body).toEqual({
          status: 200,
          msg: STOCK_ALERT_MESSAGES.on,
          data: { waiting: true },
        });
        expect(await waiting(meera)).toBe(true);
        expect(await waiting(bystander)).toBe(false);
        // Asked and withdrawn: not told.
        await ask(bystander);
        expect(
          (await server().request('DELETE', `/stockalerts/${shoes.productid}`, { headers: auth(bystander) })).body.data,
        ).toEqual({ waiting: false });

        // A change that keeps it at 0 tells nobody; from 0 to 4 tells Meera once.
        expect((await edit(seller, shoes, { price: 2300 })).status).toBe(200);
        const since = smtp.mails.length;
        expect((await edit(seller, shoes, { stock: 4 })).status).toBe(200);
        const mail = await smtp.waitForMail(meera.email, since);
        const text = mail.raw.replace(/=\r?\n/g, '');
        expect(text).toContain('Subject: Back in stock: Trail shoes');
        expect(text).toContain(`/productdetails/${shoes.productid}`);
        expect(text).toContain('Hello Meera');
        expect(await waiting(meera)).toBe(false);

        // Out again: Ravi asks; back again: Ravi is told, Meera (told already) is not.
        expect((await edit(seller, shoes, { stock: 0 })).status).toBe(200);
        expect((await ask(ravi)).status).toBe(200);
        expect((await edit(seller, shoes, { stock: 9 })).status).toBe(200);
        await smtp.waitForMail(ravi.email, since);
        const backMails = (email: string) =>
          smtp.mails.slice(since).filter((m) => m.to.includes(email.toLowerCase()) && m.raw.includes('Back in stock'));
        expect(backMails(meera.email)).toHaveLength(1);
        expect(backMails(ravi.email)).toHaveLength(1);
        expect(backMails(bystander.email)).toHaveLength(0);
        expect(smtp.mails.slice(since).some((m) => m.to.includes(seller.email.toLowerCase()))).toBe(false);
      });

      it('a cancelled order that brings the last units back tells the waiters', async () => {
        const seller = await signedInUser(server());
        const vase = await listProduct(server(), seller.token, 700, 'Blue vase', 1);
        const buyer = await signedInUser(server());
        const waiter = await signedInUser(server());
        await addToCart(buyer, vase.productid);
        const placed = await order(buyer);
        expect(placed.status).toBe(200);
        expect((await server().post('/stockalerts', { productid: vase.productid }, auth(waiter))).status).toBe(200);
        const since = smtp.mails.length;
        await server().request('DELETE', '/cancelorder', {
          headers: { ...auth(buyer), orderid: String(placed.body.data.orderid) },
        });
        const mail = await smtp.waitForMail(waiter.email, since);
        expect(mail.raw).toContain('Back in stock: Blue vase');
      });
    });
  },
  () => ({ smtpUrl: smtp.url }),
);

describeTwoProcesses('stock labels across API processes [PostgreSQL]', (first, second) => {
  it('an order that leaves a product low reaches the other process’s cached product reply', async () => {
    const seller = await signedInUser(first());
    const jug = await listProduct(first(), seller.token, 300, 'Shared jug', 7);
    const shown = async () => (await second().get(`/product/${jug.productid}`)).body.data;
    // The second process answers (and caches) "In stock".
    expect(await shown()).not.toHaveProperty('left');
    expect(await shown()).not.toHaveProperty('left');

    const shopper = await signedInUser(first());
    await first().post('/addtocartproduct', { productid: jug.productid, authtoken: shopper.token });
    expect((await first().put(`/cart/${jug.productid}`, { quantity: 3 }, { authtoken: shopper.token })).status).toBe(
      200,
    );
    const placed = await first().post('/orderauth', CHECKOUT, {
      authtoken: shopper.token,
      'idempotency-key': newKey(),
    });
    expect(placed.status).toBe(200);
    // The order's transaction notified every process: the other one forgets its cached reply.
    const seen = await eventually(shown, (p) => p.left === 4);
    expect(seen).toMatchObject({ left: 4 });
  });
});
