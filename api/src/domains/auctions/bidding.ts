import { sql, type Kysely } from 'kysely';
import { AUCTION_MESSAGES, BID_INCREMENTS, type AuctionItem } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import type { RoutedNoticeEvent } from '../notices/mail';
import type { Config } from '../../config';
import { executePrepared } from '../../db/prepared';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { areStoredPngs } from '../uploads/repository';
import { LIST_BIDS, type BidRow, type ItemRow } from './repository';
import { AUCTION_TEXTS, approvalRefusal, buyNowRefusal } from './rules';
import { closeLocked, type ClosedItem } from './close';

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
  /** Hidden reserve and Buy It Now price, null when not given. */
  reserve: number | null;
  buynow: number | null;
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
      reserve: a.reserve,
      buynow: a.buynow,
    })
    .returning('auctionid')
    .executeTakeFirstOrThrow();
  return row.auctionid;
}

/** An accepted bid: the item as updated, the history rows it added (oldest first) and the item's newest bids. */
export interface AcceptedBid {
  item: ItemRow;
  steps: (BidStep & { nickname: string; created_at: Date })[];
  /** The newest LIST_BIDS rows of the history, the new steps included, newest first. */
  recent: BidRow[];
  /** The caller's maximum while they lead; undefined when a rival's higher maximum answered them. */
  yourMax?: number;
  /** The bidder who lost the lead (their notice was queued with the bid), or null. */
  outbid: number | null;
  /** That bidder's outbid notice, committed with the bid: to be told live now. */
  notice: OutbidNotice | null;
}

/** An outbid notice as place_bid wrote it; `held` while its mail waits the quiet window. */
export type OutbidNotice = RoutedNoticeEvent & { held: boolean };

/** One row of the bid history a bid adds: `auto` when the server bid for someone other than the caller. */
export interface BidStep {
  userid: number;
  bid: number;
  auto: boolean;
}

/** Why a maximum is refused whatever the item's state (proxy bidding). */
export type ProxyRefusal =
  | { reason: 'notAbovePrice'; price: number }
  | { reason: 'belowMinimum'; minimum: number }
  | { reason: 'notAboveOwnMax'; yourMax: number };

export interface SoftClose {
  /** A price-changing bid this close to the end moves the end to this long after the bid. */
  extendMinutes: number;
  /** The end never moves beyond this long after the listed end. */
  capMinutes: number;
}

/** What place_bid answers (migrations 0013, 0018): a refusal, or the accepted bid. */
type PlaceBidAnswer<Accepted = { recent: BidRow[] }> =
  | {
      refusal: 'notFound' | 'ownItem' | 'approved' | 'ended' | ProxyRefusal['reason'];
      price?: number;
      minimum?: number;
      yourMax?: number;
    }
  | ({
      refusal?: undefined;
      now: string;
      item: ItemRow;
      steps: BidStep[];
      yourMax: number | null;
      outbid: number | null;
      notice: OutbidNotice | null;
    } & Accepted);

/** The contract's increment table as place_bid takes it (the last band's bound as the largest bigint). */
const INCREMENT_BOUNDS = BID_INCREMENTS.map((b) =>
  Number.isFinite(b.below) ? String(b.below) : '9223372036854775807',
);
const INCREMENT_STEPS = BID_INCREMENTS.map((b) => b.step);

/**
 * A bid: the caller's new maximum, applied by the proxy rules (proxy.ts) under the item's row
 * lock by the database function place_bid (migrations 0013, 0018), so bids from any number of
 * API processes apply one after another and the lock is held for no round trip. The clock is the
 * database's, read after the lock: the moment the bid was accepted. A step that changes the price
 * close to the end moves the effective end (soft close); the outbid leader's notice is queued
 * with the bid, its mail held for `outbidMailWindowSeconds`. Bids on one item that arrive while
 * one is being applied wait and go together (see applyInTurn). Throws the refusal
 * (404/403/409/400), having changed nothing.
 */
export async function placeBid(
  db: Kysely<Database>,
  auctionid: number,
  userid: number,
  max: number,
  softClose: SoftClose,
  outbidMailWindowSeconds: number,
): Promise<AcceptedBid> {
  const answer = await applyInTurn(db, auctionid, { userid, max }, { ...softClose, outbidMailWindowSeconds });
  if (answer.refusal !== undefined) throw bidRefusalOf(answer);
  const bidAt = new Date(answer.now);
  const item: ItemRow = {
    ...answer.item,
    end_time: new Date(answer.item.end_time),
    ends_at: answer.item.ends_at && new Date(answer.item.ends_at),
  };
  const recent = answer.recent.map((b) => ({ ...b, created_at: new Date(b.created_at) }));
  const names = new Map(recent.map((b) => [b.userid, b.nickname]));
  return {
    item,
    steps: answer.steps.map((st) => ({ ...st, nickname: names.get(st.userid) ?? '', created_at: bidAt })),
    recent,
    yourMax: answer.yourMax ?? undefined,
    outbid: answer.outbid ?? null,
    notice: answer.notice && { ...answer.notice, createdat: new Date(answer.notice.createdat).toISOString() },
  };
}

/** The rules' figures of a bid that are the process's settings (the same for all its bids). */
type BidTerms = SoftClose & { outbidMailWindowSeconds: number };

interface WaitingBid {
  userid: number;
  max: number;
  resolve: (answer: PlaceBidAnswer) => void;
  reject: (err: unknown) => void;
}

/** At most this many bids in one place_bids call. */
const BID_BATCH_LIMIT = 50;

/** Per database handle: the bids waiting for each item whose bids are being applied (by item and terms). */
const waitingBids = new WeakMap<Kysely<Database>, Map<string, WaitingBid[]>>();

/**
 * Applies a bid in its turn on the item (application-level group commit). A bid on an item
 * that has none being applied by this process goes at once; bids that arrive meanwhile wait, in
 * order, and go together in one place_bids call (migration 0019): one transaction, so the item's
 * row lock is taken and the write-ahead log flushed once for all of them, where each bid alone
 * held the lock through its own flush. Each bid is answered as place_bid alone would answer it,
 * and only after the commit.
 */
function applyInTurn(
  db: Kysely<Database>,
  auctionid: number,
  bid: { userid: number; max: number },
  terms: BidTerms,
): Promise<PlaceBidAnswer> {
  let queues = waitingBids.get(db);
  if (!queues) waitingBids.set(db, (queues = new Map()));
  const key = `${auctionid}:${terms.extendMinutes}:${terms.capMinutes}:${terms.outbidMailWindowSeconds}`;
  return new Promise((resolve, reject) => {
    const waiting = queues.get(key);
    if (waiting) {
      waiting.push({ ...bid, resolve, reject });
      return;
    }
    const queue = [{ ...bid, resolve, reject }];
    queues.set(key, queue);
    void (async () => {
      while (queue.length) await applyBatch(db, auctionid, queue.splice(0, BID_BATCH_LIMIT), terms);
      queues.delete(key);
    })();
  });
}

/** An error the database reported for the statement (severity, SQLSTATE): its transaction was rolled back. */
const isStatementError = (err: unknown) => {
  const { severity, code } = (err ?? {}) as { severity?: unknown; code?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};

async function applyBatch(db: Kysely<Database>, auctionid: number, batch: WaitingBid[], terms: BidTerms) {
  try {
    const { rows } = await executePrepared(
      db,
      sql<{ batch: { answers: PlaceBidAnswer<unknown>[]; recent: BidRow[] } }>`SELECT place_bids(${auctionid}::integer,
        ${batch.map((b) => b.userid)}::integer[], ${batch.map((b) => b.max)}::integer[],
        ${terms.extendMinutes}::integer, ${terms.capMinutes}::integer,
        ${INCREMENT_BOUNDS}::bigint[], ${INCREMENT_STEPS}::integer[], ${LIST_BIDS}::integer,
        ${terms.outbidMailWindowSeconds}::integer) AS batch`,
    );
    const { answers, recent } = rows[0]!.batch;
    // `recent` is newest first: a bid's own newest bids come after the rows of the bids after it.
    let after = answers.reduce((n, a) => n + (a.refusal === undefined ? a.steps.length : 0), 0);
    batch.forEach((b, i) => {
      const answer = answers[i]!;
      if (answer.refusal !== undefined) return b.resolve(answer);
      after -= answer.steps.length;
      b.resolve({ ...answer, recent: recent.slice(after, after + LIST_BIDS) });
    });
  } catch (err) {
    if (batch.length === 1 || !isStatementError(err)) return batch.forEach((b) => b.reject(err));
    // Nothing of the batch committed: each bid alone, so one bid's error fails only that bid.
    for (const b of batch) await applyBatch(db, auctionid, [b], terms);
  }
}

/** The refusal place_bid answered, as the HTTP error the caller gets. */
function bidRefusalOf(answer: { refusal: string; price?: number; minimum?: number; yourMax?: number }): HttpError {
  switch (answer.refusal) {
    case 'notFound':
      return notFound(AUCTION_TEXTS.notFound);
    case 'ownItem':
      return forbidden(AUCTION_TEXTS.ownItem);
    case 'approved':
      return conflict(AUCTION_TEXTS.approved);
    case 'ended':
      return conflict(AUCTION_TEXTS.ended);
    default:
      return proxyRefusal({ ...answer, reason: answer.refusal } as ProxyRefusal);
  }
}

/** Why a bid's maximum is not taken, in the words of the spec where it has them. */
function proxyRefusal(r: ProxyRefusal): HttpError {
  if (r.reason === 'notAbovePrice') return badRequest(AUCTION_TEXTS.tooLow(r.price));
  if (r.reason === 'belowMinimum') return badRequest(AUCTION_TEXTS.belowMinimum(r.minimum));
  return badRequest(AUCTION_TEXTS.notAboveOwnMax(r.yourMax));
}

/**
 * The owner's Approve (issue 25: "accept the leading bid now"): closes the item early, sold to the
 * leader at the current bid whatever the reserve (the owner chose), exactly like the automatic
 * close (closeLocked: the winner's order and the notices), in one transaction holding the
 * item's row lock. Only the owner, only for the leader.
 */
export function approveBidder(
  db: Kysely<Database>,
  shipping: Config['shipping'],
  auctionid: number,
  owner: number,
  winner: number,
): Promise<ClosedItem> {
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .selectFrom('auctions')
      .select(['userid', 'status', 'leader', 'bid'])
      .where('auctionid', '=', auctionid)
      .forUpdate()
      .executeTakeFirst();
    const refusal = approvalRefusal(item, owner);
    if (refusal) throw refusal;
    if (item!.leader !== winner) {
      const bidOnce = await trx
        .selectFrom('bids')
        .select('bidid')
        .where('auctionid', '=', auctionid)
        .where('userid', '=', winner)
        .limit(1)
        .executeTakeFirst();
      if (!bidOnce) throw badRequest(AUCTION_TEXTS.neverBid);
      throw conflict(AUCTION_TEXTS.onlyLeader);
    }
    const [closed] = await closeLocked(trx, [auctionid], shipping, { winner, price: item!.bid, approved: true });
    return closed;
  });
}

/**
 * Buy It Now: closes the item at once, sold to the caller at its Buy It Now price (closeLocked:
 * the order and the notices), under the item's row lock; refused on one's own item (403), on an
 * item closed, ended or whose Buy It Now is no longer offered (409), unknown (404).
 */
export function buyItNow(
  db: Kysely<Database>,
  shipping: Config['shipping'],
  auctionid: number,
  buyer: number,
): Promise<ClosedItem> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('auctions')
      .select([
        'userid',
        'status',
        'approved_at',
        'buynow',
        'reserve',
        'bidcount',
        'leader_max',
        sql<boolean>`coalesce(ends_at, end_time) > clock_timestamp()`.as('running'),
      ])
      .where('auctionid', '=', auctionid)
      .forUpdate()
      .executeTakeFirst();
    const refusal = buyNowRefusal(found, buyer);
    if (refusal) throw refusal;
    const [closed] = await closeLocked(trx, [auctionid], shipping, { winner: buyer, price: found!.buynow! });
    return closed;
  });
}
