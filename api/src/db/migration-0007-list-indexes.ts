import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0007_list_indexes: what the bounded lists read. TOP TRENDING reads the last week's orders and
 * cart adds (by time, not the whole tables); the auction listing walks the open items newest
 * first (a partial index: ended items are walked on the primary key).
 */
export const listIndexesMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE INDEX orders_created_idx ON orders (created_at)`.execute(db);
    await sql`CREATE INDEX cart_items_created_idx ON cart_items (created_at)`.execute(db);
    await sql`CREATE INDEX auctions_open_idx ON auctions (auctionid DESC) WHERE status = 'open'`.execute(db);
  },
};
