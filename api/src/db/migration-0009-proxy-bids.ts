import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0009_proxy_bids (issue 25): every bid is a maximum. The item keeps its leader and the leader's
 * hidden maximum, and its effective end (`ends_at`, NULL until a late bid extends the listed
 * `end_time`); a history row says whether the server placed it for the bidder (`auto`). Items
 * bid on before keep their highest bidder as the leader, at a maximum equal to the price.
 */
export const proxyBidsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE auctions ADD COLUMN ends_at timestamptz`.execute(db);
    await sql`ALTER TABLE auctions ADD COLUMN leader integer REFERENCES users (userid)`.execute(db);
    await sql`ALTER TABLE auctions ADD COLUMN leader_max integer CHECK (leader_max > 0)`.execute(db);
    await sql`ALTER TABLE bids ADD COLUMN auto boolean NOT NULL DEFAULT false`.execute(db);
    await sql`UPDATE auctions SET leader = top.userid, leader_max = top.bid
      FROM (SELECT DISTINCT ON (auctionid) auctionid, userid, bid FROM bids ORDER BY auctionid, bid DESC, bidid) top
      WHERE top.auctionid = auctions.auctionid`.execute(db);
  },
};
