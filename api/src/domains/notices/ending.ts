import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Items claimed per transaction of the sweep. */
const ENDING_BATCH = 100;

/**
 * Queues the "ending soon" notices: for each open item whose effective end is within `windowMinutes`
 * (and not past) and whose notices were not queued yet, one 'ending' notice per watcher and per
 * distinct bidder (the owner is not told), then marks the item (`ending_noticed_at`), in one
 * transaction per batch of items claimed with FOR UPDATE SKIP LOCKED: sweeps running at once in
 * several processes take different items, and an item marked is never taken again. The notices
 * are written by one INSERT … SELECT in the database (never loaded here); the key
 * `ending:<auctionid>:<userid>` makes each once even so. Resolves with how many were queued.
 */
export async function sweepEndingSoon(db: Kysely<Database>, windowMinutes: number): Promise<number> {
  let queued = 0;
  for (;;) {
    const { items, inserted } = await db.transaction().execute(async (trx) => {
      const due = await sql<{ auctionid: number }>`
        SELECT auctionid FROM auctions
        WHERE status = 'open' AND ending_noticed_at IS NULL
          AND coalesce(ends_at, end_time) > now()
          AND coalesce(ends_at, end_time) <= now() + ${windowMinutes} * interval '1 minute'
        ORDER BY coalesce(ends_at, end_time)
        LIMIT ${ENDING_BATCH}
        FOR UPDATE SKIP LOCKED`.execute(trx);
      const ids = due.rows.map((r) => r.auctionid);
      if (!ids.length) return { items: 0, inserted: 0 };
      const result = await sql`
        INSERT INTO notices (userid, kind, auctionid, dedupe_key, data)
        SELECT told.userid, 'ending', a.auctionid, 'ending:' || a.auctionid || ':' || told.userid,
          jsonb_build_object(
            'productname', a.productname,
            'price', a.bid,
            'endsat', to_char(coalesce(a.ends_at, a.end_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        FROM auctions a
        JOIN (
          SELECT auctionid, userid FROM auction_watchers WHERE auctionid = ANY(${ids}::int[])
          UNION
          SELECT auctionid, userid FROM bids WHERE auctionid = ANY(${ids}::int[])
        ) told ON told.auctionid = a.auctionid
        WHERE a.auctionid = ANY(${ids}::int[]) AND told.userid <> a.userid
        ON CONFLICT (dedupe_key) DO NOTHING`.execute(trx);
      await trx
        .updateTable('auctions')
        .set({ ending_noticed_at: sql`now()` })
        .where('auctionid', 'in', ids)
        .execute();
      return { items: ids.length, inserted: Number(result.numAffectedRows ?? 0) };
    });
    queued += inserted;
    if (items < ENDING_BATCH) return queued;
  }
}
