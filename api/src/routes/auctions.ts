import type { ServerResponse } from 'node:http';
import { sql, type Kysely } from 'kysely';
import {
  AUCTION_MAX_BID,
  AUCTION_MESSAGES,
  ApproveBidderBody,
  AuctionPageQuery,
  AuctionPageReply,
  AuctionReply,
  AuthHeaders,
  BidderPageQuery,
  BidderPageReply,
  CreateAuctionBody,
  IdParams,
  PAGE_SIZES,
  PlaceBidBody,
  type AuctionEvent,
  type AuctionItem,
  type Bid,
  type BidderRow,
  type BidderStatus,
} from '@marketplace/shared/contract';
import { imageUrl, publicBase, type App } from '../context';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { requireUser } from '../lib/auth';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { AuctionEventHub } from '../lib/auction-events';
import { executePrepared } from '../db/prepared';
import { decodeCursor, pageLimit, pageOf } from '../lib/paging';
import { replies } from './common';

export const AUCTION_TEXTS = {
  notFound: 'Auction item not found',
  ownItem: 'You cannot bid on your own auction item',
  approved: 'This auction is closed: the owner has approved a winner',
  ended: 'This auction has ended: no more bids are taken',
  tooLow: (current: number) => `Your BID must be higher than the current BID of Rs. ${current}`,
  notOwner: 'Only the owner of this auction item can approve a bidder',
  neverBid: 'This user has not bid on this auction item',
  alreadyApproved: 'A winner has already been approved for this auction item',
  othersBidders: 'You can only see the bidders on your own items',
  missingId: 'productid is missing: send the id of the auction item',
  tooManyStreams: 'Too many live connections right now, please try again later',
  tooManyStreamsFromClient: 'Too many live connections from your address: close some auction pages and try again',
  noLiveUpdates: 'Live updates are unavailable right now, please try again later',
} as const;

/** Bids in the list replies of GET /getauction and in the reply to a bid (the item page gets every bid). */
const LIST_BIDS = 5;
const MAX_END_DAYS = 366;

/**
 * A whole number of rupees, sent as a JSON number (strict: the text "150" or " 150 " is not one).
 * Missing, empty or not a number or a text at all → the spec's "Please Enter" message; anything
 * else that is not a whole number within [min, AUCTION_MAX_BID] → `bad`.
 */
export function wholeRupees(value: unknown, min: number, required: string, bad: string): number {
  if (typeof value === 'string' ? !value.trim() : typeof value !== 'number') throw badRequest(required);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > AUCTION_MAX_BID) throw badRequest(bad);
  return value;
}

const END_TIME_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The end date-time: ISO 8601 with or without a zone (without one it is UTC); a real calendar date. */
export function parseEndTime(text: string): Date {
  const m = END_TIME_RE.exec(text.trim());
  if (!m) throw badRequest(AUCTION_MESSAGES.badTime);
  const zone = m[5] ? m[5].toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z';
  const d = new Date(`${m[1]}T${m[2]}${m[3] ?? ''}${zone}`);
  if (Number.isNaN(d.getTime())) throw badRequest(AUCTION_MESSAGES.badTime);
  // Date() rolls 2030-02-30 over to March: refuse dates that do not exist.
  const local = new Date(d.getTime() + zoneMinutes(zone) * 60_000).toISOString();
  if (local.slice(0, 10) !== m[1] || local.slice(11, 16) !== m[2]) throw badRequest(AUCTION_MESSAGES.badTime);
  return d;
}

function zoneMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
}

const PHOTO_URL_RE = /^(?:https?:\/\/[^/?#\s]+)?\/images\/([0-9a-f]{64})\.png$/i;

/** Content hashes of photo URLs `<any origin>/images/<sha256>.png` that this API stored; 400 otherwise. */
async function storedPhotoHashes(db: Kysely<Database>, urls: string[]): Promise<string[]> {
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

/** The approved winner's row follows the clock like an order: Processing, Shipped, Delivered. */
export function winnerStatus(approvedAt: Date, cfg: Config['auctions'], now = Date.now()): BidderStatus {
  const hours = (now - approvedAt.getTime()) / 3_600_000;
  if (hours >= cfg.deliverAfterHours) return 'Delivered';
  if (hours >= cfg.shipAfterHours) return 'Shipped';
  return 'Processing';
}

interface ItemRow {
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

interface BidRow {
  auctionid: number;
  bid: number;
  nickname: string;
  created_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();

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
      sql<boolean>`(auctions.status = 'open' AND auctions.end_time > now())`.as('live'),
      'auctions.bidcount',
    ]);
}

function toItem(row: ItemRow, bids: BidRow[], base: string): AuctionItem {
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

const LIVE = sql<boolean>`(auctions.status = 'open' AND auctions.end_time > now())`;
/** A listing position: the part (0: running items, 1: ended ones) and the last item shown. */
type ListingKey = readonly [part: number, auctionid: number];

/**
 * A page of the listing: running items newest first, then ended ones newest first (keyset on
 * the part and auctionid; items listed while a client walks the pages come before its cursor).
 * An item that ends between two page reads can show up again among the ended ones.
 */
async function loadAuctionPage(db: Kysely<Database>, base: string, limit: number, after?: ListingKey): Promise<{ items: AuctionItem[]; next: string | null }> {
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

/** Why a bid was not accepted (the UPDATE found no row): the first failing rule, in a fixed order. */
async function refusedBid(db: Kysely<Database>, auctionid: number, userid: number, amount: number): Promise<HttpError> {
  const row = await db
    .selectFrom('auctions')
    .select(['userid', 'status', 'bid', sql<boolean>`end_time > now()`.as('running')])
    .where('auctionid', '=', auctionid)
    .executeTakeFirst();
  if (!row) return notFound(AUCTION_TEXTS.notFound);
  if (row.userid === userid) return forbidden(AUCTION_TEXTS.ownItem);
  if (row.status === 'closed') return conflict(AUCTION_TEXTS.approved);
  if (!row.running) return conflict(AUCTION_TEXTS.ended);
  if (row.bid >= amount) return badRequest(AUCTION_TEXTS.tooLow(row.bid));
  // The state only ever moves one way (bid up, open → closed), so this is not reached.
  return conflict('The auction changed while your BID was placed, please try again');
}

export function auctionRoutes(app: App) {
  const { db, config } = app.ctx;
  const hub = new AuctionEventHub(app.ctx.listen, app.log);
  const events = app.ctx.auctionEvents;
  const streams = new Set<ServerResponse>();
  /** Open streams by client address (req.ip). */
  const streamsByClient = new Map<string, number>();
  /** Streams counted against the caps whose item check or LISTEN is still under way. */
  let streamsStarting = 0;

  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
    streams.clear();
    streamsByClient.clear();
    await hub.close();
  });

  app.get('/getauction', { schema: { querystring: AuctionPageQuery, response: replies(AuctionPageReply) } }, async (req) => {
    const limit = pageLimit(req.query, PAGE_SIZES.auctions);
    const after = decodeCursor(req.query.cursor, ['int', 'int']);
    if (after && after[0] > 1) throw badRequest('cursor must be the next value of an earlier page');
    const { items, next } = await loadAuctionPage(db, publicBase(config, req), limit, after);
    return { status: 200, msg: items.length || after ? 'Auction items' : 'No auction items yet', data: items, next };
  });

  app.get('/getparticularaucpro/:id', { schema: { params: IdParams, response: replies(AuctionReply) } }, async (req) => {
    const item = await loadAuctionItem(db, req.params.id, publicBase(config, req));
    if (!item) throw notFound(AUCTION_TEXTS.notFound);
    return { status: 200, msg: 'Auction item', data: item };
  });

  /** Puts an item up for auction; the owner is the caller. Spec section 5 rules, then the server's own. */
  app.post('/addauction', { schema: { headers: AuthHeaders, body: CreateAuctionBody, response: replies(AuctionReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    const b = req.body;
    const bid = wholeRupees(b.bid, 1, AUCTION_MESSAGES.bid, AUCTION_MESSAGES.wholeBid);
    const low = wholeRupees(b.rangelowbid, 0, AUCTION_MESSAGES.rangelowbid, AUCTION_MESSAGES.wholeLow);
    if (!(low < bid)) throw badRequest(AUCTION_MESSAGES.lowAboveBid);
    const high = wholeRupees(b.rangehighbid, 1, AUCTION_MESSAGES.rangehighbid, AUCTION_MESSAGES.wholeHigh);
    if (!(high > bid)) throw badRequest(AUCTION_MESSAGES.highBelowBid);
    const end = parseEndTime(b.time);
    if (end.getTime() <= Date.now()) throw badRequest(AUCTION_MESSAGES.pastTime);
    if (end.getTime() > Date.now() + MAX_END_DAYS * 86_400_000) throw badRequest(AUCTION_MESSAGES.farTime);
    const hashes = await storedPhotoHashes(db, b.photos ?? (b.photo ? [b.photo] : []));

    const row = await db
      .insertInto('auctions')
      .values({
        userid: user.userid,
        nickname: b.username.trim(),
        productname: b.productname.trim(),
        category: b.category,
        description: b.description.trim(),
        ageproduct: b.ageproduct.trim(),
        startbid: bid,
        bid,
        rangelowbid: low,
        rangehighbid: high,
        photo_hashes: JSON.stringify(hashes),
        end_time: end,
      })
      .returning('auctionid')
      .executeTakeFirstOrThrow();
    const item = await loadAuctionItem(db, row.auctionid, publicBase(config, req));
    return { status: 200, msg: 'Auction Product Added Successfully', data: item! };
  });

  /**
   * A bid: one UPDATE that only matches an open, running item of someone else whose current bid
   * is lower (its row lock orders concurrent bids) and the bid row, in one statement; announced
   * to live pages once committed. A client-sent `biduser` list is dropped by the schema; only the
   * caller's one bid counts.
   */
  app.put('/updatebiduser', { schema: { headers: AuthHeaders, body: PlaceBidBody, response: replies(AuctionReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    const { auctionid } = req.body;
    const amount = wholeRupees(req.body.bid, 1, AUCTION_MESSAGES.placeBid, AUCTION_MESSAGES.wholePlaceBid);
    // One statement (one round trip, atomic): the conditional UPDATE, whose row lock orders
    // concurrent bids, the bid row and the reply: the item as updated with its newest LIST_BIDS
    // bids, bounded so a bid costs the same on an item with ten thousand (the page merges them
    // into its history and follows the event stream). The statement sees the bids as they were:
    // the new, highest one is put first below. clock_timestamp(), not now(): the moment the bid
    // was accepted, after the lock.
    const accepted = await executePrepared(
      db,
      sql<ItemRow & { bid_at: Date; earlier_bids: BidRow[] }>`
      WITH raised AS (
        UPDATE auctions SET bid = ${amount}, highbid = ${amount}, bidcount = bidcount + 1, updated_at = now()
        WHERE auctionid = ${auctionid} AND bid < ${amount} AND status = 'open' AND end_time > now() AND userid <> ${user.userid}
        RETURNING *, (status = 'open' AND end_time > now()) AS live
      ), placed AS (
        INSERT INTO bids (auctionid, userid, bid, created_at)
        SELECT auctionid, ${user.userid}, ${amount}, clock_timestamp() FROM raised
        RETURNING created_at AS bid_at
      )
      SELECT raised.*, placed.bid_at,
        (SELECT coalesce(json_agg(earlier), '[]') FROM (
          SELECT bids.auctionid, bids.bid, users.firstname AS nickname, bids.created_at
          FROM bids JOIN users ON users.userid = bids.userid
          WHERE bids.auctionid = raised.auctionid ORDER BY bids.bid DESC LIMIT ${LIST_BIDS - 1}) earlier) AS earlier_bids
      FROM raised, placed`,
    ).then((r) => r.rows[0]);
    if (!accepted) throw await refusedBid(db, auctionid, user.userid, amount);
    const bidAt = new Date(accepted.bid_at);
    events.publish({ type: 'bid', auctionid, bid: amount, highbid: amount, nickname: user.firstname, at: bidAt.toISOString() });
    const placed: BidRow = { auctionid, bid: amount, nickname: user.firstname, created_at: bidAt };
    const item = toItem(accepted, [placed, ...accepted.earlier_bids], publicBase(config, req));
    return { status: 200, msg: 'Your BID has been placed', data: item };
  });

  /** The bidders on the caller's items: one row per (item, bidder) with the bidder's highest bid. */
  app.get(
    '/getUserAuction/:id',
    { schema: { headers: AuthHeaders, params: IdParams, querystring: BidderPageQuery, response: replies(BidderPageReply) } },
    async (req) => {
      const user = await requireUser(app.ctx, req.headers.authtoken);
      if (req.params.id !== user.userid) throw forbidden(AUCTION_TEXTS.othersBidders);
      // Newest item first, its highest bidders first (keyset on the item, the bidder's highest
      // bid and the bidder). A bidder who raises their bid while the seller pages can move up.
      const limit = pageLimit(req.query, PAGE_SIZES.bidders);
      const after = decodeCursor(req.query.cursor, ['int', 'int', 'int']);
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
        .where('auctions.userid', '=', user.userid)
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
      const page = pageOf(found, limit, (r) => [r.auctionid, Number(r.cartdata), r.userid]);
      const rows = page.rows;
      const now = Date.now();
      const data = rows.map((r): BidderRow => {
        let status: BidderStatus = 'Bidding';
        if (r.winner !== null) status = r.winner === r.userid && r.approved_at ? winnerStatus(r.approved_at, config.auctions, now) : 'Not selected';
        return {
          firstname: r.firstname,
          lastname: r.lastname,
          email: r.email,
          userid: r.userid,
          auctionid: r.auctionid,
          productname: r.productname,
          cartdata: Number(r.cartdata),
          status,
        };
      });
      return { status: 200, msg: data.length || after ? 'Bidders on your items' : 'Nobody has bid on your items yet', data, next: page.next };
    },
  );

  /** The owner approves one of the item's bidders: closes the auction and records the winner. */
  app.put('/setHighBid', { schema: { headers: AuthHeaders, body: ApproveBidderBody, response: replies(AuctionReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    const auctionid = req.body.productid ?? req.body.auctionid;
    if (auctionid === undefined) throw badRequest(AUCTION_TEXTS.missingId);
    const winner = req.body.userid;
    const highbid = await db.transaction().execute(async (trx) => {
      const item = await trx
        .selectFrom('auctions')
        .select(['userid', 'status'])
        .where('auctionid', '=', auctionid)
        .forUpdate()
        .executeTakeFirst();
      if (!item) throw notFound(AUCTION_TEXTS.notFound);
      if (item.userid !== user.userid) throw forbidden(AUCTION_TEXTS.notOwner);
      if (item.status === 'closed') throw conflict(AUCTION_TEXTS.alreadyApproved);
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
    events.publish({ type: 'closed', auctionid, winner, highbid });
    const item = await loadAuctionItem(db, auctionid, publicBase(config, req));
    return { status: 200, msg: 'Bidder approved: the auction is closed', data: item! };
  });

  /**
   * Live events of one item (server-sent events): `bid` and `closed`, from every API process
   * (database LISTEN/NOTIFY). Public like the item page; a comment every heartbeatSeconds keeps
   * proxies from closing an idle stream.
   */
  app.get('/auctionevents/:id', { schema: { params: IdParams }, exposeHeadRoute: false }, async (req, reply) => {
    const auctionid = req.params.id;
    // The stream is counted before the first await: requests that arrive together (or while the
    // process starts listening) cannot all pass the caps before any of them is counted.
    if (streams.size + streamsStarting >= config.auctions.maxEventStreams) throw new HttpError(503, AUCTION_TEXTS.tooManyStreams, null, { 'retry-after': '30' });
    // One client cannot take the streams everyone else needs (well below the process cap).
    const client = req.ip;
    if ((streamsByClient.get(client) ?? 0) >= config.auctions.maxEventStreamsPerClient) {
      throw new HttpError(429, AUCTION_TEXTS.tooManyStreamsFromClient, null, { 'retry-after': '30' });
    }
    streamsByClient.set(client, (streamsByClient.get(client) ?? 0) + 1);
    streamsStarting += 1;
    const releaseClient = () => {
      const left = (streamsByClient.get(client) ?? 1) - 1;
      if (left > 0) streamsByClient.set(client, left);
      else streamsByClient.delete(client);
    };
    try {
      const exists = await db.selectFrom('auctions').select('auctionid').where('auctionid', '=', auctionid).executeTakeFirst();
      if (!exists) throw notFound(AUCTION_TEXTS.notFound);
      try {
        await hub.ensureStarted();
      } catch (err) {
        req.log.error({ err }, 'Could not LISTEN for auction events');
        throw new HttpError(503, AUCTION_TEXTS.noLiveUpdates, null, { 'retry-after': '5' });
      }
    } catch (err) {
      releaseClient();
      throw err;
    } finally {
      streamsStarting -= 1;
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n: connected\n\n');
    streams.add(res);

    const write = (chunk: string) => {
      if (res.writableEnded || res.destroyed) return;
      // A reader that stopped reading is dropped rather than buffered without end.
      if (res.writableLength > 1024 * 1024) {
        res.destroy();
        return;
      }
      res.write(chunk);
    };
    const unsubscribe = hub.subscribe(auctionid, (event: AuctionEvent) => {
      const { type, ...data } = event;
      write(`event: ${type}\ndata: ${JSON.stringify({ ...data, type })}\n\n`);
    });
    const heartbeat = setInterval(() => write(': ping\n\n'), Math.max(0.05, config.auctions.heartbeatSeconds) * 1000);
    heartbeat.unref();
    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      // Called once for the response and once for the request: counted down once.
      if (streams.delete(res)) releaseClient();
    };
    res.on('close', cleanup);
    req.raw.on('close', cleanup);
  });
}
