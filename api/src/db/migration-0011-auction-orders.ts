import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0011_auction_orders (issue 25): the winner of an auction item gets an order.
 * - `orders.auctionid`: the item the order was won on, UNIQUE (one order per item, however many
 *   processes close it); NULL for a cart's order.
 * - `orders.paid_at`: when the winner chose the address and payment; while it is NULL an auction
 *   order is 'Awaiting payment' and the Processing → Shipped → Delivered clock has not started
 *   (it runs from `paid_at`, a cart's order from its `orderdate`).
 * - `payinfo` may be NULL while the winner has not chosen how to pay.
 */
export const auctionOrdersMigration: Migration = {
  async up(db: Kysely<any>) {
    const statements = [
      `ALTER TABLE orders ADD COLUMN auctionid integer REFERENCES auctions (auctionid) ON DELETE SET NULL`,
      `ALTER TABLE orders ADD CONSTRAINT orders_auctionid_key UNIQUE (auctionid)`,
      `ALTER TABLE orders ADD COLUMN paid_at timestamptz`,
      `ALTER TABLE orders ALTER COLUMN payinfo DROP NOT NULL`,
      `ALTER TABLE orders ADD CONSTRAINT orders_payinfo_chosen CHECK (payinfo IS NOT NULL OR (auctionid IS NOT NULL AND paid_at IS NULL))`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
