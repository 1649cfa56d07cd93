import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0008_wishlist_alerts: a shopper's wishlist and price-drop alerts, one row per (user, product),
 * gone with the user or the product (a listing taken down leaves every wishlist and alert); a
 * seller's listings read newest first.
 */
export const wishlistAlertsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE wishlist_items (
      wishid serial PRIMARY KEY,
      userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
      productid integer NOT NULL REFERENCES products (productid) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (userid, productid)
    )`.execute(db);
    await sql`CREATE INDEX wishlist_items_user_idx ON wishlist_items (userid, wishid DESC)`.execute(db);
    await sql`CREATE TABLE price_alerts (
      alertid serial PRIMARY KEY,
      userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
      productid integer NOT NULL REFERENCES products (productid) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (userid, productid)
    )`.execute(db);
    await sql`CREATE INDEX price_alerts_product_idx ON price_alerts (productid, alertid)`.execute(db);
    await sql`CREATE INDEX products_seller_idx ON products (userid, productid DESC)`.execute(db);
  },
};
