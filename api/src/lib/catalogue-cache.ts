import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { NotifiedCache } from './notified-cache';

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
  /** The serialised JSON reply, as the UTF-8 bytes sent (no encoding per request). */
  body: Buffer;
  etag: string;
  /** UTF-8 bytes of the body. */
  size: number;
  /** When it was built (performance.now()), for replies kept a limited time. */
  builtAt: number;
}

/**
 * Memory the cached replies may take. The key holds the public address the reply's photo URLs
 * use (from the Host header when PUBLIC_URL is unset), so a client can make many keys: the
 * oldest replies give way, and a reply larger than the whole budget is not kept.
 */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Catalogue replies (the product list, each product) kept serialised in memory, so a read is a
 * map lookup. Correct across processes: every process LISTENs on CATALOGUE_CHANNEL and drops
 * everything when any process changes a product; while its listening connection is down (a
 * notification could be missed) nothing is cached; a reply built from a read that overlapped a
 * change is not kept.
 */
export class CatalogueCache extends NotifiedCache {
  private readonly entries = new Map<string, CachedReply>();
  private bytesHeld = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {
    super(CATALOGUE_CHANNEL);
  }

  /** Bytes of the replies held now. */
  get bytes(): number {
    return this.bytesHeld;
  }

  /** Drops every reply here at once; call after the transaction that changed products commits. */
  forgetAll(): void {
    this.dropHere(null);
  }

  /** Every change drops every reply (a product's change can alter the list and any page). */
  protected drop(): void {
    this.entries.clear();
    this.bytesHeld = 0;
  }

  /** The reply held under `key`, if any (no promise: a hit is answered in the same tick). */
  peek(key: string): CachedReply | undefined {
    return this.entries.get(key);
  }

  /**
   * The cached reply under `key`, or the one `build` makes (kept when no change overlapped it).
   * `maxAgeMs`: for a reply that follows more than the products (e.g. orders), rebuilt when older.
   */
  async get(key: string, build: () => Promise<string>, maxAgeMs = Infinity): Promise<CachedReply> {
    const hit = this.entries.get(key);
    if (hit && performance.now() - hit.builtAt <= maxAgeMs) return hit;
    const mark = this.changeMark();
    const body = Buffer.from(await build());
    const reply = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, size: body.length, builtAt: performance.now() };
    if (this.mayKeep(mark) && reply.size <= this.maxBytes) this.keep(key, reply);
    return reply;
  }

  private keep(key: string, reply: CachedReply): void {
    this.dropEntry(key); // two requests that missed together both build the reply
    // Map order is insertion order: the first entries are the oldest.
    for (const oldKey of this.entries.keys()) {
      if (this.bytesHeld + reply.size <= this.maxBytes) break;
      this.dropEntry(oldKey);
    }
    this.entries.set(key, reply);
    this.bytesHeld += reply.size;
  }

  private dropEntry(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytesHeld -= old.size;
  }
}
