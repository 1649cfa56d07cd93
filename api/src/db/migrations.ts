import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import { shopMigration } from './migration-0002-shop';
import { auctionsMigration } from './migration-0003-auctions';
import { sessionNotifyMigration } from './migration-0004-session-notify';
import { auctionBidcountMigration } from './migration-0005-auction-bidcount';
import { orderTotalsMigration } from './migration-0006-order-totals';
import { listIndexesMigration } from './migration-0007-list-indexes';
import { wishlistAlertsMigration } from './migration-0008-wishlist-alerts';
import { proxyBidsMigration } from './migration-0009-proxy-bids';
import { auctionCloseMigration } from './migration-0010-auction-close';
import { auctionOrdersMigration } from './migration-0011-auction-orders';
import { placeBidFunctionMigration } from './migration-0013-place-bid-function';
import { stockMigration } from './migration-0014-stock';
import { shipmentsMigration } from './migration-0015-shipments';
import { imageVariantsMigration } from './migration-0016-image-variants';
import { outbidMailWindowMigration } from './migration-0017-outbid-mail-window';
import { outbidNoticeHeldMigration } from './migration-0018-outbid-notice-held';
import { placeBidsBatchMigration } from './migration-0019-place-bids-batch';

/**
 * Versioned migrations, in code (run in name order, each in a transaction).
 * Never edit a released migration: add a new one.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<any>) {
      // One statement per query: PGlite's extended protocol takes one statement at a time.
      for (const statement of splitStatements(`
        CREATE TABLE settings (
          key text PRIMARY KEY,
          value text NOT NULL
        );

        CREATE TABLE users (
          userid serial PRIMARY KEY,
          firstname text NOT NULL,
          lastname text NOT NULL,
          email text NOT NULL,
          phonenum text NOT NULL,
          createdate text NOT NULL,
          gender text NOT NULL,
          address jsonb NOT NULL DEFAULT '[]'::jsonb,
          password_hash text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

        CREATE TABLE login_tokens (
          token_hash text PRIMARY KEY,
          userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
          created_at timestamptz NOT NULL DEFAULT now(),
          expires_at timestamptz NOT NULL,
          revoked_at timestamptz
        );
        CREATE INDEX login_tokens_userid_idx ON login_tokens (userid);

        CREATE TABLE password_resets (
          resetid serial PRIMARY KEY,
          token_hash text NOT NULL UNIQUE,
          email text NOT NULL,
          userid integer REFERENCES users (userid) ON DELETE CASCADE,
          otp_hash text NOT NULL,
          otp_expires_at timestamptz NOT NULL,
          expires_at timestamptz NOT NULL,
          failed_attempts integer NOT NULL DEFAULT 0,
          verified_at timestamptz,
          used_at timestamptz,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX password_resets_userid_idx ON password_resets (userid);

        CREATE TABLE password_proofs (
          token_hash text PRIMARY KEY,
          userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
          expires_at timestamptz NOT NULL,
          used_at timestamptz
        );

        CREATE TABLE rate_limits (
          key text PRIMARY KEY,
          window_start timestamptz NOT NULL,
          hits integer NOT NULL
        );

        CREATE TABLE images (
          hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
          content bytea NOT NULL,
          mime text NOT NULL,
          bytes integer NOT NULL,
          width integer,
          height integer,
          created_at timestamptz NOT NULL DEFAULT now()
        );

        CREATE TABLE products (
          productid serial PRIMARY KEY,
          productname text NOT NULL,
          title text NOT NULL,
          description text NOT NULL,
          price numeric(12, 2) NOT NULL CHECK (price >= 0),
          rating numeric(2, 1) NOT NULL CHECK (rating > 0 AND rating <= 5),
          photo_hash text NOT NULL REFERENCES images (hash),
          location text NOT NULL DEFAULT '',
          userid integer NOT NULL REFERENCES users (userid),
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX products_userid_idx ON products (userid);
        CREATE INDEX products_title_lower_idx ON products (lower(title));

        CREATE TABLE cart_items (
          cartid serial PRIMARY KEY,
          userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
          productid integer NOT NULL REFERENCES products (productid) ON DELETE CASCADE,
          quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
          created_at timestamptz NOT NULL DEFAULT now(),
          UNIQUE (userid, productid)
        );

        CREATE TABLE coupons (
          couponid serial PRIMARY KEY,
          name text NOT NULL,
          discount numeric(12, 2) NOT NULL CHECK (discount > 0),
          expires_at timestamptz NOT NULL,
          uses_left integer NOT NULL CHECK (uses_left >= 0),
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNIQUE INDEX coupons_name_lower_key ON coupons (lower(name));

        CREATE TABLE contact_messages (
          contactid serial PRIMARY KEY,
          email text NOT NULL,
          name text NOT NULL,
          subject text NOT NULL,
          msg text NOT NULL DEFAULT '',
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNIQUE INDEX contact_messages_dedupe_key
          ON contact_messages (lower(email), md5(subject), md5(msg));
      `)) {
        await sql.raw(statement).execute(db);
      }

      // Product search index: trigram GIN when pg_trgm can be installed (PGlite loads it as an
      // extension; PostgreSQL servers ship it in contrib), else a plain lower() index.
      const available = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
      let trigram = false;
      if (available.rows[0]?.n) {
        await sql`SAVEPOINT trgm`.execute(db);
        try {
          await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
          await sql`RELEASE SAVEPOINT trgm`.execute(db);
          trigram = true;
        } catch {
          await sql`ROLLBACK TO SAVEPOINT trgm`.execute(db);
        }
      }
      if (trigram) {
        await sql`CREATE INDEX products_search_trgm_idx ON products
          USING gin ((lower(productname || ' ' || title || ' ' || description)) gin_trgm_ops)`.execute(db);
      } else {
        await sql`CREATE INDEX products_search_lower_idx ON products
          ((lower(productname || ' ' || title || ' ' || description)) text_pattern_ops)`.execute(db);
      }
    },
  },
  '0002_shop': shopMigration,
  '0003_auctions': auctionsMigration,
  '0004_session_notify': sessionNotifyMigration,
  '0005_auction_bidcount': auctionBidcountMigration,
  '0006_order_totals': orderTotalsMigration,
  '0007_list_indexes': listIndexesMigration,
  '0008_wishlist_alerts': wishlistAlertsMigration,
  '0009_proxy_bids': proxyBidsMigration,
  '0010_auction_close': auctionCloseMigration,
  '0011_auction_orders': auctionOrdersMigration,
  '0013_place_bid_function': placeBidFunctionMigration,
  '0014_stock': stockMigration,
  '0015_shipments': shipmentsMigration,
  '0016_image_variants': imageVariantsMigration,
  '0017_outbid_mail_window': outbidMailWindowMigration,
  '0018_outbid_notice_held': outbidNoticeHeldMigration,
  '0019_place_bids_batch': placeBidsBatchMigration,
};

/** The migrations this code knows, in order (GET /readyz checks the database holds each). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

function splitStatements(script: string): string[] {
  return script
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

class CodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new CodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
