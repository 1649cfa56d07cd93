import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { sql, type Kysely, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema';
import { NotifiedCache } from './notified-cache';

/**
 * The notification channel of catalogue changes. Its payload is the changed product's id (or
 * empty); every cached reply is dropped either way (lists hold many products), and the id goes on
 * to the rendering server's change stream, which drops only the pages that show that product.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * Tells every API process that a product (or, without an id, products) changed. Call it inside the
 * transaction that changed it: NOTIFY is delivered at commit, so no process drops its cache before
 * the change is visible.
 */
export async function notifyCatalogueChanged(
  db: Transaction<Database> | Kysely<Database>,
  productid?: number,
): Promise<void> {
  await sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, ${productid === undefined ? '' : String(productid)})`.execute(db);
}

/** Content codings the API sends, preferred first. @fastify/compress (app.ts) is given the same list. */
export const ENCODINGS: Array<'br' | 'gzip'> = ['br', 'gzip'];
export type Encoding = 'br' | 'gzip';

/**
 * Replies smaller than this are sent as they are, by the cache and by @fastify/compress (app.ts):
 * compressing a few hundred bytes saves less than the header it adds costs to read.
 */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli quality of a cached reply, compressed once when it is built. On the 48-product page of
 * the demo data (22.9 KB): quality 4 gives 6.5 KB in 0.2 ms, 5 gives 6.3 KB in 0.35 ms, 6 to 8
 * no smaller and slower, 9 gives 6.3 KB in 10 ms, 11 gives 5.5 KB in 28 ms (a 100-product page:
 * 5 in 0.8 ms, 11 in 60 ms). Building runs on the event loop (every product change rebuilds
 * every page read again), so 5: within 15 % of the smallest at a hundredth of its cost.
 */
const BROTLI_QUALITY = 5;

/** One encoding of a cached reply: the bytes sent, with their own ETag. */
export interface Variant {
  body: Buffer;
  /**
   * A strong ETag names one representation: the compressed variants are other bytes, so each has
   * its own (`"<hash>-br"`, `"<hash>-gzip"`), as a cache that stores them side by side needs.
   */
  etag: string;
  /** The content coding; undefined: the body as it is (identity). */
  encoding?: Encoding;
}

/** A serialised JSON reply: the identity variant (the UTF-8 bytes), and compressed ones. */
export interface CachedReply extends Variant {
  /** UTF-8 bytes of the (identity) body. */
  size: number;
  /** When it was built (performance.now()), for replies kept a limited time. */
  builtAt: number;
  /** Brotli and gzip variants; both absent below COMPRESS_MIN_BYTES (the reply then never varies by Accept-Encoding). */
  br?: Variant;
  gzip?: Variant;
  /** Memory the reply holds: every variant's bytes and its objects (what the budget counts, with its key). */
  bytes: number;
}

/**
 * What a kept reply costs besides its bytes: its objects, buffers and ETag strings, and the LRU's
 * entry (about 1.1 KB measured with three variants). Counted so that many small replies (one per
 * product) cannot hold several times the budget.
 */
const ENTRY_OVERHEAD_BYTES = 1024;

/** A buffer of its own: a small one from Node's shared pool would keep the pool's 8 KB alive as long as it is cached. */
function own(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** The reply for a serialised JSON text: its UTF-8 bytes, and compressed variants when it is large enough. */
export function cachedReply(json: string, builtAt = performance.now()): CachedReply {
  const body = own(Buffer.from(json));
  const hash = createHash('sha1').update(body).digest('base64url');
  const reply: CachedReply = {
    body,
    etag: `"${hash}"`,
    size: body.length,
    builtAt,
    bytes: body.length + ENTRY_OVERHEAD_BYTES,
  };
  if (body.length >= COMPRESS_MIN_BYTES) {
    const br = own(
      brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    const gzip = own(gzipSync(body));
    reply.br = { body: br, etag: `"${hash}-br"`, encoding: 'br' };
    reply.gzip = { body: gzip, etag: `"${hash}-gzip"`, encoding: 'gzip' };
    reply.bytes += br.length + gzip.length;
  }
  return reply;
}

/** Accept-Encoding values seen, with the coding each chose (a few distinct values in practice; bounded all the same). */
const negotiated = new Map<string, Encoding | null>();
const NEGOTIATED_MAX = 500;

/**
 * The content coding a request accepts best of ENCODINGS (q-values, q=0 refusals, `*`), or
 * undefined for the body as it is: no Accept-Encoding, `identity`, or nothing acceptable.
 * Negotiated exactly as @fastify/compress does (its parser, `*` and `x-gzip` read as gzip), so a
 * cached reply and a compressed routed one never disagree on what a request gets.
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.delete(negotiated.keys().next().value!);
    negotiated.set(header, encoding);
  }
  return encoding ?? undefined;
}

/** The variant of `reply` to send for a request's Accept-Encoding. */
export function variantFor(reply: CachedReply, acceptEncoding: string | undefined): Variant {
  if (!reply.br) return reply;
  const encoding = acceptedEncoding(acceptEncoding);
  return encoding === undefined ? reply : reply[encoding]!;
}

/** Whether If-None-Match names `etag` (a list, weak comparison as RFC 9110 asks for GET, or `*`). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

/**
 * Catalogue replies (pages of the product list, each product, trending, categories) kept
 * serialised and compressed in memory, so a read is a map lookup. Correct across processes:
 * every process LISTENs on CATALOGUE_CHANNEL and drops everything when any process changes a
 * product; while its listening connection is down (a notification could be missed) nothing is
 * cached; a reply built from a read that overlapped a change is not kept.
 */
export class CatalogueCache extends NotifiedCache {
  /**
   * At most `maxBytes`. The key holds the public address the reply's photo URLs use (from the Host
   * header when PUBLIC_URL is unset), so a client can make many keys: the least recently read
   * replies give way, and a reply larger than the whole budget is not kept.
   */
  private readonly entries: LRUCache<string, CachedReply>;
  /** Reads answered from memory and reads that built their reply (GET /metrics). */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(maxBytes: number) {
    super(CATALOGUE_CHANNEL);
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (reply, key) => reply.bytes + key.length });
  }

  /** Memory the replies held now take (all variants, their objects and keys): at most the budget. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** Drops every reply here at once; call after the transaction that changed products commits. */
  forgetAll(): void {
    this.dropHere(null);
  }

  /** Every change drops every reply (a product's change can alter the list and any page). */
  protected drop(): void {
    this.entries.clear();
  }

  /** The reply held under `key`, if any (no promise: a hit is answered in the same tick). */
  peek(key: string): CachedReply | undefined {
    const held = this.entries.get(key);
    // A miss here goes on to get(), which counts it.
    if (held) this.lookups.hits += 1;
    return held;
  }

  /**
   * The cached reply under `key`, or the one `build` makes (kept when no change overlapped it).
   * `maxAgeMs`: for a reply that follows more than the products (e.g. orders), rebuilt when older.
   */
  async get(key: string, build: () => Promise<string>, maxAgeMs = Infinity): Promise<CachedReply> {
    const hit = this.entries.get(key);
    if (hit && performance.now() - hit.builtAt <= maxAgeMs) {
      this.lookups.hits += 1;
      return hit;
    }
    this.lookups.misses += 1;
    const mark = this.changeMark();
    const reply = cachedReply(await build());
    if (this.mayKeep(mark)) this.entries.set(key, reply);
    return reply;
  }
}
