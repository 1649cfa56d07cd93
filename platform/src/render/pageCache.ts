// Rendered pages kept in memory for a short time, within a byte budget (the oldest give way).
import { createHash } from 'node:crypto';

/** Memory the kept pages may take. */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * @typedef {{ status: number, body: Buffer, key: string, expires: number, products?: ReadonlySet<number> }} CachedPage
 * `key` names the body (its hash): the compressed copies are kept under it. `products`: the
 * products the page shows, when its render said (a change to another leaves it kept).
 */

export class PageCache {
  /** @type {Map<string, CachedPage>} */
  #pages = new Map();
  #bytes = 0;

  /** @param {{ maxBytes?: number, now?: () => number }} [options] */
  constructor({ maxBytes = CACHE_BYTES, now = Date.now } = {}) {
    this.maxBytes = maxBytes;
    this.now = now;
  }

  get size() {
    return this.#pages.size;
  }

  /** @param {string} url */
  get(url) {
    const page = this.#pages.get(url);
    if (!page) return null;
    if (page.expires <= this.now()) {
      this.#drop(url);
      return null;
    }
    // Most recently used last: the oldest use gives way first.
    this.#pages.delete(url);
    this.#pages.set(url, page);
    return page;
  }

  /**
   * @param {string} url
   * @param {number} status
   * @param {string} html
   * @param {number} seconds  how long it may be served
   * @param {readonly number[]} [products]  the products it shows
   * @returns {CachedPage}
   */
  set(url, status, html, seconds, products) {
    const body = Buffer.from(html);
    /** @type {CachedPage} */
    const page = {
      status,
      body,
      key: `page:${createHash('sha1').update(body).digest('base64url')}`,
      expires: this.now() + seconds * 1000,
      ...(products ? { products: new Set(products) } : {}),
    };
    this.#drop(url);
    const size = url.length + body.length;
    if (seconds <= 0 || size > this.maxBytes) return page;
    for (const old of this.#pages.keys()) {
      if (this.#bytes + size <= this.maxBytes) break;
      this.#drop(old);
    }
    this.#pages.set(url, page);
    this.#bytes += size;
    return page;
  }

  /**
   * Drops the pages that `match` their URL and page (all of them without a test).
   * @param {(url: string, page: CachedPage) => boolean} [matches]
   */
  drop(matches = () => true) {
    for (const [url, page] of [...this.#pages]) if (matches(url, page)) this.#drop(url);
  }

  #drop(url) {
    const page = this.#pages.get(url);
    if (!page) return;
    this.#pages.delete(url);
    this.#bytes -= url.length + page.body.length;
  }
}
