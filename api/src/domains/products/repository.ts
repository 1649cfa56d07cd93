import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notifyCatalogueChanged } from '../../lib/catalogue-cache';
import { pageOf } from '../../lib/paging';
import { PRODUCT_COLUMNS } from '../catalogue/repository';
import { ownershipRefusal, type ProductValues } from './rules';

// Every change below commits together with its notice to every process's catalogue cache; that
// notice reaches this process later, so the caller also empties this process's cache at once.

/** Lists a product for sale; the seller is the caller. */
export function insertProduct(db: Kysely<Database>, userid: number, values: ProductValues) {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('products')
      .values({ ...values, userid })
      .returning(PRODUCT_COLUMNS)
      .executeTakeFirstOrThrow();
    await notifyCatalogueChanged(trx, inserted.productid);
    return inserted;
  });
}

/** A page of the seller's own products, newest first (keyset on productid). */
export async function sellerPage(db: Kysely<Database>, userid: number, limit: number, before: number | undefined) {
  const rows = await db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('userid', '=', userid)
    .$if(before !== undefined, (q) => q.where('productid', '<', before!))
    .orderBy('productid', 'desc')
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, (r) => [r.productid]);
}

/** The caller's own product (with its stock), or 404 / 403. */
export async function ownProduct(db: Kysely<Database>, productid: number, userid: number) {
  const row = await db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('productid', '=', productid)
    .executeTakeFirst();
  const refusal = ownershipRefusal(row, userid);
  if (refusal) throw refusal;
  return row!;
}

/** The caller's own product, locked for the change, with its price and stock before; or 404 / 403. */
async function lockOwnProduct(
  trx: Kysely<Database>,
  productid: number,
  userid: number,
): Promise<{ price: number; stock: number }> {
  const row = await trx
    .selectFrom('products')
    .select(['userid', 'price', 'stock'])
    .where('productid', '=', productid)
    .forUpdate()
    .executeTakeFirst();
  const refusal = ownershipRefusal(row, userid);
  if (refusal) throw refusal;
  return { price: Number(row!.price), stock: row!.stock };
}

/** Changes the seller's product: the row as changed, and the price and stock it had. */
export function updateProduct(db: Kysely<Database>, productid: number, userid: number, values: ProductValues) {
  return db.transaction().execute(async (trx) => {
    const { price: was, stock: stockWas } = await lockOwnProduct(trx, productid, userid);
    const row = await trx
      .updateTable('products')
      .set(values)
      .where('productid', '=', productid)
      .returning(PRODUCT_COLUMNS)
      .executeTakeFirstOrThrow();
    await notifyCatalogueChanged(trx, productid);
    return { row, was, stockWas };
  });
}

/** Takes the seller's product down: out of the catalogue, search, carts, wishlists and alerts; orders keep their lines. */
export function deleteProduct(db: Kysely<Database>, productid: number, userid: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await lockOwnProduct(trx, productid, userid);
    await trx.deleteFrom('products').where('productid', '=', productid).execute();
    await notifyCatalogueChanged(trx, productid);
  });
}
