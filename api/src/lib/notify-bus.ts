import { sql, type Kysely } from 'kysely';
import type { ListenFn } from '../db/listen';
import type { Database } from '../db/schema';

/** At most this many events in one batch (one statement, one transaction). */
const BATCH_LIMIT = 500;

export interface PublisherLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * Sends events (as JSON) on a notification channel to every API process, after the change they
 * tell of has committed (auction events, live notices).
 *
 * NOTIFY takes one lock for the whole database from a notifying transaction's commit to its end
 * (that is how PostgreSQL keeps notifications in commit order), so a NOTIFY inside every bid made
 * all bids commit one at a time. Instead each process sends its events in batches, in their own
 * transaction, one batch at a time: while a batch is being sent the next one gathers, so under
 * load many changes share one NOTIFY commit.
 */
export class NotifyPublisher<E> {
  private queue: string[] = [];
  private sending: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly channel: string,
    private readonly failureNote: string,
    private readonly log?: PublisherLog,
  ) {}

  /** Queues an event of a committed change; sent at once unless a batch is on its way. */
  publish(event: E): void {
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
          await sql`SELECT pg_notify(${this.channel}, payload) FROM unnest(${batch}::text[]) AS payload`.execute(
            this.db,
          );
        } catch (err) {
          this.log?.warn({ err, events: batch.length }, this.failureNote);
        }
      }
    } finally {
      this.sending = null;
    }
  }
}

export type HubLog = PublisherLog;

type Listener<E> = (event: E) => void;

/**
 * One LISTEN on a channel per process (started at the first stream that needs it), fanned out in
 * process to the subscribers of each key (an item, a user) and to those of every event.
 */
export class NotifyHub<E> {
  private readonly byKey = new Map<number, Set<Listener<E>>>();
  private readonly ofEvery = new Set<Listener<E>>();
  private starting: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly listen: ListenFn,
    private readonly channel: string,
    private readonly keyOf: (event: E) => number,
    /** What an event is called in the log ('auction event'). */
    private readonly name: string,
    private readonly log?: HubLog,
  ) {}

  /** Resolves once this process LISTENs (so a stream opened after it sees every later event). */
  ensureStarted(): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`The ${this.name} hub is closed`));
    if (!this.starting) {
      this.starting = this.listen(this.channel, (payload) => this.dispatch(payload)).then(
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

  /** Adds a subscriber for one key; returns the unsubscribe function. */
  subscribe(key: number, listener: Listener<E>): () => void {
    let set = this.byKey.get(key);
    if (!set) {
      set = new Set();
      this.byKey.set(key, set);
    }
    set.add(listener);
    return () => {
      const current = this.byKey.get(key);
      if (!current) return;
      current.delete(listener);
      if (!current.size) this.byKey.delete(key);
    };
  }

  /** Adds a subscriber for every event; returns the unsubscribe function. */
  subscribeAll(listener: Listener<E>): () => void {
    this.ofEvery.add(listener);
    return () => void this.ofEvery.delete(listener);
  }

  get subscriberCount(): number {
    let n = this.ofEvery.size;
    for (const set of this.byKey.values()) n += set.size;
    return n;
  }

  private dispatch(payload: string): void {
    let event: E;
    try {
      event = JSON.parse(payload) as E;
    } catch {
      this.log?.warn({ payload: payload.slice(0, 200) }, `Ignored a malformed ${this.name}`);
      return;
    }
    const set = this.byKey.get(this.keyOf(event));
    if (!set && !this.ofEvery.size) return;
    for (const listener of [...(set ?? []), ...this.ofEvery]) {
      try {
        listener(event);
      } catch (err) {
        this.log?.warn({ err }, `An ${this.name} subscriber failed`);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.byKey.clear();
    this.ofEvery.clear();
    const starting = this.starting;
    if (starting) await starting.catch(() => undefined);
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }
}
