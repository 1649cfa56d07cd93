import type { Kysely } from 'kysely';
import { CART_LINE_MAX, STOCK_MESSAGES, type CartItem } from '@marketplace/contract';
import { imageUrl } from '../../context';
import { photoSourcesOf } from '../uploads/sources';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { CART_MAX_LINES, CART_MESSAGES, cartFull } from './rules';

/** The cart of one user, oldest line first. */
export async function cartOf(db: Kysely<Database>, userid: number, base: string): Promise<CartItem[]> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.productid', 'cart_items.productid')
    .select([
      'products.productid',
      'products.productname',
      'products.title',
      'products.price',
      'products.photo_hash',
      'products.stock',
      'cart_items.quantity',
    ])
    .where('cart_items.userid', '=', userid)
    .orderBy('cart_items.cartid', 'asc')
    .execute();
  const sources = await photoSourcesOf(
    db,
    base,
    rows.map((r) => r.photo_hash),
  );
  return rows.map((r) => ({
    productid: r.productid,
    productname: r.productname,
    title: r.title,
    price: Number(r.price),
    photo: imageUrl(base, r.photo_hash),
    ...(sources.has(r.photo_hash) && { photoSources: sources.get(r.photo_hash) }),
    quantity: r.quantity,
    max: Math.min(r.stock, CART_LINE_MAX),
  }));
}

/**
 * Adds a line of 1 unit for the product; false when the product already has its line (kept as it
 * is). 404 for an unknown product, 409 when it is out of stock; a line past CART_MAX_LINES is
 * refused and rolled back.
 */
export function addCartLine(db: Kysely<Database>, userid: number, productid: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['productname', 'stock'])
      .where('productid', '=', productid)
      .executeTakeFirst();
    if (!product) throw notFound(CART_MESSAGES.productNotFound);
    if (product.stock <= 0) throw conflict(STOCK_MESSAGES.outOfStock(product.productname));
    const count = await trx
      .selectFrom('cart_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userid', '=', userid)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('cart_items')
      .values({ userid, productid })
      .onConflict((oc) => oc.columns(['userid', 'productid']).doNothing())
      .returning('cartid')
      .executeTakeFirst();
    if (row && Number(count.n) >= CART_MAX_LINES) throw cartFull();
    return Boolean(row);
  });
}

/**
 * Sets the units of the user's line of a product (1 to CART_LINE_MAX: the schema's check), in one
 * guarded statement: 404 when the product is not in the cart, 409 above its units in stock;
 * nothing changes then.
 */
export async function setCartQuantity(
  db: Kysely<Database>,
  userid: number,
  productid: number,
  quantity: number,
): Promise<void> {
  const set = await db
    .updateTable('cart_items')
    .set({ quantity })
    .from('products')
    .whereRef('products.productid', '=', 'cart_items.productid')
    .where('cart_items.userid', '=', userid)
    .where('cart_items.productid', '=', productid)
    .where('products.stock', '>=', quantity)
    .returning('cart_items.cartid')
    .executeTakeFirst();
  if (set) return;
  const line = await db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.productid', 'cart_items.productid')
    .select(['products.productname', 'products.stock'])
    .where('cart_items.userid', '=', userid)
    .where('cart_items.productid', '=', productid)
    .executeTakeFirst();
  if (!line) throw notFound(CART_MESSAGES.notIn);
  throw conflict(STOCK_MESSAGES.onlyLeft(line.productname, line.stock));
}

/** Removes the product's line; false when it was not in the cart. */
export async function removeCartLine(db: Kysely<Database>, userid: number, productid: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('cart_items')
    .where('userid', '=', userid)
    .where('productid', '=', productid)
    .returning('cartid')
    .executeTakeFirst();
  return Boolean(deleted);
}

export async function clearCart(db: Kysely<Database>, userid: number): Promise<void> {
  await db.deleteFrom('cart_items').where('userid', '=', userid).execute();
}
