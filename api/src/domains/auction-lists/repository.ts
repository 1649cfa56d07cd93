import { sql, type Kysely } from 'kysely';
import { WATCH_MESSAGES } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import { ENDS_AT } from '../auctions/repository';

// The caller's own auction lists: the watch list (auction_watchers, migration 0010), the items
// they bid on and the items they sell. Every read is one bounded page, keyset-paged.

/** The columns a list row of an item needs (its state comes from rules.ts). */
const ITEM_COLUMNS = [
  'auctions.auctionid',
  'auctions.productname',
  'auctions.photo_hashes',
  'auctions.status',
  'auctions.outcome',
  'auctions.winner',
  'auctions.leader',
  'auctions.leader_max',
  'auctions.reserve',
  'auctions.bid',
  'auctions.bidcount',
] as const;

/** When the item closed: closed_at, or the approval of an item closed before the column was there. */
const CLOSED_AT = sql<Date | null>`CASE WHEN auctions.status = 'closed' THEN coalesce(auctions.closed_at, auctions.approved_at, auctions.updated_at) END`;

async function watchCount(db: Kysely<Database>, userid: number): Promise<number> {
  const row = await db
    .selectFrom('auction_watchers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userid', '=', userid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The item's owner, or 404. */
async function ownerOf(db: Kysely<Database>, auctionid: number): Promise<number> {
  const item = await db.selectFrom('auctions').select('userid').where('auctionid', '=', auctionid).executeTakeFirst();
  if (!item) throw notFound(WATCH_MESSAGES.notFound);
  return item.userid;
}

/**
 * Watches an item (idempotent): 404 unknown, 403 the caller's own, 409 when the caller already
 * watches `cap` items. The caller's user row is locked (FOR NO KEY UPDATE: other rows' foreign keys
 * to it are not held up) so that two watches sent at once cannot pass the cap together.
 */
export function watchItem(
  db: Kysely<Database>,
  userid: number,
  auctionid: number,
  cap: number,
): Promise<{ added: boolean; count: number }> {
  return db.transaction().execute(async (trx) => {
    if ((await ownerOf(trx, auctionid)) === userid) throw forbidden(WATCH_MESSAGES.ownItem);
    await trx.selectFrom('users').select('userid').where('userid', '=', userid).forNoKeyUpdate().execute();
    const there = await trx
      .selectFrom('auction_watchers')
      .select('auctionid')
      .where('userid', '=', userid)
      .where('auctionid', '=', auctionid)
      .executeTakeFirst();
    const count = await watchCount(trx, userid);
    if (there) return { added: false, count };
    if (count >= cap) throw conflict(WATCH_MESSAGES.full);
    await trx.insertInto('auction_watchers').values({ userid, auctionid }).execute();
    return { added: true, count: count + 1 };
  });
}

/** Stops watching an item (idempotent); 404 for an unknown item. Resolves how many items the caller still watches. */
export async function unwatchItem(db: Kysely<Database>, userid: number, auctionid: number): Promise<number> {
  await ownerOf(db, auctionid);
  await db.deleteFrom('auction_watchers').where('userid', '=', userid).where('auctionid', '=', auctionid).execute();
  return watchCount(db, userid);
}

/** Which of `ids` the caller watches (one primary-key probe per id, at most WATCH_QUERY_MAX). */
export async function watchedAmong(db: Kysely<Database>, userid: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('auction_watchers')
    .select('auctionid')
    .where('userid', '=', userid)
    .where('auctionid', 'in', ids)
    .orderBy('auctionid')
    .execute();
  return rows.map((r) => r.auctionid);
}

/** A watch list position: when the item was watched (microseconds since 1970, as text) and the item. */
export type WatchKey = readonly [watchedMicros: string, auctionid: number];

const MICROS = sql<string>`(extract(epoch FROM auction_watchers.created_at) * 1000000)::bigint::text`;

/** A page of the caller's watch list, the latest watched first (keyset on the watch's time and the item). */
export async function watchingPage(db: Kysely<Database>, userid: number, limit: number, after?: WatchKey) {
  const rows = await db
    .selectFrom('auction_watchers')
    .innerJoin('auctions', 'auctions.auctionid', 'auction_watchers.auctionid')
    .select([
      ...ITEM_COLUMNS,
      'auctions.category',
      'auctions.rangelowbid',
      'auctions.rangehighbid',
      ENDS_AT.as('endsat'),
      sql<boolean>`(auctions.status = 'open' AND ${ENDS_AT} > now())`.as('live'),
      'auction_watchers.created_at as watchedat',
      MICROS.as('watched_micros'),
    ])
    .where('auction_watchers.userid', '=', userid)
    .$if(after !== undefined, (q) =>
      q.where(
        sql<boolean>`(auction_watchers.created_at, auction_watchers.auctionid) < (timestamptz 'epoch' + ${after![0]}::bigint * interval '1 microsecond', ${after![1]})`,
      ),
    )
    .orderBy('auction_watchers.created_at', 'desc')
    .orderBy('auction_watchers.auctionid', 'desc')
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, (r) => [r.watched_micros, r.auctionid]);
}

/**
 * A page of the items the caller bid on, one row each, the item of their latest bid first (keyset
 * on that bid). The caller's bids are found through bids_userid_bid_idx; an item they bid on again
 * while they page moves to the top and is not on a later page.
 */
export async function myBidsPage(db: Kysely<Database>, userid: number, limit: number, before?: number) {
  const mine = db
    .selectFrom('bids')
    .select((eb) => ['bids.auctionid', eb.fn.max('bids.bidid').as('last'), eb.fn.max('bids.bid').as('yourbid')])
    .where('bids.userid', '=', userid)
    .groupBy('bids.auctionid')
    .$if(before !== undefined, (q) => q.having((eb) => eb.fn.max('bids.bidid'), '<', before!))
    .orderBy('last', 'desc')
    .limit(limit + 1)
    .as('mine');
  const rows = await db
    .selectFrom(mine)
    .innerJoin('auctions', 'auctions.auctionid', 'mine.auctionid')
    .select([...ITEM_COLUMNS, 'mine.last', 'mine.yourbid', ENDS_AT.as('endsat'), CLOSED_AT.as('closedat')])
    .orderBy('mine.last', 'desc')
    .execute();
  return pageOf(rows, limit, (r) => [Number(r.last)]);
}

/** A page of the caller's own items, newest first (keyset on the item; auctions_userid_idx), with the leader's (or buyer's) first name. */
export async function sellingPage(db: Kysely<Database>, userid: number, limit: number, before?: number) {
  const rows = await db
    .selectFrom('auctions')
    .leftJoin('users as person', (join) =>
      join.on(
        sql<boolean>`person.userid = CASE WHEN auctions.status = 'closed' THEN auctions.winner ELSE auctions.leader END`,
      ),
    )
    .select([...ITEM_COLUMNS, 'person.firstname as leadername', ENDS_AT.as('endsat'), CLOSED_AT.as('closedat')])
    .where('auctions.userid', '=', userid)
    .$if(before !== undefined, (q) => q.where('auctions.auctionid', '<', before!))
    .orderBy('auctions.auctionid', 'desc')
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, (r) => [r.auctionid]);
}
