import { sql, type Kysely, type Transaction } from 'kysely';
import { AUCTION_MESSAGES, minimumBid, type AuctionItem } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import { HttpError, badRequest } from '../../lib/errors';
import { areStoredPngs } from '../uploads/repository';
import { queueNotices } from '../notices/queue';
import { applyMaximum, softCloseEnd, type BidStep, type ProxyRefusal, type ProxyState, type SoftClose } from './proxy';
import { LIST_BIDS, recentBids, type BidRow, type ItemRow } from './repository';
import { AUCTION_TEXTS, approvalRefusal, bidRefusal } from './rules';

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
      .select(['userid', 'status', 'bid', 'bidcount', 'leader', 'leader_max', 'end_time', 'ends_at', 'productname'])
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
    const inserted = steps.length
      ? await trx
          .insertInto('bids')
          .values(steps.map((st) => ({ auctionid, userid: st.userid, bid: st.bid, auto: st.auto, created_at: bidAt })))
          .returning(['bidid', 'userid'])
          .execute()
      : [];
    await queueOutbid(trx, auctionid, item!, state, inserted);
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

/**
 * The bidder who led until this bid is told once that they were outbid (the key is the bid that
 * took the lead), in the bid's transaction; nobody is told when the leader raised their own maximum.
 */
async function queueOutbid(
  trx: Transaction<Database>,
  auctionid: number,
  before: { leader: number | null; productname: string },
  after: ProxyState,
  inserted: { bidid: number; userid: number }[],
): Promise<void> {
  const lead = inserted.find((b) => b.userid === after.leader);
  if (before.leader === null || after.leader === before.leader || !lead) return;
  await queueNotices(trx, [
    {
      userid: before.leader,
      kind: 'outbid',
      auctionid,
      dedupeKey: `outbid:${auctionid}:${lead.bidid}`,
      data: { productname: before.productname, price: after.price, nextbid: minimumBid({ bid: after.price }) },
    },
  ]);
}

/** Why a bid's maximum is not taken, in the words of the spec where it has them. */
function proxyRefusal(r: ProxyRefusal): HttpError {
  if (r.reason === 'notAbovePrice') return badRequest(AUCTION_TEXTS.tooLow(r.price));
  if (r.reason === 'belowMinimum') return badRequest(AUCTION_TEXTS.belowMinimum(r.minimum));
  return badRequest(AUCTION_TEXTS.notAboveOwnMax(r.yourMax));
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
