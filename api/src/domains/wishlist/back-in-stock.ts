import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import type { StorefrontLinks } from '../../lib/storefront-links';
import { backInStockMail } from './rules';

/** Waiters are claimed and mailed a batch at a time (never all rows at once). */
const WAITER_BATCH = 500;

/**
 * One mail to each shopper waiting for a product whose stock went from 0 to more (call after that
 * change committed). Each request is deleted as it is claimed, in one statement: a waiter is told
 * once, even when two processes (or a seller's edit and a cancelled order) announce it together.
 */
export async function mailBackInStock(
  db: Kysely<Database>,
  mailer: Mailer,
  links: StorefrontLinks,
  product: { productid: number; productname: string },
): Promise<number> {
  const linkTo = await links.linkTo();
  const link = linkTo('productDetails', { id: product.productid });
  let told = 0;
  for (;;) {
    const { rows } = await sql<{ email: string; firstname: string }>`
      WITH claimed AS (
        DELETE FROM stock_alerts WHERE alertid IN (
          SELECT alertid FROM stock_alerts WHERE productid = ${product.productid}
          ORDER BY alertid LIMIT ${WAITER_BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING userid)
      SELECT u.email, u.firstname FROM claimed JOIN users u ON u.userid = claimed.userid`.execute(db);
    for (const w of rows) mailer.sendLater(backInStockMail(w, product, link));
    told += rows.length;
    if (rows.length < WAITER_BATCH) return told;
  }
}
