// Compressed replies of the front-end servers, built once per key and coding and kept within a
// byte budget.
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { byteBudgetLru, type ByteBudgetLru } from '../cache/byteBudgetLru';
import type { Coding } from './encoding';

/** Memory the compressed replies may take (the least recently used give way); a larger reply is compressed, not kept. */
const COMPRESSED_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Brotli qualities: a body is compressed at its first request at 5 (a 600 KB script in about
 * 10 ms), then again at 11 in the background, one body at a time (the same script: about 0.8 s,
 * 13 to 15 % smaller), and that is kept. gzip at 9, once.
 */
const BROTLI_FIRST = 5;
const BROTLI_BEST = 11;
/**
 * The background upgrades waiting at once, in bodies and in their bytes: past either, a body keeps
 * its first brotli (a flood of new bodies must not queue work and memory without end).
 */
export const UPGRADE_QUEUE = { bodies: 64, bytes: 16 * 1024 * 1024 };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressed off the event loop (zlib's thread pool). */
function compress(body: Buffer, coding: Coding, quality = BROTLI_FIRST): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(body, { level: 9 });
  return brotliAsync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Reads a body's bytes: called only when its compressed copy is not kept. */
export type BodyReader = () => Promise<Buffer>;

/**
 * Compressed replies, built once per key and coding and kept within a byte budget (the least
 * recently used first out). A key names content that never changes under it: a release's file
 * (releases are immutable), a build folder's file with its modification time and size, a page, a
 * config text.
 */
export class CompressedBodies {
  readonly #kept: ByteBudgetLru<Buffer>;
  readonly #building = new Map<string, Promise<Buffer>>();
  #upgrades: Promise<void> = Promise.resolve();
  readonly #waiting = { bodies: 0, bytes: 0 };
  readonly upgradeQueue: { bodies: number; bytes: number };
  /** Bodies compressed so far (a brotli upgrade counts too). */
  compressions = 0;
  /** Upgrades not queued because the queue was full. */
  upgradesDropped = 0;

  constructor(maxBytes = COMPRESSED_CACHE_BYTES, upgradeQueue = UPGRADE_QUEUE) {
    this.#kept = byteBudgetLru<Buffer>(maxBytes, (packed) => packed.length);
    this.upgradeQueue = upgradeQueue;
  }

  /** Background upgrades waiting or running now: never more than upgradeQueue.bodies. */
  get upgradesWaiting(): number {
    return this.#waiting.bodies;
  }

  /** Bytes kept now (never more than the budget). */
  get bytes(): number {
    return this.#kept.calculatedSize;
  }

  /** Resolves once the background brotli upgrades asked for so far are done. */
  upgraded(): Promise<void> {
    return this.#upgrades;
  }

  /**
   * `body` compressed in `coding`. `upgrade`: whether a brotli body is worth making smaller in the
   * background (content served for long, such as a release's files; not a page kept a minute).
   */
  async get(key: string, coding: Coding, body: BodyReader, { upgrade = true } = {}): Promise<Buffer> {
    const id = `${coding}:${key}`;
    const kept = this.#kept.get(id);
    if (kept) return kept;
    let building = this.#building.get(id);
    if (!building) {
      building = (async () => {
        const packed = await compress(await body(), coding);
        this.compressions += 1;
        this.#kept.set(id, packed);
        if (coding === 'br' && upgrade) this.#upgrade(id, body, packed);
        return packed;
      })().finally(() => this.#building.delete(id));
      this.#building.set(id, building);
    }
    return building;
  }

  /**
   * The smallest brotli, made in the background one body at a time, replacing the first while it is
   * kept; not queued when the queue is full. A queued upgrade holds only the key and the body's
   * reader, and the bytes it will read are counted.
   */
  #upgrade(id: string, body: BodyReader, first: Buffer): void {
    const waiting = this.#waiting;
    const size = first.length;
    if (waiting.bodies >= this.upgradeQueue.bodies || waiting.bytes + size > this.upgradeQueue.bytes) {
      this.upgradesDropped += 1;
      return;
    }
    waiting.bodies += 1;
    waiting.bytes += size;
    this.#upgrades = this.#upgrades.then(async () => {
      try {
        // peek: whether it is still kept, without making it the most recently used.
        if (this.#kept.peek(id) !== first) return;
        const best = await compress(await body(), 'br', BROTLI_BEST);
        this.compressions += 1;
        if (this.#kept.peek(id) === first && best.length < first.length) this.#kept.set(id, best);
      } catch (error) {
        console.error(error);
      } finally {
        waiting.bodies -= 1;
        waiting.bytes -= size;
      }
    });
  }
}
