import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0003_auctions: auction items and their bids. The current bid lives on the item (`bid`) and
 * every accepted bid is a row of `bids`; a bid is one UPDATE of the item (row lock, checked
 * `bid < new bid`) plus one INSERT, in one transaction.
 */
export const auctionsMigration: Migration = {
  async up(db: Kysely<any>) {
    // One statement per query: PGlite's extended protocol takes one statement at a time.
    const statements = [
      `CREATE TABLE auctions (
        auctionid serial PRIMARY KEY,
        userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
        nickname text NOT NULL,
        productname text NOT NULL,
        category text NOT NULL CHECK (category IN ('Currancy', 'Painting', 'Sports Items')),
        description text NOT NULL,
        ageproduct text NOT NULL,
        startbid integer NOT NULL CHECK (startbid > 0),
        bid integer NOT NULL CHECK (bid > 0),
        highbid integer NOT NULL DEFAULT 0 CHECK (highbid >= 0),
        rangelowbid integer NOT NULL CHECK (rangelowbid >= 0),
        rangehighbid integer NOT NULL CHECK (rangehighbid > 0),
        photo_hashes jsonb NOT NULL CHECK (jsonb_typeof(photo_hashes) = 'array' AND jsonb_array_length(photo_hashes) >= 1),
        end_time timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        winner integer REFERENCES users (userid) ON DELETE SET NULL,
        approved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (bid >= startbid),
        CHECK (rangelowbid < startbid AND rangehighbid > startbid)
      )`,
      `CREATE INDEX auctions_userid_idx ON auctions (userid, auctionid DESC)`,
      `CREATE INDEX auctions_listing_idx ON auctions (status, end_time, created_at DESC)`,

      `CREATE TABLE bids (
        bidid bigserial PRIMARY KEY,
        auctionid integer NOT NULL REFERENCES auctions (auctionid) ON DELETE CASCADE,
        userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
        bid integer NOT NULL CHECK (bid > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX bids_auction_bid_idx ON bids (auctionid, bid DESC)`,
      `CREATE INDEX bids_userid_idx ON bids (userid, auctionid)`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
