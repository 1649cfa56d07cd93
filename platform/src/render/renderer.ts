// The rendering server's work, inside the shell's front-end server (scripts/static-server.mjs):
// renders a page's first view with the live shell release's server build (server/main.js), which
// loads each remote's server container from the live release the registry names, and keeps the
// HTML for a short time, dropped by the API's change stream.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { followCatalogueChanges } from './catalogue-changes.mjs';
import { PageCache } from './page-cache.mjs';
import { robotsTxt, sitemapIndex, pagesSitemap, urlSitemap } from './seo.mjs';
import { releaseStylesheets, stylesheetsFor } from './stylesheets.mjs';
import { REMOTE_NAMES } from '../releases/store.mjs';

const require = createRequire(import.meta.url);
const { apiUrl, originOf } = require('../runtime-config.cjs');

/** @param {string | undefined} value @param {number} fallback */
function numberFrom(value, fallback) {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number >= 0 ? number : fallback;
}

/** The rendering server's settings, from the environment (see docs/releasing.md). */
export function renderSettings(env = process.env) {
  return {
    /** The API as this server reaches it (may differ from the browser's address). */
    apiUrl: env.RENDER_API_URL || apiUrl(),
    /** The shop's public origin: canonical URLs, share previews, the sitemap. */
    origin: (env.PUBLIC_ORIGIN || originOf('shell')).replace(/\/$/, ''),
    /** A remote's server code must load within this, else its area renders in the browser. */
    remoteBudgetMs: numberFrom(env.RENDER_REMOTE_BUDGET_MS, 150),
    /** An API read of a page must answer within this, else the browser reads it. */
    dataTimeoutMs: numberFrom(env.RENDER_DATA_TIMEOUT_MS, 300),
    /** The whole render: what still waits then is left to the browser. */
    renderBudgetMs: numberFrom(env.RENDER_BUDGET_MS, 1000),
    /** How long a page is served from memory while the change stream is followed. */
    cacheSeconds: numberFrom(env.RENDER_CACHE_SECONDS, 60),
    /** ... and while it is not (a change may go unseen meanwhile). */
    unfollowedCacheSeconds: numberFrom(env.RENDER_UNFOLLOWED_CACHE_SECONDS, 5),
    /** Pages rendered at once; more (not kept) get the page that renders in the browser. */
    concurrentRenders: Math.max(1, numberFrom(env.RENDER_CONCURRENCY, 4)),
  };
}

/**
 * The rendering server's reads of the API for robots and sitemaps: connections kept alive and
 * capped, far below the API's 256 per client; reads beyond `API_READS` at once are refused (503)
 * rather than queued, and one read answers every request for the same file.
 */
const API_READS = 8;
const API_READ_TIMEOUT_MS = 10_000;

/** The query parameters a page reads (the search of /newarrival?q=, a list's ?cursor=). */
const PAGE_PARAMS = ['q', 'cursor'];

/**
 * The page a request asks for: its path and the parameters a page reads, in one order; any other
 * parameter (a tracking tag, junk) makes no other page to render and keep.
 * @param {string} path  the request's path, as sent (percent-encoded)
 * @param {string} search  its query, with the '?'
 */
export function pageUrl(path, search) {
  const asked = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = asked.get(name);
    if (value !== null && value.length <= 200) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/** Paths under which a page shows an auction item or the auction list (dropped with its events). */
const AUCTION_PAGES = /^\/(auction|auctionhome|auctionproduct\/(\d+))(\?|$)/;
/** A product's own page. */
const PRODUCT_PAGE = /^\/productdetails\/\d+(\?|$)/;
/** Kept pages are dropped at most this often: a flood of changes cannot keep the cache empty. */
const SWEEP_INTERVAL_MS = 1000;

/**
 * Whether a kept page may show what changed. An auction item's events: that item's page and the
 * auction lists. A product (`id`): every page that shows it, and every page but the other products'
 * and the auctions' (a list may now take it in: the home page, a search, the sitemap); a page whose
 * render did not say what it shows, at any product change. Any product (no id): every page.
 * @param {string} url  the page's key without its config part
 * @param {import('./page-cache.mjs').CachedPage} page
 * @param {{ everything: boolean, products: ReadonlySet<number>, auctions: ReadonlySet<number> }} changes
 */
export function isStale(url, page, changes) {
  if (changes.everything) return true;
  const auction = AUCTION_PAGES.exec(url);
  if (auction) return changes.auctions.size > 0 && (!auction[2] || changes.auctions.has(Number(auction[2])));
  if (changes.products.size === 0) return false;
  if (!PRODUCT_PAGE.test(url) || !page.products) return true;
  for (const id of changes.products) if (page.products.has(id)) return true;
  return false;
}

/**
 * @typedef {{ status: number, body: Buffer, key: string }} RenderedAnswer
 * @typedef {{
 *   renderPage(request: object): Promise<{ status: number, html: string, complete: boolean, expires?: number, products?: number[] }>,
 *   preloadAreas(request: { serverEntries: Record<string, string> }): Promise<string[]>,
 *   pathStatus?(request: { url: string, config: object }): Promise<200 | 404>,
 * }} ShellServerBuild
 */

export class PageRenderer {
  /**
   * @param {{
   *   store: string,
   *   live: import('../releases/live.mjs').LiveReleases,
   *   settings?: ReturnType<typeof renderSettings>,
   *   log?: Pick<Console, 'warn' | 'error'>,
   * }} options
   */
  constructor({ store, live, settings = renderSettings(), log = console }) {
    this.store = store;
    this.live = live;
    this.settings = settings;
    this.log = log;
    this.cache = new PageCache();
    /** @type {Map<string, Promise<RenderedAnswer | null>>} */
    this.rendering = new Map();
    /** Pages rendered so far (the tests read it). */
    this.rendered = 0;
    /** @type {Map<string, { template: string, build: ShellServerBuild } | null>} */
    this.shells = new Map();
    /** @type {Map<string, import('./stylesheets.mjs').Stylesheet[]>} */
    this.stylesheets = new Map();
    /** @type {Map<string, readonly string[]>} */
    this.serverRoutes = new Map();
    /** @type {ReturnType<typeof followCatalogueChanges> | null} */
    this.changes = null;
    /** Changes heard since the last sweep of the kept pages. */
    this.pendingChanges = { everything: false, products: new Set(), auctions: new Set() };
    /** @type {NodeJS.Timeout | null} */
    this.sweepTimer = null;
    this.lastSweep = 0;
    /** Sweeps of the kept pages so far (the tests read it). */
    this.sweeps = 0;
    /** robots.txt and sitemap files being built: concurrent requests for one share its build. */
    /** @type {Map<string, Promise<{ status: number, type: string, body: Buffer, key: string } | null>>} */
    this.seoBuilds = new Map();
    this.apiReads = 0;
    const agentOptions = { keepAlive: true, maxSockets: API_READS };
    this.apiAgent = settings.apiUrl.startsWith('https:') ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
    /** The live runtime config and the key of its pages, for the registry it was derived from. */
    this.liveState = { registry: null, config: null, key: '' };
  }

  /**
   * The runtime config of the live releases and the key its pages are kept under (a release
   * promoted, rolled back or moved, its URL included, makes other pages). Derived once per
   * registry read: everything in it comes from the registry and immutable releases.
   */
  #liveConfig() {
    const registry = this.live.current();
    if (registry !== this.liveState.registry) {
      const config = this.live.runtimeConfig();
      this.liveState = {
        registry,
        config,
        key: createHash('sha1').update(JSON.stringify(config)).digest('base64url'),
      };
    }
    return this.liveState;
  }

  /** Starts following the API's changes (at the first page rendered). */
  #follow() {
    if (this.changes) return;
    this.changes = followCatalogueChanges(this.settings.apiUrl, {
      onChange: (change) => this.#changed(change),
      // Changes made while the stream was down were not seen: nothing kept from then is trusted.
      onConnected: () => {
        this.pendingChanges.everything = true;
        this.#sweep();
      },
      onDisconnected: () => undefined,
      log: this.log,
    });
  }

  /**
   * Notes a change and sweeps the kept pages once it may (at most one sweep a second, the first at once).
   * @param {import('./catalogue-changes.mjs').CatalogueChange} change
   */
  #changed(change) {
    const pending = this.pendingChanges;
    if (change.scope === 'auction') pending.auctions.add(change.id);
    else if (change.id === undefined) pending.everything = true;
    else pending.products.add(change.id);
    if (this.sweepTimer) return;
    const wait = Math.max(0, this.lastSweep + SWEEP_INTERVAL_MS - Date.now());
    this.sweepTimer = setTimeout(() => this.#sweep(), wait);
    this.sweepTimer.unref();
  }

  /** Drops the kept pages the changes heard since the last sweep may have made stale. */
  #sweep() {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    this.lastSweep = Date.now();
    this.sweeps += 1;
    const changes = this.pendingChanges;
    this.pendingChanges = { everything: false, products: new Set(), auctions: new Set() };
    this.cache.drop((key, page) => isStale(key.slice(key.indexOf('|') + 1), page, changes));
  }

  close() {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    this.changes?.close();
    this.changes = null;
    this.apiAgent.destroy();
  }

  /** The live shell release's server build and page, or null when it has none. */
  #shell(id) {
    if (!this.shells.has(id)) {
      const main = join(this.store, 'shell', id, 'server', 'main.js');
      const page = join(this.store, 'shell', id, 'index.html');
      if (!existsSync(main) || !existsSync(page)) this.shells.set(id, null);
      else {
        const template = resolveAssetUrls(readFileSync(page, 'utf8'), `/${id}/`);
        this.shells.set(id, { template, build: require(main) });
      }
    }
    return this.shells.get(id) ?? null;
  }

  /** A release's stylesheets with what they style (read once per release and address). */
  #stylesheetsOf(frontEnd, id) {
    const base = `${frontEnd === 'shell' ? '/' : this.live.baseUrl(frontEnd)}${id}/`;
    if (!this.stylesheets.has(base)) {
      let sheets = [];
      try {
        sheets = releaseStylesheets(join(this.store, frontEnd, id), base);
      } catch (error) {
        this.log.error(`[render] the stylesheets of ${frontEnd} ${id} could not be read:`, error);
      }
      this.stylesheets.set(base, sheets);
    }
    return this.stylesheets.get(base);
  }

  /**
   * The page at `path` and `search` rendered on the server, from memory when kept; null when the
   * live shell release has no server build (the caller serves the page that renders in the browser),
   * and when as many pages as `concurrentRenders` are being rendered (a flood of pages nobody asked
   * for before does not queue up work). A render that fails is logged and answered null too: the
   * page never fails whole.
   * @param {string} path
   * @param {string} [search]
   * @returns {Promise<RenderedAnswer | null>}
   */
  async page(path, search = '') {
    const url = pageUrl(path, search);
    const live = this.#liveConfig();
    const { config } = live;
    const shellId = config.releases?.shell;
    if (!shellId) return null;
    const key = `${live.key}|${url}`;
    const kept = this.cache.get(key);
    if (kept) return kept;
    let rendering = this.rendering.get(key);
    if (!rendering) {
      if (this.rendering.size >= this.settings.concurrentRenders) return null;
      rendering = this.#render(url, key, shellId, config).finally(() => this.rendering.delete(key));
      this.rendering.set(key, rendering);
    }
    return rendering;
  }

  /**
   * 404 when no front end serves `path` (the live shell's pages and the live remotes' routes), 200
   * when one does, null when the live shell release cannot tell (no server build): the status of
   * the page that renders in the browser, so a URL no route matches is 404 rendered or not.
   * @param {string} path
   * @param {string | null} [preview]  the tab's ?preview= (its releases' routes count, as its page's do)
   * @returns {Promise<200 | 404 | null>}
   */
  async status(path, preview = null) {
    const config = preview ? this.live.runtimeConfig({ preview }) : this.#liveConfig().config;
    const shellId = config.releases?.shell;
    const shell = shellId && this.#liveShell(shellId);
    if (!shell?.build.pathStatus) return null;
    try {
      return await shell.build.pathStatus({ url: path, config });
    } catch (error) {
      this.log.error(`[render] the status of ${path} could not be told:`, error);
      return null;
    }
  }

  /** What a render needs of the live releases: each remote's server container and stylesheets. */
  #areas(config) {
    /** @type {Record<string, string>} */
    const serverEntries = {};
    /** @type {Record<string, import('./stylesheets.mjs').Stylesheet[]>} */
    const stylesheets = { shell: config.releases?.shell ? this.#stylesheetsOf('shell', config.releases.shell) : [] };
    /** @type {Record<string, readonly string[]>} */
    const serverRoutes = {};
    for (const name of REMOTE_NAMES) {
      const id = config.releases?.[name];
      if (!id) continue;
      stylesheets[name] = this.#stylesheetsOf(name, id);
      serverRoutes[name] = this.#serverRoutesOf(name, id);
      if (existsSync(join(this.store, name, id, 'server', 'remoteEntry.js')))
        serverEntries[name] = `${this.live.baseUrl(name)}${id}/server/remoteEntry.js`;
    }
    return { serverEntries, stylesheets, serverRoutes };
  }

  /** The routes a remote release renders on the server (its routes.json `serverRendered`, among its routes). */
  #serverRoutesOf(name, id) {
    const key = `${name}/${id}`;
    if (!this.serverRoutes.has(key)) {
      let paths = [];
      try {
        const { routes, serverRendered } = JSON.parse(readFileSync(join(this.store, name, id, 'routes.json'), 'utf8'));
        if (Array.isArray(routes) && Array.isArray(serverRendered))
          paths = serverRendered.filter((path) => typeof path === 'string' && routes.includes(path));
      } catch {
        // none: the remote's pages render in the browser
      }
      this.serverRoutes.set(key, paths);
    }
    return this.serverRoutes.get(key);
  }

  /** The live shell's server build, or null (none, or it failed to load: logged). */
  #liveShell(shellId) {
    try {
      return this.#shell(shellId);
    } catch (error) {
      this.log.error(`[render] the server build of shell ${shellId} could not be loaded:`, error);
      this.shells.set(shellId, null);
      return null;
    }
  }

  /**
   * Loads the live remotes' server code before a page asks for it (at start, and when a release
   * changed), so the first page after a deploy is not left to the browser for being first.
   */
  async warm() {
    const { config } = this.#liveConfig();
    const shellId = config.releases?.shell;
    const shell = shellId && this.#liveShell(shellId);
    if (!shell) return;
    const releases = JSON.stringify(config.remotes);
    if (this.warmed === releases || this.warming === releases) return;
    this.warming = releases;
    try {
      const failed = await shell.build.preloadAreas({ serverEntries: this.#areas(config).serverEntries });
      // A remote whose server is not up yet is tried again at the next page.
      if (failed.length === 0) this.warmed = releases;
    } finally {
      this.warming = null;
    }
  }

  async #render(url, key, shellId, config) {
    const shell = this.#liveShell(shellId);
    if (!shell) return null;
    this.#follow();
    void this.warm();
    const { serverEntries, stylesheets, serverRoutes } = this.#areas(config);
    const { settings } = this;
    let rendered;
    try {
      rendered = await shell.build.renderPage({
        url,
        config,
        serverEntries,
        serverRoutes,
        /** @param {string} root @param {string | null} area */
        stylesheetsFor: (root, area) =>
          stylesheetsFor(root, [...stylesheets.shell, ...((area && stylesheets[area]) || [])]),
        template: shell.template,
        apiUrl: settings.apiUrl,
        origin: settings.origin,
        remoteBudgetMs: settings.remoteBudgetMs,
        dataTimeoutMs: settings.dataTimeoutMs,
        renderBudgetMs: settings.renderBudgetMs,
      });
    } catch (error) {
      this.log.error(`[render] ${url} could not be rendered on the server; it renders in the browser:`, error);
      return null;
    }
    this.rendered += 1;
    // A page rendered without some of its parts is not kept: the next request tries again.
    let seconds = !rendered.complete
      ? 0
      : this.changes?.connected
        ? settings.cacheSeconds
        : settings.unfollowedCacheSeconds;
    if (rendered.expires !== undefined) seconds = Math.min(seconds, Math.floor((rendered.expires - Date.now()) / 1000));
    return this.cache.set(key, rendered.status, rendered.html, seconds, rendered.products);
  }

  /**
   * robots.txt and the sitemap (an index, the site's pages, and the catalogue's products and
   * auction items in pages of at most 50,000 URLs), or null for any other path.
   * @param {string} pathname
   * @returns {Promise<{ status: number, type: string, body: Buffer, key: string } | null>}
   */
  async seo(pathname) {
    const { origin } = this.settings;
    const xml = 'application/xml; charset=utf-8';
    if (pathname === '/robots.txt')
      return this.#kept(pathname, 'text/plain; charset=utf-8', async () => robotsTxt(origin));
    if (pathname === '/sitemap.xml')
      return this.#kept(pathname, xml, async () => sitemapIndex(origin, await this.#api('/sitemap')));
    if (pathname === '/sitemaps/pages.xml') return this.#kept(pathname, xml, async () => pagesSitemap(origin));
    const page = /^\/sitemaps\/(products|auctions)-([1-9]\d{0,5})\.xml$/.exec(pathname);
    if (!page) return null;
    const [, kind, number] = page;
    return this.#kept(pathname, xml, async () => {
      const { items } = await this.#api(`/sitemap/${kind}/${number}`);
      return urlSitemap(origin, items, (id) =>
        kind === 'products' ? `/productdetails/${id}` : `/auctionproduct/${id}`,
      );
    });
  }

  #kept(pathname, type, build) {
    this.#follow();
    const key = `seo|${pathname}`;
    const kept = this.cache.get(key);
    if (kept) return Promise.resolve({ ...kept, type });
    let building = this.seoBuilds.get(key);
    if (!building) {
      building = this.#build(key, pathname, type, build).finally(() => this.seoBuilds.delete(key));
      this.seoBuilds.set(key, building);
    }
    return building;
  }

  async #build(key, pathname, type, build) {
    let text;
    try {
      text = await build();
    } catch (error) {
      if (error?.status === 404) return null;
      this.log.error(`[render] ${pathname} could not be built:`, error);
      return { status: 503, type: 'text/plain; charset=utf-8', body: Buffer.from('Try again later'), key: 'seo:503' };
    }
    const seconds = this.changes?.connected ? this.settings.cacheSeconds : this.settings.unfollowedCacheSeconds;
    return { ...this.cache.set(key, 200, text, seconds), type };
  }

  /** A JSON read of the API, through the capped pool. */
  async #api(path) {
    if (this.apiReads >= API_READS) throw new Error(`${API_READS} reads of the API are under way`);
    this.apiReads += 1;
    try {
      const url = new URL(path, this.settings.apiUrl);
      const client = url.protocol === 'https:' ? https : http;
      const { status, text } = await new Promise((resolve, reject) => {
        const request = client.get(url, { agent: this.apiAgent, timeout: API_READ_TIMEOUT_MS }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: body }));
          response.on('error', reject);
        });
        request.on('timeout', () => request.destroy(new Error(`${path} took over ${API_READ_TIMEOUT_MS} ms`)));
        request.on('error', reject);
      });
      if (status < 200 || status > 299) throw Object.assign(new Error(`${path} answered ${status}`), { status });
      return JSON.parse(text);
    } finally {
      this.apiReads -= 1;
    }
  }
}

/**
 * A build's index.html refers to its assets relative to itself, so a release folder works wherever it
 * is copied. Served at a client route (/productdetails/5), those URLs are resolved against the
 * folder's public path.
 * @param {string} html
 * @param {string} base
 */
export function resolveAssetUrls(html, base) {
  // Quoted or not (the build minifies the page); absolute URLs, data: and fragments stay as they are.
  return html.replace(
    /(<(?:script|link)\b[^>]*?\s(?:src|href)=)(["']?)(?!["']|[a-z][a-z0-9+.-]*:|\/|#)/gi,
    `$1$2${base}`,
  );
}
