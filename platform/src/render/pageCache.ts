// Rendered pages kept in memory for a short time, within a byte budget (the least recently used give way).
import { createHash } from 'node:crypto';
import { byteBudgetLru, type ByteBudgetLru } from '../cache/byteBudgetLru';

/** Memory the kept pages may take. */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * A kept page. `key` names the body (its hash): the compressed copies are kept under it.
 * `products`: the products the page shows, when its render said (a change to another leaves it kept).
 */
export interface CachedPage {
  status: number;
  body: Buffer;
  key: string;
  expires: number;
  products?: ReadonlySet<number>;
}

export class PageCache {
  readonly #pages: ByteBudgetLru<CachedPage>;
  readonly now: () => number;

  constructor({ maxBytes = CACHE_BYTES, now = Date.now }: { maxBytes?: number; now?: () => number } = {}) {
    this.#pages = byteBudgetLru<CachedPage>(maxBytes, (page) => page.body.length);
    this.now = now;
  }

  get size(): number {
    return this.#pages.size;
  }

  /** The page kept under `url` until it expires (by the injected clock), the most recently used from then. */
  get(url: string): CachedPage | null {
    const page = this.#pages.get(url);
    if (!page) return null;
    if (page.expires <= this.now()) {
      this.#pages.delete(url);
      return null;
    }
    return page;
  }

  /**
   * Keeps a page for `seconds` (not at all for 0 or less: the page kept under `url` is dropped)
   * and returns it; `products`: the products it shows.
   */
  set(url: string, status: number, html: string, seconds: number, products?: readonly number[]): CachedPage {
    const body = Buffer.from(html);
    const page: CachedPage = {
      status,
      body,
      key: `page:${createHash('sha1').update(body).digest('base64url')}`,
      expires: this.now() + seconds * 1000,
      ...(products ? { products: new Set(products) } : {}),
    };
    if (seconds <= 0) this.#pages.delete(url);
    else this.#pages.set(url, page);
    return page;
  }

  /** Drops the pages that `match` their URL and page (all of them without a test). */
  drop(matches: (url: string, page: CachedPage) => boolean = () => true): void {
    for (const [url, page] of [...this.#pages.entries()]) if (matches(url, page)) this.#pages.delete(url);
  }
}
