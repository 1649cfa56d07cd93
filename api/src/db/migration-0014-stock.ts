import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0014_stock (issue 26): units in stock, quantities in the cart, back-in-stock requests.
 *
 * - products.stock: 0 to 1,000,000 units (the CHECK makes overselling impossible: an order's
 *   conditional UPDATE can never take a product below 0). Products listed before this migration
 *   get 100 units (the default stays for rows written without a stock, e.g. by hand).
 * - cart_items.quantity: at most 10 a line (it was already there, always 1, CHECK > 0).
 * - stock_alerts: a shopper's "Tell me when it's back" requests, one row per (user, product),
 *   gone with the user or the product, and deleted when its mail is sent (each waiter told once).
 */
export const stockMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE products ADD COLUMN stock integer NOT NULL DEFAULT 100
      CONSTRAINT products_stock_range CHECK (stock >= 0 AND stock <= 1000000)`.execute(db);
    await sql`ALTER TABLE cart_items ADD CONSTRAINT cart_items_quantity_max CHECK (quantity <= 10)`.execute(db);
    await sql`CREATE TABLE stock_alerts (
      alertid serial PRIMARY KEY,
      userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
      productid integer NOT NULL REFERENCES products (productid) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (userid, productid)
    )`.execute(db);
    await sql`CREATE INDEX stock_alerts_product_idx ON stock_alerts (productid, alertid)`.execute(db);
  },
};
