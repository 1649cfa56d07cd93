import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ListenFn } from '../db/listen';

/** The notification channel of catalogue changes (no payload: every cached reply is dropped). */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * Tells every API process that products changed. Call it inside the transaction that changed
 * them: NOTIFY is delivered at commit, so no process drops its cache before the change is visible.
 */
export async function notifyCatalogueChanged(db: Transaction<Database> | Kysely<Database>): Promise<void> {
  await sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, '')`.execute(db);
}

export interface CachedReply {
  /** The serialised JSON reply. */
  body: string;
  etag: string;
}

/** Enough for every product of a large catalogue at one public address; beyond it, replies are built each time. */
const MAX_ENTRIES = 20_000;

/**
 * Catalogue replies (the product list, each product) kept serialised in memory, so a read is a
 * map lookup. Correct across processes: every process LISTENs on CATALOGUE_CHANNEL and drops
 * everything when any process changes a product; while its listening connection is down (a
 * notification could be missed) nothing is cached; a reply built from a read that overlapped a
 * change is not kept.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, CachedReply>();
  private generation = 0;
  private listening = false;
  private stop: (() => Promise<void>) | null = null;

  async start(listen: ListenFn): Promise<void> {
    this.stop = await listen(
      CATALOGUE_CHANNEL,
      () => this.invalidate(),
      (listening) => {
        this.listening = listening;
        this.invalidate();
      },
    );
    this.listening = true;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** The cached reply under `key`, or the one `build` makes (kept when no change overlapped it). */
  async get(key: string, build: () => Promise<string>): Promise<CachedReply> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const body = await build();
    const reply = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (this.listening && generation === this.generation && this.entries.size < MAX_ENTRIES) this.entries.set(key, reply);
    return reply;
  }

  async close(): Promise<void> {
    this.listening = false;
    this.entries.clear();
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }
}
