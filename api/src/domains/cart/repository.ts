import type { Kysely } from 'kysely';
import type { CartItem } from '@marketplace/contract';
import { imageUrl } from '../../context';
import type { Database } from '../../db/schema';
import { CART_MAX_LINES, cartFull } from './rules';

/** The cart of one user, oldest line first. */
export async function cartOf(db: Kysely<Database>, userid: number, base: string): Promise<CartItem[]> {
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

/**
 * Adds one line for the product (quantity is always 1); false when the product already has its
 * line. A line past CART_MAX_LINES is refused and rolled back.
 */
export function addCartLine(db: Kysely<Database>, userid: number, productid: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
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
