import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0005_auction_bidcount: the number of bids is kept on the item, raised by the bid statement
 * itself, so an item's reply no longer counts its whole history (which grows with every bid).
 */
export const auctionBidcountMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE auctions ADD COLUMN bidcount integer NOT NULL DEFAULT 0 CHECK (bidcount >= 0)`.execute(db);
    await sql`UPDATE auctions SET bidcount = (SELECT count(*) FROM bids WHERE bids.auctionid = auctions.auctionid)`.execute(
      db,
    );
  },
};
