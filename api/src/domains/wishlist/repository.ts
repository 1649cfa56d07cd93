import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import { PRODUCT_COLUMNS, productExists } from '../catalogue/repository';
import { mayKeep, type KeepMessages, type KeptList } from './rules';

export async function wishlistCount(db: Kysely<Database>, userid: number): Promise<number> {
  const row = await db
    .selectFrom('wishlist_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userid', '=', userid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Keeps a product in one of the user's lists (wishlist, price alerts), as rules.mayKeep allows.
 * Resolves whether it was added and how many the list holds.
 */
export async function keepProduct(
  db: Kysely<Database>,
  table: KeptList,
  userid: number,
  productid: number,
  cap: number,
  messages: KeepMessages,
): Promise<{ added: boolean; count: number }> {
  const [exists, there, held] = await Promise.all([
    productExists(db, productid),
    db
      .selectFrom(table)
      .select('userid')
      .where('userid', '=', userid)
      .where('productid', '=', productid)
      .executeTakeFirst(),
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userid', '=', userid)
      .executeTakeFirstOrThrow(),
  ]);
  const count = Number(held.n);
  if (!mayKeep({ productExists: exists, there: Boolean(there), count }, cap, messages)) return { added: false, count };
  await db
    .insertInto(table)
    .values({ userid, productid })
    .onConflict((oc) => oc.columns(['userid', 'productid']).doNothing())
    .execute()
    // A product taken down since it was read: the foreign key refuses it.
    .catch((err: { code?: string }) => {
      if (err.code === '23503') throw notFound(messages.productNotFound);
      throw err;
    });
  return { added: true, count: count + 1 };
}

/** A page of the user's wishlist, newest first (keyset on the wishlist row). */
export async function wishlistPage(db: Kysely<Database>, userid: number, limit: number, before: number | undefined) {
  const rows = await db
    .selectFrom('wishlist_items')
    .innerJoin('products', 'products.productid', 'wishlist_items.productid')
    .select([...PRODUCT_COLUMNS.map((c) => `products.${c}` as const), 'wishlist_items.wishid'])
    .where('wishlist_items.userid', '=', userid)
    .$if(before !== undefined, (q) => q.where('wishlist_items.wishid', '<', before!))
    .orderBy('wishlist_items.wishid', 'desc')
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, (r) => [r.wishid]);
}

/** Takes the product off the user's list; false when it was not on it. */
export async function removeKept(
  db: Kysely<Database>,
  table: KeptList,
  userid: number,
  productid: number,
): Promise<boolean> {
  const removed = await db
    .deleteFrom(table)
    .where('userid', '=', userid)
    .where('productid', '=', productid)
    .executeTakeFirst();
  return Boolean(Number(removed.numDeletedRows));
}

export async function clearWishlist(db: Kysely<Database>, userid: number): Promise<void> {
  await db.deleteFrom('wishlist_items').where('userid', '=', userid).execute();
}

/** Whether the user has a price alert or a back-in-stock request for the product. */
export async function hasKept(
  db: Kysely<Database>,
  table: 'price_alerts' | 'stock_alerts',
  userid: number,
  productid: number,
): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom(table)
      .select('alertid')
      .where('userid', '=', userid)
      .where('productid', '=', productid)
      .executeTakeFirst(),
  );
}

/** The next `limit` watchers of a product's price after the alert `after` (keyset, never all at once). */
export function priceWatchers(db: Kysely<Database>, productid: number, after: number, limit: number) {
  return db
    .selectFrom('price_alerts')
    .innerJoin('users', 'users.userid', 'price_alerts.userid')
    .select(['price_alerts.alertid', 'users.email', 'users.firstname'])
    .where('price_alerts.productid', '=', productid)
    .where('price_alerts.alertid', '>', after)
    .orderBy('price_alerts.alertid')
    .limit(limit)
    .execute();
}

/** The units in stock of a product; undefined for an unknown one. */
export async function stockOf(db: Kysely<Database>, productid: number): Promise<number | undefined> {
  const row = await db.selectFrom('products').select('stock').where('productid', '=', productid).executeTakeFirst();
  return row?.stock;
}
