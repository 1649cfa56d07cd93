import type { Kysely } from 'kysely';
import { AddToCartBody, CartHeaders, CartReply, ClearCartBody, RemoveFromCartBody, type CartItem } from '@marketplace/shared/contract';
import { imageUrl, publicBase, type App } from '../context';
import type { Database } from '../db/schema';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { replies } from './common';

/** Lines a cart may hold (one per product). */
export const CART_MAX_LINES = 100;

/** The cart of one user, oldest line first. */
async function cartOf(db: Kysely<Database>, userid: number, base: string): Promise<CartItem[]> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.productid', 'cart_items.productid')
    .select(['products.productid', 'products.productname', 'products.title', 'products.price', 'products.photo_hash'])
    .where('cart_items.userid', '=', userid)
    .orderBy('cart_items.cartid', 'asc')
    .execute();
  return rows.map((r) => ({
    productid: r.productid,
    productname: r.productname,
    title: r.title,
    price: Number(r.price),
    photo: imageUrl(base, r.photo_hash),
  }));
}

/** The user always comes from the login token; a `userid` naming someone else is refused (403). */
export function cartRoutes(app: App) {
  const { db, config } = app.ctx;

  app.get('/productviewcart', { schema: { headers: CartHeaders, response: replies(CartReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    if (req.headers.userid !== undefined && req.headers.userid !== user.userid) throw forbidden('Unauthorized User');
    const items = await cartOf(db, user.userid, publicBase(config, req));
    return { status: 200, msg: items.length ? 'Cart items' : 'Your cart is empty', data: items };
  });

  /** Adds one product (quantity is always 1: a product already in the cart keeps its one line). */
  app.post('/addtocartproduct', { schema: { body: AddToCartBody, response: replies(CartReply) }, config: { auth: { token: 'body' } } }, async (req) => {
    const { user } = req;
    const { productid } = req.body;
    const product = await db.selectFrom('products').select('productid').where('productid', '=', productid).executeTakeFirst();
    if (!product) throw notFound('Product not found');
    const inserted = await db.transaction().execute(async (trx) => {
      const count = await trx
        .selectFrom('cart_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userid', '=', user.userid)
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('cart_items')
        .values({ userid: user.userid, productid })
        .onConflict((oc) => oc.columns(['userid', 'productid']).doNothing())
        .returning('cartid')
        .executeTakeFirst();
      if (row && Number(count.n) >= CART_MAX_LINES) throw badRequest(`Your cart is full (${CART_MAX_LINES} items): remove some before adding more`);
      return Boolean(row);
    });
    const items = await cartOf(db, user.userid, publicBase(config, req));
    return { status: 200, msg: inserted ? 'Product added to cart' : 'This product is already in your cart', data: items };
  });

  app.delete('/deleteproduct', { schema: { body: RemoveFromCartBody, response: replies(CartReply) }, config: { auth: { token: 'body' } } }, async (req) => {
    const { user } = req;
    if (req.body.userid !== undefined && req.body.userid !== user.userid) throw forbidden('Unauthorized User');
    const deleted = await db
      .deleteFrom('cart_items')
      .where('userid', '=', user.userid)
      .where('productid', '=', req.body.productid)
      .returning('cartid')
      .executeTakeFirst();
    if (!deleted) throw notFound('This product is not in your cart');
    const items = await cartOf(db, user.userid, publicBase(config, req));
    return { status: 200, msg: 'Product removed from cart', data: items };
  });

  app.delete('/deleteAllProducts', { schema: { body: ClearCartBody, response: replies(CartReply) }, config: { auth: { token: 'body' } } }, async (req) => {
    const { user } = req;
    await db.deleteFrom('cart_items').where('userid', '=', user.userid).execute();
    return { status: 200, msg: 'Cart cleared', data: [] };
  });
}
