import { sql, type Kysely } from 'kysely';
import { AUCTION_MESSAGES, type AuctionItem, type Bid } from '@marketplace/shared/contract';
import { imageUrl } from '../../context';
import { executePrepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import { AUCTION_TEXTS, approvalRefusal, type BidTarget } from './rules';

/** Bids in the list replies of GET /getauction and in the reply to a bid (the item page gets every bid). */
const LIST_BIDS = 5;

export interface ItemRow {
  auctionid: number;
  userid: number;
  nickname: string;
  productname: string;
  category: AuctionItem['category'];
  description: string;
  ageproduct: string;
  startbid: number;
  bid: number;
  highbid: number;
  rangelowbid: number;
  rangehighbid: number;
  photo_hashes: string[];
  end_time: Date;
  winner: number | null;
  live: boolean;
  bidcount: number;
}

export interface BidRow {
  auctionid: number;
  bid: number;
  nickname: string;
  created_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();

const LIVE = sql<boolean>`(auctions.status = 'open' AND auctions.end_time > now())`;

function itemQuery(db: Kysely<Database>) {
  return db
    .selectFrom('auctions')
    .select([
      'auctions.auctionid',
      'auctions.userid',
      'auctions.nickname',
      'auctions.productname',
      'auctions.category',
      'auctions.description',
      'auctions.ageproduct',
      'auctions.startbid',
      'auctions.bid',
      'auctions.highbid',
      'auctions.rangelowbid',
      'auctions.rangehighbid',
      'auctions.photo_hashes',
      'auctions.end_time',
      'auctions.winner',
      LIVE.as('live'),
      'auctions.bidcount',
    ]);
}

export function toItem(row: ItemRow, bids: BidRow[], base: string): AuctionItem {
  const photos = row.photo_hashes.map((h) => imageUrl(base, h));
  return {
    auctionid: row.auctionid,
    productid: row.auctionid,
    productname: row.productname,
    category: row.category,
    description: row.description,
    photo: photos[0],
    photos,
    bid: row.bid,
    startbid: row.startbid,
    highbid: row.highbid,
    rangelowbid: row.rangelowbid,
    rangehighbid: row.rangehighbid,
    ageproduct: row.ageproduct,
    time: iso(row.end_time),
    username: row.nickname,
    ownerid: row.userid,
    status: row.live ? 'open' : 'closed',
    winner: row.winner,
    bidcount: row.bidcount,
    bids: bids.map((b): Bid => ({ bid: b.bid, nickname: b.nickname, at: iso(b.created_at) })),
  };
}

/** One item with its whole bid history (newest first), or undefined. */
export async function loadAuctionItem(db: Kysely<Database>, auctionid: number, base: string): Promise<AuctionItem | undefined> {
  const row = await itemQuery(db).where('auctions.auctionid', '=', auctionid).executeTakeFirst();
  if (!row) return undefined;
  const bids = await db
    .selectFrom('bids')
    .innerJoin('users', 'users.userid', 'bids.userid')
    .select(['bids.auctionid', 'bids.bid', 'users.firstname as nickname', 'bids.created_at'])
    .where('bids.auctionid', '=', auctionid)
    .orderBy('bids.bid', 'desc')
    .execute();
  return toItem(row, bids, base);
}

export async function auctionExists(db: Kysely<Database>, auctionid: number): Promise<boolean> {
  return Boolean(await db.selectFrom('auctions').select('auctionid').where('auctionid', '=', auctionid).executeTakeFirst());
}

/** A listing position: the part (0: running items, 1: ended ones) and the last item shown. */
export type ListingKey = readonly [part: number, auctionid: number];

/**
 * A page of the listing: running items newest first, then ended ones newest first (keyset on
 * the part and auctionid; items listed while a client walks the pages come before its cursor).
 * An item that ends between two page reads can show up again among the ended ones.
 */
export async function loadAuctionPage(db: Kysely<Database>, base: string, limit: number, after?: ListingKey): Promise<{ items: AuctionItem[]; next: string | null }> {
  const part = (live: boolean, need: number, before?: number) => {
    let query = itemQuery(db).where(live ? LIVE : sql<boolean>`NOT ${LIVE}`);
    if (before !== undefined) query = query.where('auctions.auctionid', '<', before);
    return query.orderBy('auctions.auctionid', 'desc').limit(need).execute();
  };
  const rows = !after || after[0] === 0 ? await part(true, limit + 1, after?.[1]) : [];
  if (rows.length <= limit) rows.push(...(await part(false, limit + 1 - rows.length, after?.[0] === 1 ? after[1] : undefined)));
  const page = pageOf(rows, limit, (r) => [r.live ? 0 : 1, r.auctionid]);
  return { items: await withRecentBids(db, page.rows, base), next: page.next };
}

/** The items with their LIST_BIDS highest bids each (one query for the page). */
async function withRecentBids(db: Kysely<Database>, rows: ItemRow[], base: string): Promise<AuctionItem[]> {
  if (!rows.length) return [];
  const ranked = db
    .selectFrom('bids')
    .innerJoin('users', 'users.userid', 'bids.userid')
    .select([
      'bids.auctionid',
      'bids.bid',
      'users.firstname as nickname',
      'bids.created_at',
      sql<number>`row_number() OVER (PARTITION BY bids.auctionid ORDER BY bids.bid DESC)`.as('rn'),
    ])
    .where(
      'bids.auctionid',
      'in',
      rows.map((r) => r.auctionid),
    )
    .as('ranked');
  const recent = await db
    .selectFrom(ranked)
    .select(['ranked.auctionid', 'ranked.bid', 'ranked.nickname', 'ranked.created_at'])
    .where('ranked.rn', '<=', LIST_BIDS)
    .orderBy('ranked.auctionid')
    .orderBy('ranked.bid', 'desc')
    .execute();
  const byAuction = new Map<number, BidRow[]>();
  for (const b of recent) {
    const list = byAuction.get(b.auctionid) ?? [];
    list.push(b);
    byAuction.set(b.auctionid, list);
  }
  return rows.map((r) => toItem(r, byAuction.get(r.auctionid) ?? [], base));
}

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
  const stored = await db.selectFrom('images').select('hash').where('hash', 'in', hashes).where('mime', '=', 'image/png').execute();
  if (stored.length !== hashes.length) throw badRequest(AUCTION_MESSAGES.unknownPhoto);
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
export async function placeBid(db: Kysely<Database>, auctionid: number, userid: number, amount: number): Promise<AcceptedBid | undefined> {
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

/** A seller's bidders position: the item, the bidder's highest bid and the bidder. */
export type BidderKey = readonly [auctionid: number, highest: number, userid: number];

/**
 * The bidders on a seller's items, one row per (item, bidder) with the bidder's highest bid:
 * newest item first, its highest bidders first (keyset on the item, the bidder's highest bid and
 * the bidder). A bidder who raises their bid while the seller pages can move up.
 */
export async function biddersPage(db: Kysely<Database>, seller: number, limit: number, after?: BidderKey) {
  const found = await db
    .selectFrom('auctions')
    .innerJoin('bids', 'bids.auctionid', 'auctions.auctionid')
    .innerJoin('users', 'users.userid', 'bids.userid')
    .select((eb) => [
      'users.firstname',
      'users.lastname',
      'users.email',
      'users.userid',
      'auctions.auctionid',
      'auctions.productname',
      'auctions.winner',
      'auctions.approved_at',
      eb.fn.max('bids.bid').as('cartdata'),
    ])
    .where('auctions.userid', '=', seller)
    .$if(after !== undefined, (q) => q.where('auctions.auctionid', '<=', after![0]))
    .groupBy(['auctions.auctionid', 'users.userid'])
    .$if(after !== undefined, (q) =>
      q.having(sql<boolean>`(-auctions.auctionid, -max(bids.bid), users.userid) > (${-after![0]}, ${-after![1]}, ${after![2]})`),
    )
    .orderBy('auctions.auctionid', 'desc')
    .orderBy(sql`max(bids.bid) DESC`)
    .orderBy('users.userid')
    .limit(limit + 1)
    .execute();
  return pageOf(found, limit, (r) => [r.auctionid, Number(r.cartdata), r.userid]);
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
