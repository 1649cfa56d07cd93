import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

const KINDS_BEFORE = `'outbid', 'won', 'lost', 'sold', 'unsold', 'ending'`;
const KINDS = `${KINDS_BEFORE}, 'shipped', 'delivered', 'neworder', 'ordercancelled'`;

/**
 * 0015_shipments (issue 26): an order's lines split by who ships them.
 *
 * - products.fulfilled_by: 'marketplace' (the demo catalogue: the marketplace ships on the order
 *   clock) or 'seller' (what shoppers list: they ship it). Products listed before this migration
 *   keep the clock they had ('marketplace'); new rows default to 'seller'.
 * - shipments: one per (order, who ships). `status` NULL = follows the order clock (marketplace
 *   only); a seller's shipment always has one, moved by its seller (Processing → Shipped →
 *   Delivered) or the buyer's cancel. `sellerid` is NULL for the marketplace's (and once a seller's
 *   account is gone: only the operator's command moves it then).
 * - order_lines.shipmentid: the shipment a line travels in. Every existing order becomes one
 *   marketplace shipment with the order's explicit status, so nothing it showed changes.
 * - orders.status and status_set_at move to the shipments (the order's status is derived from them).
 * - notices: four shipping kinds.
 */
export const shipmentsMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const statement of [
      sql`ALTER TABLE products ADD COLUMN fulfilled_by text NOT NULL DEFAULT 'marketplace'
        CONSTRAINT products_fulfilled_by_check CHECK (fulfilled_by IN ('marketplace', 'seller'))`,
      sql`ALTER TABLE products ALTER COLUMN fulfilled_by SET DEFAULT 'seller'`,
      sql`CREATE TABLE shipments (
        shipmentid serial PRIMARY KEY,
        orderid integer NOT NULL REFERENCES orders (orderid) ON DELETE CASCADE,
        fulfilled_by text NOT NULL CHECK (fulfilled_by IN ('marketplace', 'seller')),
        sellerid integer REFERENCES users (userid) ON DELETE SET NULL,
        status text CHECK (status IN ('Awaiting payment', 'Processing', 'Shipped', 'Delivered', 'Cancelled')),
        courier text CHECK (length(courier) <= 60),
        tracking text CHECK (length(tracking) <= 40),
        shipped_at timestamptz,
        delivered_at timestamptz,
        cancelled_at timestamptz,
        CONSTRAINT shipments_seller_has_status CHECK (fulfilled_by = 'marketplace' OR status IS NOT NULL)
      )`,
      sql`CREATE INDEX shipments_order_idx ON shipments (orderid)`,
      sql`CREATE INDEX shipments_seller_idx ON shipments (sellerid, shipmentid DESC) WHERE sellerid IS NOT NULL`,
      sql`CREATE INDEX shipments_seller_status_idx ON shipments (sellerid, status, shipmentid DESC) WHERE sellerid IS NOT NULL`,
      sql`INSERT INTO shipments (orderid, fulfilled_by, status, cancelled_at)
        SELECT orderid, 'marketplace', status, cancelled_at FROM orders ORDER BY orderid`,
      sql`ALTER TABLE order_lines ADD COLUMN shipmentid integer REFERENCES shipments (shipmentid) ON DELETE CASCADE`,
      sql`UPDATE order_lines l SET shipmentid = s.shipmentid FROM shipments s WHERE s.orderid = l.orderid`,
      sql`ALTER TABLE order_lines ALTER COLUMN shipmentid SET NOT NULL`,
      sql`ALTER TABLE orders DROP COLUMN status, DROP COLUMN status_set_at`,
      sql`ALTER TABLE notices DROP CONSTRAINT notices_kind_check`,
      sql.raw(`ALTER TABLE notices ADD CONSTRAINT notices_kind_check CHECK (kind IN (${KINDS}))`),
      sql`ALTER TABLE notice_optouts DROP CONSTRAINT notice_optouts_kind_check`,
      sql.raw(`ALTER TABLE notice_optouts ADD CONSTRAINT notice_optouts_kind_check CHECK (kind IN (${KINDS}))`),
    ])
      await statement.execute(db);
  },
};
