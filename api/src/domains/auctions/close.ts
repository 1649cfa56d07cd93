import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuctionClosedEvent } from '@marketplace/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { queueNotices, type NewNotice } from '../notices/queue';
import { computeTotals, toPaise, toRupees } from '../orders/rules';

/**
 * Closing auction items (issue 25), by their effective end (the sweep below), by the owner's
 * Approve or by Buy It Now: one function, `closeLocked`, run in the transaction that holds the
 * items' row locks, writes everything a close implies or nothing: the item closed (sold to its
 * winner at the price, or unsold), the winner's order (unique per item), and the notices (won,
 * lost to every other bidder, sold or unsold to the seller; unique per dedupe key). The 'closed'
 * events are published by the caller after the commit.
 */

/** An item as it was closed. */
export interface ClosedItem {
  auctionid: number;
  winner: number | null;
  /** The winning price; the current bid when unsold. */
  price: number;
  outcome: 'sold' | 'unsold';
  closedAt: Date;
  /** The winner's order, null when unsold. */
  orderid: number | null;
}

/** Who wins regardless of the reserve, and at what price (Approve: the leader at the current bid; Buy It Now: the buyer at its price). */
export interface ForcedWinner {
  winner: number;
  price: number;
  /** Recorded as the owner's approval (approved_at). */
  approved?: boolean;
}

type Trx = Transaction<Database> | Kysely<Database>;

/**
 * Closes the open items among `ids`, whose rows the caller has locked (FOR UPDATE), in the
 * caller's transaction. Without `forced`: sold to the leader at the current bid when their
 * maximum meets the reserve (or there is none), else unsold. Items already closed are skipped.
 */
export async function closeLocked(
  trx: Trx,
  ids: number[],
  shipping: Config['shipping'],
  forced?: ForcedWinner,
): Promise<ClosedItem[]> {
  if (!ids.length) return [];
  const winner = forced?.winner ?? null;
  const price = forced?.price ?? null;
  const sold = sql`(${winner}::int IS NOT NULL OR (auctions.leader IS NOT NULL AND (auctions.reserve IS NULL OR auctions.leader_max >= auctions.reserve)))`;
  const { rows } = await sql<{
    auctionid: number;
    seller: number;
    productname: string;
    outcome: 'sold' | 'unsold';
    winner: number | null;
    highbid: number;
    closed_at: Date;
    winner_name: string | null;
  }>`
    WITH closed AS (
      UPDATE auctions SET
        status = 'closed',
        outcome = CASE WHEN ${sold} THEN 'sold' ELSE 'unsold' END,
        winner = CASE WHEN ${sold} THEN coalesce(${winner}::int, auctions.leader) END,
        highbid = CASE WHEN ${sold} THEN coalesce(${price}::int, auctions.bid) ELSE auctions.highbid END,
        bid = CASE WHEN ${sold} THEN coalesce(${price}::int, auctions.bid) ELSE auctions.bid END,
        approved_at = CASE WHEN ${forced?.approved ?? false} THEN now() ELSE auctions.approved_at END,
        closed_at = now(),
        updated_at = now()
      WHERE auctions.auctionid = ANY(${ids}::int[]) AND auctions.status = 'open'
      RETURNING auctions.auctionid, auctions.userid AS seller, auctions.productname, auctions.outcome,
        auctions.winner, auctions.highbid, auctions.bid, auctions.closed_at
    )
    SELECT closed.auctionid, closed.seller, closed.productname, closed.outcome, closed.winner,
      CASE WHEN closed.outcome = 'sold' THEN closed.highbid ELSE closed.bid END AS highbid,
      closed.closed_at, users.firstname AS winner_name
    FROM closed LEFT JOIN users ON users.userid = closed.winner
    ORDER BY closed.auctionid`.execute(trx);
  if (!rows.length) return [];

  const won = rows.filter((r) => r.outcome === 'sold');
  const orders = new Map<number, number>();
  if (won.length) {
    const placed = await trx
      .insertInto('orders')
      .values(
        won.map((r) => {
          const totals = computeTotals(toPaise(r.highbid), 0, shipping);
          return {
            userid: r.winner!,
            billname: '',
            billaddress: '',
            ordernote: '',
            payinfo: null,
            items_total: toRupees(totals.itemsTotal),
            discount: 0,
            billamount: toRupees(totals.billamount),
            billtax: toRupees(totals.billtax),
            auctionid: r.auctionid,
          };
        }),
      )
      .onConflict((oc) => oc.column('auctionid').doNothing())
      .returning(['orderid', 'auctionid'])
      .execute();
    for (const o of placed) orders.set(o.auctionid!, o.orderid);
    const lines = won.filter((r) => orders.has(r.auctionid));
    if (lines.length) {
      // The seller ships an auction win, once its winner has paid.
      const shipments = await trx
        .insertInto('shipments')
        .values(
          lines.map((r) => ({
            orderid: orders.get(r.auctionid)!,
            fulfilled_by: 'seller' as const,
            sellerid: r.seller,
            status: 'Awaiting payment' as const,
          })),
        )
        .returning(['shipmentid', 'orderid'])
        .execute();
      const shipmentOf = new Map(shipments.map((sh) => [sh.orderid, sh.shipmentid]));
      await trx
        .insertInto('order_lines')
        .values(
          lines.map((r) => ({
            orderid: orders.get(r.auctionid)!,
            lineno: 1,
            productid: null,
            productname: r.productname,
            price: r.highbid,
            shipmentid: shipmentOf.get(orders.get(r.auctionid)!)!,
          })),
        )
        .execute();
    }
  }

  const notices: NewNotice[] = [];
  for (const r of rows) {
    const about = { productname: r.productname, price: r.highbid };
    if (r.outcome === 'sold') {
      notices.push({
        userid: r.winner!,
        kind: 'won',
        auctionid: r.auctionid,
        dedupeKey: `won:${r.auctionid}`,
        data: { ...about, orderid: orders.get(r.auctionid) ?? null },
      });
      notices.push({
        userid: r.seller,
        kind: 'sold',
        auctionid: r.auctionid,
        dedupeKey: `sold:${r.auctionid}`,
        data: { ...about, winner: r.winner_name ?? '' },
      });
    } else
      notices.push({
        userid: r.seller,
        kind: 'unsold',
        auctionid: r.auctionid,
        dedupeKey: `unsold:${r.auctionid}`,
        data: about,
      });
  }
  await queueNotices(trx, notices);
  // Every other bidder, in one statement: an item's bidders are never all read into memory.
  const closedIds = rows.map((r) => r.auctionid);
  await sql`
    INSERT INTO notices (userid, kind, auctionid, dedupe_key, data)
    SELECT b.userid, 'lost', a.auctionid, 'lost:' || a.auctionid || ':' || b.userid,
      jsonb_build_object('productname', a.productname, 'price', a.highbid, 'outcome', a.outcome)
    FROM (SELECT DISTINCT auctionid, userid FROM bids WHERE auctionid = ANY(${closedIds}::int[])) b
    JOIN auctions a ON a.auctionid = b.auctionid
    WHERE b.userid IS DISTINCT FROM a.winner
    ON CONFLICT (dedupe_key) DO NOTHING`.execute(trx);

  return rows.map((r) => ({
    auctionid: r.auctionid,
    winner: r.winner,
    price: r.highbid,
    outcome: r.outcome,
    closedAt: new Date(r.closed_at),
    orderid: orders.get(r.auctionid) ?? null,
  }));
}

/** The live event of a close. */
export function closedEvent(c: ClosedItem): AuctionClosedEvent {
  return {
    type: 'closed',
    auctionid: c.auctionid,
    winner: c.winner,
    highbid: c.price,
    outcome: c.outcome,
    closedat: c.closedAt.toISOString(),
  };
}

const DUE = sql<boolean>`auctions.status = 'open' AND coalesce(auctions.ends_at, auctions.end_time) <= now()`;
/** In the order of auctions_due_idx: without it the planner guesses a third of the rows due and reads the whole table. */
const BY_END = sql`ORDER BY coalesce(auctions.ends_at, auctions.end_time)`;

/** Whether any item is due: the first entry of the index auctions_due_idx (the sweep's cost when nothing is). */
export async function anyDue(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM auctions WHERE ${DUE} ${BY_END} LIMIT 1`.execute(db);
  return rows.length > 0;
}

/**
 * Closes up to `batch` due items in one transaction: claimed with FOR UPDATE SKIP LOCKED, so two
 * processes sweeping at once take different items, and an item being bid on is taken at the next
 * sweep (with the end the bid left it). A process that dies mid-batch leaves its items open,
 * none half closed: the transaction is the unit.
 */
export function closeDueBatch(
  db: Kysely<Database>,
  shipping: Config['shipping'],
  batch: number,
): Promise<ClosedItem[]> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ auctionid: number }>`
      SELECT auctionid FROM auctions WHERE ${DUE} ${BY_END} LIMIT ${batch}
      FOR UPDATE SKIP LOCKED`.execute(trx);
    return closeLocked(
      trx,
      rows.map((r) => r.auctionid),
      shipping,
    );
  });
}

interface SweepLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * The automatic close: every API process sweeps at start (a close due while no process ran
 * happens then) and every `sweepMs`, one sweep at a time: batches until none is left. Events are
 * published after each batch's commit.
 */
export class CloseSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Pick<Config, 'shipping' | 'auctionClose'>,
    private readonly publish: (event: AuctionClosedEvent) => void,
    private readonly log?: SweepLog,
  ) {}

  /** Sweeps now, then on the interval (none with sweepMs 0). */
  start(): void {
    if (this.stopped) return;
    void this.sweep();
    const every = this.config.auctionClose.sweepMs;
    if (every > 0) {
      this.timer = setInterval(() => void this.sweep(), every);
      this.timer.unref();
    }
  }

  /** One sweep (joined if one is running): closes every due item; resolves to how many this call closed. */
  sweep(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.running ??= this.closeAllDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async closeAllDue(): Promise<number> {
    let closed = 0;
    try {
      if (!(await anyDue(this.db))) return 0;
      const batch = Math.max(1, this.config.auctionClose.batch);
      for (;;) {
        const items = await closeDueBatch(this.db, this.config.shipping, batch);
        closed += items.length;
        for (const item of items) this.publish(closedEvent(item));
        if (items.length < batch || this.stopped) break;
      }
    } catch (err) {
      this.log?.warn({ err }, 'The auction close sweep failed; the next sweep retries');
    }
    return closed;
  }

  /** Stops the interval and waits for a sweep under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
