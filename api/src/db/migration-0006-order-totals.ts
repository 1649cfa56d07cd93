import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0006_order_totals: an order's money columns were numeric(12, 2), less than two products at the
 * highest price a product may have (Rs. 9,999,999,999) add up to, so such an order failed with a
 * 'numeric field overflow'. numeric(15, 2) holds a thousand of them, and stays exact in the paise
 * arithmetic of the API (below 2^53 paise); a larger total is refused with 400 before anything is
 * written (MAX_ORDER_TOTAL_PAISE in routes/orders.ts).
 */
export const orderTotalsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE orders
      ALTER COLUMN items_total TYPE numeric(15, 2),
      ALTER COLUMN discount TYPE numeric(15, 2),
      ALTER COLUMN billamount TYPE numeric(15, 2),
      ALTER COLUMN billtax TYPE numeric(15, 2)`.execute(db);
  },
};
