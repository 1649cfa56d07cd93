import type { Kysely, Transaction } from 'kysely';
import type { Database, NoticeKind } from '../../db/schema';

/** A notice to queue: who is told what, about which item; `dedupeKey` makes it once only. */
export interface NewNotice {
  userid: number;
  kind: NoticeKind;
  auctionid: number | null;
  /** Unique per event told, e.g. `won:<auctionid>` or `outbid:<auctionid>:<bidid>`. */
  dedupeKey: string;
  data?: Record<string, unknown>;
}

/**
 * Queues notices inside the caller's transaction (the change they tell of commits with them, or
 * neither does). A notice whose key is already queued is dropped: two processes seeing the same
 * event queue it once. Mail and live delivery read the table after the commit.
 */
export async function queueNotices(trx: Transaction<Database> | Kysely<Database>, notices: NewNotice[]): Promise<void> {
  if (!notices.length) return;
  await trx
    .insertInto('notices')
    .values(
      notices.map((n) => ({
        userid: n.userid,
        kind: n.kind,
        auctionid: n.auctionid,
        dedupe_key: n.dedupeKey,
        data: JSON.stringify(n.data ?? {}),
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}
