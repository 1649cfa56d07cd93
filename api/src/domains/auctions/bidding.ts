import { sql, type Kysely } from 'kysely';
import { AUCTION_MESSAGES, type AuctionItem } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import type { Config } from '../../config';
import { HttpError, badRequest, conflict } from '../../lib/errors';
import { areStoredPngs } from '../uploads/repository';
import { applyMaximum, softCloseEnd, type BidStep, type ProxyRefusal, type SoftClose } from './proxy';
import { LIST_BIDS, recentBids, type BidRow, type ItemRow } from './repository';
import { AUCTION_TEXTS, approvalRefusal, bidRefusal, buyNowRefusal } from './rules';
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
}

/**
 * A bid: the caller's new maximum, applied by the proxy rules (proxy.ts) in one transaction
 * holding the item's row lock, so bids from any number of API processes apply one after
 * another. The clock is the database's, read after the lock: the moment the bid was accepted.
 * A step that changes the price close to the end moves the effective end (soft close).
 * Throws the refusal (404/403/409/400), having changed nothing.
 */
export function placeBid(
  db: Kysely<Database>,
  auctionid: number,
  userid: number,
  max: number,
  softClose: SoftClose,
): Promise<AcceptedBid> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('auctions')
      .select(['userid', 'status', 'approved_at', 'bid', 'bidcount', 'leader', 'leader_max', 'end_time', 'ends_at'])
      .where('auctionid', '=', auctionid)
      .forUpdate()
      .executeTakeFirst();
    const { now } = (await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(trx)).rows[0];
    const bidAt = new Date(now);
    const item = found && { ...found, end: new Date(found.ends_at ?? found.end_time) };
    const refusal = bidRefusal(item && { ...item, running: item.end > bidAt }, userid);
    if (refusal) throw refusal;
    const outcome = applyMaximum(
      { price: item!.bid, bidcount: item!.bidcount, leader: item!.leader, leaderMax: item!.leader_max },
      userid,
      max,
    );
    if ('refusal' in outcome) throw proxyRefusal(outcome.refusal);
    const { state, steps } = outcome;
    const listedEnd = new Date(item!.end_time);
    const endsAt = steps.length ? softCloseEnd(listedEnd, item!.end, bidAt, softClose) : item!.end;
    if (steps.length)
      await trx
        .insertInto('bids')
        .values(steps.map((st) => ({ auctionid, userid: st.userid, bid: st.bid, auto: st.auto, created_at: bidAt })))
        .execute();
    const updated = await trx
      .updateTable('auctions')
      .set({
        bid: state.price,
        highbid: state.bidcount > 0 ? state.price : 0,
        bidcount: state.bidcount,
        leader: state.leader,
        leader_max: state.leaderMax,
        ends_at: endsAt.getTime() === listedEnd.getTime() ? null : endsAt,
        updated_at: sql`now()`,
      })
      .where('auctionid', '=', auctionid)
      .returningAll()
      .returning(sql<boolean>`(status = 'open' AND coalesce(ends_at, end_time) > ${bidAt})`.as('live'))
      .executeTakeFirstOrThrow();
    const recent = await recentBids(trx, auctionid, LIST_BIDS);
    const names = new Map(recent.map((b) => [b.userid, b.nickname]));
    return {
      item: updated as ItemRow,
      steps: steps.map((st) => ({ ...st, nickname: names.get(st.userid) ?? '', created_at: bidAt })),
      recent,
      yourMax: state.leader === userid ? state.leaderMax! : undefined,
    };
  });
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
