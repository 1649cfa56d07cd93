import { sql, type Kysely } from 'kysely';
import type { AuctionEvent } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import type { ListenFn } from '../../db/listen';

/** The one notification channel of auction events; the payload is the event as JSON. */
export const AUCTION_CHANNEL = 'auction_events';

/** At most this many events in one batch (one statement, one transaction). */
const BATCH_LIMIT = 500;

interface PublisherLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * Announces events to every API process, after the change they tell of has committed.
 *
 * NOTIFY takes one lock for the whole database from a notifying transaction's commit to its end
 * (that is how PostgreSQL keeps notifications in commit order), so a NOTIFY inside every bid made
 * all bids commit one at a time. Instead each process sends its events in batches, in their own
 * transaction, one batch at a time: while a batch is being sent the next one gathers, so under
 * load many bids share one NOTIFY commit. Events from different processes may then arrive in
 * another order than their commits; the pages apply them in any order (bids only go up, a
 * closed item stays closed). An event whose process stops between the commit and its batch is
 * not announced; the page's next refresh (on reconnecting) shows the change.
 */
export class AuctionEventPublisher {
  private queue: string[] = [];
  private sending: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log?: PublisherLog,
  ) {}

  /** Queues an event of a committed change; sent at once unless a batch is on its way. */
  publish(event: AuctionEvent): void {
    this.queue.push(JSON.stringify(event));
    this.sending ??= this.send();
  }

  /** Resolves when every event published so far has been sent (or failed and was logged). */
  async flushed(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async send(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, BATCH_LIMIT);
        try {
          await sql`SELECT pg_notify(${AUCTION_CHANNEL}, payload) FROM unnest(${batch}::text[]) AS payload`.execute(
            this.db,
          );
        } catch (err) {
          this.log?.warn(
            { err, events: batch.length },
            'Could not announce auction events; open pages show them at their next refresh',
          );
        }
      }
    } finally {
      this.sending = null;
    }
  }
}

type Listener = (event: AuctionEvent) => void;

interface HubLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * One LISTEN per process (started at the first stream that needs it), fanned out in process to
 * the subscribers of each item and to those of every item (GET /catalogue/changes).
 */
export class AuctionEventHub {
  private readonly byAuction = new Map<number, Set<Listener>>();
  private readonly ofEveryItem = new Set<Listener>();
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

  /** Adds a subscriber for the events of every item; returns the unsubscribe function. */
  subscribeAll(listener: Listener): () => void {
    this.ofEveryItem.add(listener);
    return () => void this.ofEveryItem.delete(listener);
  }

  get subscriberCount(): number {
    let n = this.ofEveryItem.size;
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
    if (!set && !this.ofEveryItem.size) return;
    for (const listener of [...(set ?? []), ...this.ofEveryItem]) {
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
    this.ofEveryItem.clear();
    const starting = this.starting;
    if (starting) await starting.catch(() => undefined);
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }
}
