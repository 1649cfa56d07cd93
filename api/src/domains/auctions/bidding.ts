import { sql, type Kysely } from 'kysely';
import { AUCTION_MESSAGES, type AuctionItem } from '@marketplace/contract';
import { executePrepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { areStoredPngs } from '../uploads/repository';
import { LIST_BIDS, type BidRow, type ItemRow } from './repository';
import { AUCTION_TEXTS, approvalRefusal, type BidTarget } from './rules';

// The auction's writes (an item put up, a bid, the owner's approval) and what they read first;
// repository.ts holds the reads the pages show.

const PHOTO_URL_RE = /^(?:https?:\/\/[^/?#\s]+)?\/images\/([0-9a-f]{64})\.png$/i;

/** Content hashes of photo URLs `<any origin>/images/<sha256>.png` that this API stored; 400 otherwise. */
export async function storedPhotoHashes(db: Kysely<Database>, urls: string[]): Promise<string[]> {
  if (!urls.length) throw badRequest(AUCTION_MESSAGES.photos);
  const hashes: string[] = [];
  for (const url of urls) {
    const m = PHOTO_URL_RE.exec(url.trim());
    if (!m) throw badRequest(AUCTION_MESSAGES.unknownPhoto);
    const hash = m[1].toLowerCase();
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  if (!(await areStoredPngs(db, hashes))) throw badRequest(AUCTION_MESSAGES.unknownPhoto);
  return hashes;
}

export interface NewAuction {
  userid: number;
  nickname: string;
  productname: string;
  category: AuctionItem['category'];
  description: string;
  ageproduct: string;
  bid: number;
  low: number;
  high: number;
  end: Date;
  photoHashes: string[];
}

export async function insertAuction(db: Kysely<Database>, a: NewAuction): Promise<number> {
  const row = await db
    .insertInto('auctions')
    .values({
      userid: a.userid,
      nickname: a.nickname,
      productname: a.productname,
      category: a.category,
      description: a.description,
      ageproduct: a.ageproduct,
      startbid: a.bid,
      bid: a.bid,
      rangelowbid: a.low,
      rangehighbid: a.high,
      photo_hashes: JSON.stringify(a.photoHashes),
      end_time: a.end,
    })
    .returning('auctionid')
    .executeTakeFirstOrThrow();
  return row.auctionid;
}

/** An accepted bid: the item as updated, when the bid was accepted and the item's other newest bids. */
export type AcceptedBid = ItemRow & { bid_at: Date; earlier_bids: BidRow[] };

/**
 * A bid: one UPDATE that only matches an open, running item of someone else whose current bid
 * is lower (its row lock orders concurrent bids) and the bid row, in one statement (one round
 * trip, atomic), with the reply: the item as updated with its newest LIST_BIDS bids, bounded so
 * a bid costs the same on an item with ten thousand (the page merges them into its history and
 * follows the event stream). The statement sees the bids as they were: the new, highest one is
 * not among `earlier_bids`. clock_timestamp(), not now(): the moment the bid was accepted, after
 * the lock. Undefined: not accepted (see bidTarget for why).
 */
export async function placeBid(
  db: Kysely<Database>,
  auctionid: number,
  userid: number,
  amount: number,
): Promise<AcceptedBid | undefined> {
  const result = await executePrepared(
    db,
    sql<AcceptedBid>`
    WITH raised AS (
      UPDATE auctions SET bid = ${amount}, highbid = ${amount}, bidcount = bidcount + 1, updated_at = now()
      WHERE auctionid = ${auctionid} AND bid < ${amount} AND status = 'open' AND end_time > now() AND userid <> ${userid}
      RETURNING *, (status = 'open' AND end_time > now()) AS live
    ), placed AS (
      INSERT INTO bids (auctionid, userid, bid, created_at)
      SELECT auctionid, ${userid}, ${amount}, clock_timestamp() FROM raised
      RETURNING created_at AS bid_at
    )
    SELECT raised.*, placed.bid_at,
      (SELECT coalesce(json_agg(earlier), '[]') FROM (
        SELECT bids.auctionid, bids.bid, users.firstname AS nickname, bids.created_at
        FROM bids JOIN users ON users.userid = bids.userid
        WHERE bids.auctionid = raised.auctionid ORDER BY bids.bid DESC LIMIT ${LIST_BIDS - 1}) earlier) AS earlier_bids
    FROM raised, placed`,
  );
  return result.rows[0];
}

/** The item as a refused bid finds it (for rules.bidRefusal), or undefined. */
export function bidTarget(db: Kysely<Database>, auctionid: number): Promise<BidTarget | undefined> {
  return db
    .selectFrom('auctions')
    .select(['userid', 'status', 'bid', sql<boolean>`end_time > now()`.as('running')])
    .where('auctionid', '=', auctionid)
    .executeTakeFirst();
}

/**
 * The owner approves one of the item's bidders: closes the auction and records the winner at
 * their highest bid (answered), in one transaction holding the item's row lock.
 */
export function approveBidder(db: Kysely<Database>, auctionid: number, owner: number, winner: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .selectFrom('auctions')
      .select(['userid', 'status'])
      .where('auctionid', '=', auctionid)
      .forUpdate()
      .executeTakeFirst();
    const refusal = approvalRefusal(item, owner);
    if (refusal) throw refusal;
    const best = await trx
      .selectFrom('bids')
      .select((eb) => eb.fn.max('bid').as('bid'))
      .where('auctionid', '=', auctionid)
      .where('userid', '=', winner)
      .executeTakeFirst();
    if (best?.bid === null || best?.bid === undefined) throw badRequest(AUCTION_TEXTS.neverBid);
    const highbid = Number(best.bid);
    await trx
      .updateTable('auctions')
      .set({ status: 'closed', winner, highbid, approved_at: sql`now()`, updated_at: sql`now()` })
      .where('auctionid', '=', auctionid)
      .execute();
    return highbid;
  });
}
