import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0010_auction_close (issue 25): auctions that run themselves.
 * - An item may have a hidden reserve and a Buy It Now price; it ends `sold` or `unsold`
 *   (`outcome`, with `closed_at`) by itself at its effective end, by the owner's Approve or by
 *   Buy It Now. `ending_noticed_at`: the one-hour "ending soon" notices were queued.
 * - Shoppers watch items (`auction_watchers`).
 * - `notices` is the outbox of what a shopper is told (outbid, won, lost, sold, unsold, ending
 *   soon): written in the transaction of the change it tells of, unique per `dedupe_key`, so a
 *   notice is queued once however many processes see the event, and mailed from the table, so
 *   none is lost when a process dies after the commit. `notice_optouts`: kinds a shopper turned off.
 *   `notice_stream_tickets`: single-use tickets that open a shopper's live notices stream.
 */
export const auctionCloseMigration: Migration = {
  async up(db: Kysely<any>) {
    const statements = [
      `ALTER TABLE auctions ADD COLUMN reserve integer CHECK (reserve > 0)`,
      `ALTER TABLE auctions ADD COLUMN buynow integer CHECK (buynow > 0)`,
      `ALTER TABLE auctions ADD COLUMN outcome text CHECK (outcome IN ('sold', 'unsold'))`,
      `ALTER TABLE auctions ADD COLUMN closed_at timestamptz`,
      `ALTER TABLE auctions ADD COLUMN ending_noticed_at timestamptz`,
      `ALTER TABLE auctions ADD CONSTRAINT auctions_reserve_above_start CHECK (reserve IS NULL OR reserve >= startbid)`,
      `ALTER TABLE auctions ADD CONSTRAINT auctions_buynow_above_start CHECK (buynow IS NULL OR buynow > startbid)`,
      // Items approved before this wave are sold to their approved winner.
      `UPDATE auctions SET outcome = 'sold', closed_at = coalesce(approved_at, updated_at) WHERE status = 'closed'`,
      // The close sweep reads the open items by their effective end.
      `CREATE INDEX auctions_due_idx ON auctions ((coalesce(ends_at, end_time))) WHERE status = 'open'`,
      `CREATE INDEX bids_userid_bid_idx ON bids (userid, bidid DESC)`,

      `CREATE TABLE auction_watchers (
        userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
        auctionid integer NOT NULL REFERENCES auctions (auctionid) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (userid, auctionid)
      )`,
      `CREATE INDEX auction_watchers_item_idx ON auction_watchers (auctionid, userid)`,

      `CREATE TABLE notices (
        noticeid bigserial PRIMARY KEY,
        userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('outbid', 'won', 'lost', 'sold', 'unsold', 'ending')),
        auctionid integer REFERENCES auctions (auctionid) ON DELETE CASCADE,
        dedupe_key text NOT NULL UNIQUE,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        mail_state text NOT NULL DEFAULT 'pending' CHECK (mail_state IN ('pending', 'sent', 'skipped', 'failed')),
        mail_attempts integer NOT NULL DEFAULT 0,
        mail_claimed_until timestamptz,
        mailed_at timestamptz,
        seen_at timestamptz
      )`,
      `CREATE INDEX notices_user_idx ON notices (userid, noticeid DESC)`,
      `CREATE INDEX notices_mail_pending_idx ON notices (noticeid) WHERE mail_state = 'pending'`,

      `CREATE TABLE notice_optouts (
        userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('outbid', 'won', 'lost', 'sold', 'unsold', 'ending')),
        PRIMARY KEY (userid, kind)
      )`,

      // A browser's EventSource sends no header: the live notices stream is opened with a
      // short-lived, single-use ticket (deleted as it is used), never the login token in a URL.
      `CREATE TABLE notice_stream_tickets (
        ticket_hash text PRIMARY KEY,
        userid integer NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
        login_token_hash text NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX notice_stream_tickets_user_idx ON notice_stream_tickets (userid, expires_at)`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
