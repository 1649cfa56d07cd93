import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuctionEvent } from '@marketplace/shared/contract';
import type { Database } from '../db/schema';
import type { ListenFn } from '../db/listen';

/** The one notification channel of auction events; the payload is the event as JSON. */
export const AUCTION_CHANNEL = 'auction_events';

/**
 * Announces an event to every API process. Call it inside the transaction that made the change:
 * NOTIFY is delivered at commit, so only committed bids and closes are ever announced.
 */
export async function notifyAuctionEvent(trx: Transaction<Database> | Kysely<Database>, event: AuctionEvent): Promise<void> {
  await sql`SELECT pg_notify(${AUCTION_CHANNEL}, ${JSON.stringify(event)})`.execute(trx);
}

type Listener = (event: AuctionEvent) => void;

interface HubLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * One LISTEN per process (started at the first subscriber), fanned out in process to the
 * subscribers of each item.
 */
export class AuctionEventHub {
  private readonly byAuction = new Map<number, Set<Listener>>();
  private starting: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly listen: ListenFn,
    private readonly log?: HubLog,
  ) {}

  /** Resolves once this process LISTENs (so a stream opened after it sees every later event). */
  ensureStarted(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The auction event hub is closed'));
    if (!this.starting) {
      this.starting = this.listen(AUCTION_CHANNEL, (payload) => this.dispatch(payload)).then(
        async (stop) => {
          if (this.closed) await stop();
          else this.stop = stop;
        },
        (e) => {
          this.starting = null;
          throw e;
        },
      );
    }
    return this.starting;
  }

  /** Adds a subscriber for one item; returns the unsubscribe function. */
  subscribe(auctionid: number, listener: Listener): () => void {
    let set = this.byAuction.get(auctionid);
    if (!set) {
      set = new Set();
      this.byAuction.set(auctionid, set);
    }
    set.add(listener);
    return () => {
      const current = this.byAuction.get(auctionid);
      if (!current) return;
      current.delete(listener);
      if (!current.size) this.byAuction.delete(auctionid);
    };
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.byAuction.values()) n += set.size;
    return n;
  }

  private dispatch(payload: string): void {
    let event: AuctionEvent;
    try {
      event = JSON.parse(payload) as AuctionEvent;
    } catch {
      this.log?.warn({ payload: payload.slice(0, 200) }, 'Ignored a malformed auction event');
      return;
    }
    const set = this.byAuction.get(event?.auctionid);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (err) {
        this.log?.warn({ err }, 'An auction event subscriber failed');
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.byAuction.clear();
    const starting = this.starting;
    if (starting) await starting.catch(() => undefined);
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }
}
