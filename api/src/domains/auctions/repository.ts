import { sql, type Kysely } from 'kysely';
import type { AuctionItem, Bid, PhotoSources } from '@marketplace/contract';
import { imageUrl } from '../../context';
import { photoSourcesOf } from '../uploads/sources';
import type { Database, OrderStatusValue } from '../../db/schema';
import { pageOf } from '../../lib/paging';
import type { Config } from '../../config';
import { orderStatus } from '../orders/status';
import { buyNowOffered } from './rules';

/** Bids in the list replies of GET /getauction and in the reply to a bid (the item page gets every bid). */
export const LIST_BIDS = 5;

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
  ends_at: Date | null;
  winner: number | null;
  live: boolean;
  bidcount: number;
  reserve: number | null;
  buynow: number | null;
  leader_max: number | null;
  outcome: 'sold' | 'unsold' | null;
  closed_at: Date | null;
}

export interface BidRow {
  auctionid: number;
  userid: number;
  bid: number;
  auto: boolean;
  nickname: string;
  created_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The effective end: the listed end, or later once a late bid extended it (soft close). */
export const ENDS_AT = sql<Date>`coalesce(auctions.ends_at, auctions.end_time)`;

const LIVE = sql<boolean>`(auctions.status = 'open' AND ${ENDS_AT} > now())`;

/**
 * The items a shopper may see: every item, running or ended (GET /getauction lists them all,
 * GET /getparticularaucpro/:id shows any). What else reads the public items (the sitemap) starts here.
 */
export function publicAuctions(db: Kysely<Database>) {
  return db.selectFrom('auctions');
}

function itemQuery(db: Kysely<Database>) {
  return publicAuctions(db).select([
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
    'auctions.ends_at',
    'auctions.winner',
    LIVE.as('live'),
    'auctions.bidcount',
    'auctions.reserve',
    'auctions.buynow',
    'auctions.leader_max',
    'auctions.outcome',
    'auctions.closed_at',
  ]);
}

/** An item as replies show it; `sources`: the copies of photos that have some (photoSourcesOf). */
export function toItem(
  row: ItemRow,
  bids: BidRow[],
  base: string,
  sources?: ReadonlyMap<string, PhotoSources>,
): AuctionItem {
  const photos = row.photo_hashes.map((h) => imageUrl(base, h));
  const photoSources = sources?.get(row.photo_hashes[0]);
  return {
    auctionid: row.auctionid,
    productid: row.auctionid,
    productname: row.productname,
    category: row.category,
    description: row.description,
    photo: photos[0],
    ...(photoSources && { photoSources }),
    photos,
    bid: row.bid,
    startbid: row.startbid,
    highbid: row.highbid,
    rangelowbid: row.rangelowbid,
    rangehighbid: row.rangehighbid,
    ageproduct: row.ageproduct,
    time: iso(row.end_time),
    endsat: iso(row.ends_at ?? row.end_time),
    username: row.nickname,
    ownerid: row.userid,
    status: row.live ? 'open' : 'closed',
    winner: row.winner,
    outcome: row.outcome,
    closedat: row.closed_at ? iso(row.closed_at) : null,
    // Only whether the reserve is met: never the reserve, nor the maximum that meets it.
    reservemet: row.reserve === null ? null : (row.leader_max ?? 0) >= row.reserve,
    buynow: row.live && buyNowOffered(row) ? row.buynow : null,
    bidcount: row.bidcount,
    bids: bids.map((b): Bid => ({ bid: b.bid, auto: b.auto, nickname: b.nickname, at: iso(b.created_at) })),
  };
}

/** One item with its whole bid history (newest first), or undefined. */
export async function loadAuctionItem(
  db: Kysely<Database>,
  auctionid: number,
  base: string,
): Promise<AuctionItem | undefined> {
  const row = await itemQuery(db).where('auctions.auctionid', '=', auctionid).executeTakeFirst();
  if (!row) return undefined;
  const [bids, sources] = await Promise.all([recentBids(db, auctionid), photoSourcesOf(db, base, row.photo_hashes)]);
  return toItem(row, bids, base, sources);
}

const BID_COLUMNS = [
  'bids.auctionid',
  'bids.userid',
  'bids.bid',
  'bids.auto',
  'users.firstname as nickname',
  'bids.created_at',
] as const;

/** An item's bid history, newest first (in the order the steps were taken), the newest `limit` rows when given. */
export function recentBids(db: Kysely<Database>, auctionid: number, limit?: number): Promise<BidRow[]> {
  return db
    .selectFrom('bids')
    .innerJoin('users', 'users.userid', 'bids.userid')
    .select(BID_COLUMNS)
    .where('bids.auctionid', '=', auctionid)
    .orderBy('bids.bidid', 'desc')
    .$if(limit !== undefined, (q) => q.limit(limit!))
    .execute();
}

export async function auctionExists(db: Kysely<Database>, auctionid: number): Promise<boolean> {
  return Boolean(
    await db.selectFrom('auctions').select('auctionid').where('auctionid', '=', auctionid).executeTakeFirst(),
  );
}

/** A listing position: the part (0: running items, 1: ended ones) and the last item shown. */
export type ListingKey = readonly [part: number, auctionid: number];

/**
 * A page of the listing: running items newest first, then ended ones newest first (keyset on
 * the part and auctionid; items listed while a client walks the pages come before its cursor).
 * An item that ends between two page reads can show up again among the ended ones.
 */
export async function loadAuctionPage(
  db: Kysely<Database>,
  base: string,
  limit: number,
  after?: ListingKey,
): Promise<{ items: AuctionItem[]; next: string | null }> {
  const part = (live: boolean, need: number, before?: number) => {
    let query = itemQuery(db).where(live ? LIVE : sql<boolean>`NOT ${LIVE}`);
    if (before !== undefined) query = query.where('auctions.auctionid', '<', before);
    return query.orderBy('auctions.auctionid', 'desc').limit(need).execute();
  };
  const rows = !after || after[0] === 0 ? await part(true, limit + 1, after?.[1]) : [];
  if (rows.length <= limit)
    rows.push(...(await part(false, limit + 1 - rows.length, after?.[0] === 1 ? after[1] : undefined)));
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
      ...BID_COLUMNS,
      sql<number>`row_number() OVER (PARTITION BY bids.auctionid ORDER BY bids.bidid DESC)`.as('rn'),
    ])
    .where(
      'bids.auctionid',
      'in',
      rows.map((r) => r.auctionid),
    )
    .as('ranked');
  const sources = photoSourcesOf(
    db,
    base,
    rows.map((r) => r.photo_hashes[0]),
  );
  const recent = await db
    .selectFrom(ranked)
    .select(['ranked.auctionid', 'ranked.userid', 'ranked.bid', 'ranked.auto', 'ranked.nickname', 'ranked.created_at'])
    .where('ranked.rn', '<=', LIST_BIDS)
    .orderBy('ranked.auctionid')
    .orderBy('ranked.rn')
    .execute();
  const byAuction = new Map<number, BidRow[]>();
  for (const b of recent) {
    const list = byAuction.get(b.auctionid) ?? [];
    list.push(b);
    byAuction.set(b.auctionid, list);
  }
  const photoSources = await sources;
  return rows.map((r) => toItem(r, byAuction.get(r.auctionid) ?? [], base, photoSources));
}

/** A seller's bidders position: the item, the bidder's highest bid and the bidder. */
export type BidderKey = readonly [auctionid: number, highest: number, userid: number];

/**
 * The bidders on a seller's items, one row per (item, bidder) with the bidder's highest bid:
 * newest item first, its highest bidders first (keyset on the item, the bidder's highest bid and
 * the bidder). A bidder who raises their bid while the seller pages can move up.
 */
export async function biddersPage(
  db: Kysely<Database>,
  delays: Config['orders'],
  seller: number,
  limit: number,
  after?: BidderKey,
) {
  const found = await db
    .selectFrom('auctions')
    .innerJoin('bids', 'bids.auctionid', 'auctions.auctionid')
    .innerJoin('users', 'users.userid', 'bids.userid')
    // The winner's order (one per item): the winner's row shows its status.
    .leftJoin('orders', (join) =>
      join.onRef('orders.auctionid', '=', 'auctions.auctionid').onRef('orders.userid', '=', 'users.userid'),
    )
    .select((eb) => [
      'users.firstname',
      'users.lastname',
      'users.email',
      'users.userid',
      'auctions.auctionid',
      'auctions.productname',
      'auctions.status',
      'auctions.winner',
      'auctions.approved_at',
      sql<OrderStatusValue | null>`CASE WHEN orders.orderid IS NULL THEN NULL ELSE ${orderStatus(delays)} END`.as(
        'order_status',
      ),
      eb.fn.max('bids.bid').as('cartdata'),
    ])
    .where('auctions.userid', '=', seller)
    .$if(after !== undefined, (q) => q.where('auctions.auctionid', '<=', after![0]))
    .groupBy(['auctions.auctionid', 'users.userid', 'orders.orderid'])
    .$if(after !== undefined, (q) =>
      q.having(
        sql<boolean>`(-auctions.auctionid, -max(bids.bid), users.userid) > (${-after![0]}, ${-after![1]}, ${after![2]})`,
      ),
    )
    .orderBy('auctions.auctionid', 'desc')
    .orderBy(sql`max(bids.bid) DESC`)
    .orderBy('users.userid')
    .limit(limit + 1)
    .execute();
  return pageOf(found, limit, (r) => [r.auctionid, Number(r.cartdata), r.userid]);
}
