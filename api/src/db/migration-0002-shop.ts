import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0002_shop: orders and their lines (idempotent checkout), reviews, all photos of a product,
 * who uploaded an image, and a price index for the listing's min/max filter.
 */
export const shopMigration: Migration = {
  async up(db: Kysely<any>) {
    // One statement per query: PGlite's extended protocol takes one statement at a time.
    const statements = [
      `ALTER TABLE products ADD COLUMN photo_hashes jsonb NOT NULL DEFAULT '[]'::jsonb`,
      `UPDATE products SET photo_hashes = jsonb_build_array(photo_hash)`,
      `CREATE INDEX products_price_idx ON products (price)`,
      `CREATE INDEX products_created_idx ON products (created_at DESC)`,

      `ALTER TABLE images ADD COLUMN uploaded_by integer REFERENCES users (userid) ON DELETE SET NULL`,

      `CREATE TABLE orders (
        orderid serial PRIMARY KEY,
        userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
        orderdate timestamptz NOT NULL DEFAULT now(),
        billname text NOT NULL,
        billaddress text NOT NULL,
        ordernote text NOT NULL DEFAULT '',
        payinfo text NOT NULL CHECK (payinfo IN ('cod', 'paywithcard', 'paypal')),
        items_total numeric(12, 2) NOT NULL CHECK (items_total >= 0),
        discount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
        billamount numeric(12, 2) NOT NULL CHECK (billamount >= 0),
        billtax numeric(12, 2) NOT NULL CHECK (billtax >= 0),
        couponname text,
        status text CHECK (status IN ('Processing', 'Shipped', 'Delivered', 'Cancelled')),
        status_set_at timestamptz,
        cancelled_at timestamptz,
        idempotency_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT orders_idempotency_key UNIQUE (userid, idempotency_key)
      )`,
      `COMMENT ON COLUMN orders.status IS 'Explicit status (operator command or cancel); NULL = follows the clock from orderdate'`,
      `CREATE INDEX orders_userid_idx ON orders (userid, orderid DESC)`,

      `CREATE TABLE order_lines (
        orderid integer NOT NULL REFERENCES orders (orderid) ON DELETE CASCADE,
        lineno integer NOT NULL,
        productid integer REFERENCES products (productid) ON DELETE SET NULL,
        productname text NOT NULL,
        price numeric(12, 2) NOT NULL CHECK (price >= 0),
        quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
        PRIMARY KEY (orderid, lineno)
      )`,

      `CREATE TABLE reviews (
        reviewid serial PRIMARY KEY,
        userid integer REFERENCES users (userid) ON DELETE SET NULL,
        review_date text NOT NULL,
        name text NOT NULL,
        title text NOT NULL,
        keywords text NOT NULL,
        description text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
