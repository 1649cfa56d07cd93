import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0017_outbid_mail_window (issue 25): an outbid mail waits a quiet window and is not sent when,
 * by then, it no longer tells anything (the bidder leads again, a newer outbid mail of theirs for
 * the item is queued, or the item closed and its own mail tells the end). Such a notice is marked
 * 'superseded': told live, never mailed.
 */
export const outbidMailWindowMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE notices DROP CONSTRAINT notices_mail_state_check`.execute(db);
    await sql`ALTER TABLE notices ADD CONSTRAINT notices_mail_state_check
      CHECK (mail_state IN ('pending', 'sent', 'skipped', 'failed', 'superseded'))`.execute(db);
  },
};
