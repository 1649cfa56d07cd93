// The rendering server's work, inside the shell's front-end server (server/frontEndServer.ts):
// renders a page's first view with the live shell release's server build (server/main.js), which
// loads each remote's server container from the live release the registry names, and keeps the
// HTML for a short time, dropped by the API's change stream. A visitor a canary serves gets their
// releases' page rendered in a render worker (renderWorkers.ts), kept the same way.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { apiUrl, originOf, type RuntimeConfig } from '../config/runtimeConfig';
import { REMOTE_NAMES, type FrontEndName, type RemoteName } from '../frontEnds';
import type { LiveReleases } from '../releases/live';
import type { Registry } from '../releases/registry';
import { matchRoute, routeOf, type RouteFacts } from '../routes/routeManifest';
import {
  listRoute,
  pagesSitemap,
  robotsTxt,
  sitemapIndex,
  urlSitemap,
  type SitemapItem,
  type SitemapLists,
} from '../seo/robotsAndSitemaps';
import { followCatalogueChanges, type CatalogueChange, type ChangeFollower } from './catalogueChanges';
import { PageCache, type CachedPage } from './pageCache';
import type { RenderedPage, ShellServerBuild } from './renderContract';
import { runRenderJob, type RenderJob } from './renderJob';
import { RenderWorkers, type ReleaseSet } from './renderWorkers';
import type { RenderWorkerData } from './renderWorker';
import { StylesheetShelf, type StylesheetsAt } from './stylesheets';

const require = createRequire(import.meta.url);

function numberFrom(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number >= 0 ? number : fallback;
}

/** The rendering server's settings, from the environment (see docs/releasing.md). */
export type RenderSettings = ReturnType<typeof renderSettings>;

export function renderSettings(env: NodeJS.ProcessEnv = process.env) {
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
    /** Render workers alive at once (a set of canaries each); a visitor of another set: rendered in the browser. */
    renderWorkers: numberFrom(env.RENDER_WORKERS, 2),
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
 * parameter (a tracking tag, junk) makes no other page to render and keep. `path`: the
 * request's path, as sent (percent-encoded); `search`: its query, with the '?'.
 */
export function pageUrl(path: string, search: string): string {
  const asked = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = asked.get(name);
    if (value !== null && value.length <= 200) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/** Kept pages are dropped at most this often: a flood of changes cannot keep the cache empty. */
const SWEEP_INTERVAL_MS = 1000;

/**
 * Whether a kept page may show what changed, as its route says (its `staleOn`, from the live
 * releases' route facts `pages`; a path no route serves, robots.txt and the sitemaps: 'catalogue').
 * Any product (no id): every page. `url`: the page's key without its config part.
 */
export function isStale(url: string, page: CachedPage, changes: PendingChanges, pages: readonly RouteFacts[]): boolean {
  if (changes.everything) return true;
  const path = url.split('?')[0];
  const route = routeOf(pages, path);
  switch (route?.staleOn ?? 'catalogue') {
    case 'auctions':
      return changes.auctions.size > 0;
    case 'auctionItem':
      return changes.auctions.has(Number(route && matchRoute(route.path, path)?.id));
    case 'shownProducts':
      if (changes.products.size === 0) return false;
      if (!page.products) return true;
      for (const id of changes.products) if (page.products.has(id)) return true;
      return false;
    case 'catalogue':
      return changes.products.size > 0;
  }
}

/** The changes heard since the last sweep of the kept pages. */
export interface PendingChanges {
  everything: boolean;
  products: Set<number>;
  auctions: Set<number>;
}

/** A page (or robots.txt, a sitemap) as the server answers it; `key` names its body. */
export interface RenderedAnswer {
  status: number;
  body: Buffer;
  key: string;
}

/** robots.txt or a sitemap file, with its type. */
export type SeoAnswer = RenderedAnswer & { type: string };

/** A shell release's server build (its main.js) and its page. */
interface ShellFiles {
  main: string;
  template: string;
}

/** A shell release the renderer renders with on the main thread: its page and its server build. */
interface ShellRelease {
  template: string;
  build: ShellServerBuild;
}

/** A runtime config and the key of its pages, for the registry it was derived from. */
interface LiveState {
  registry: Registry | null;
  config: RuntimeConfig;
  key: string;
}

/** The key pages rendered with `config` are kept under: a release promoted, rolled back or moved makes other pages. */
const configKey = (config: RuntimeConfig) => createHash('sha1').update(JSON.stringify(config)).digest('base64url');

/** How often, while render workers are alive, the registry is read again to end those no canary needs. */
const WORKERS_CHECK_MS = 5000;

const noChanges = (): PendingChanges => ({ everything: false, products: new Set(), auctions: new Set() });

export class PageRenderer {
  readonly store: string;
  readonly live: LiveReleases;
  readonly settings: RenderSettings;
  readonly log: Pick<Console, 'warn' | 'error'>;
  readonly cache = new PageCache();
  readonly rendering = new Map<string, Promise<RenderedAnswer | null>>();
  /** Pages rendered so far (the tests read it). */
  rendered = 0;
  /** For /metrics: pages answered from memory or rendered, and renders per shell release. */
  readonly cacheLookups = { hits: 0, misses: 0 };
  readonly renders = new Map<string, { rendered: number; failed: number }>();
  readonly shells = new Map<string, ShellRelease | null>();
  readonly shellFiles = new Map<string, ShellFiles | null>();
  readonly stylesheets: StylesheetShelf;
  /** The pages of a visitor a canary serves render in a worker of their releases. */
  readonly workers: RenderWorkers;
  workersCheck: NodeJS.Timeout | null = null;
  /** The runtime configs of the running canaries' visitors (by canaries), for the registry of liveState. */
  readonly canaryStates = new Map<string, LiveState>();
  changes: ChangeFollower | null = null;
  /** Changes heard since the last sweep of the kept pages. */
  pendingChanges: PendingChanges = noChanges();
  sweepTimer: NodeJS.Timeout | null = null;
  lastSweep = 0;
  /** Sweeps of the kept pages so far (the tests read it). */
  sweeps = 0;
  /** robots.txt and sitemap files being built: concurrent requests for one share its build. */
  readonly seoBuilds = new Map<string, Promise<SeoAnswer | null>>();
  apiReads = 0;
  readonly apiAgent: http.Agent;
  liveState: LiveState = { registry: null, config: { apiUrl: '', remotes: {}, routes: {}, releases: {} }, key: '' };
  /** The remotes' releases the areas were loaded for (warm), and are being loaded for. */
  warmed: string | null = null;
  warming: string | null = null;

  constructor({
    store,
    live,
    settings = renderSettings(),
    log = console,
  }: {
    store: string;
    live: LiveReleases;
    settings?: RenderSettings;
    log?: Pick<Console, 'warn' | 'error'>;
  }) {
    this.store = store;
    this.live = live;
    this.settings = settings;
    this.log = log;
    this.stylesheets = new StylesheetShelf(log);
    this.workers = new RenderWorkers({
      max: settings.renderWorkers,
      // A render answers within its budget; far past it (its first page waits for its remotes too), it hangs.
      timeoutMs: settings.renderBudgetMs + settings.remoteBudgetMs + 10_000,
      log,
    });
    const agentOptions = { keepAlive: true, maxSockets: API_READS };
    this.apiAgent = settings.apiUrl.startsWith('https:') ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  }

  /**
   * The runtime config of the live releases and the key its pages are kept under (a release
   * promoted, rolled back or moved, its URL included, makes other pages). Derived once per
   * registry read: everything in it comes from the registry and immutable releases.
   */
  #liveConfig(): LiveState {
    const registry = this.live.current();
    if (registry !== this.liveState.registry || !this.liveState.key) {
      const config = this.live.runtimeConfig();
      this.liveState = { registry, config, key: configKey(config) };
      this.canaryStates.clear();
      this.#retainWorkers();
      // A release or canary changed: its server code loads now, not at the page that needs it first
      // (after this turn, so a page being asked for is the one its render starts with).
      setImmediate(
        () => void this.warm().catch((error) => this.log.error('[render] could not preload the areas:', error)),
      );
    }
    return this.liveState;
  }

  /** The runtime config of a visitor `canaries` serve (canariesFor) and its pages' key: the live one for none. */
  #configFor(canaries: readonly FrontEndName[]): LiveState {
    const live = this.#liveConfig();
    if (!canaries.length) return live;
    const name = [...canaries].sort().join(',');
    let state = this.canaryStates.get(name);
    if (!state) {
      const config = this.live.runtimeConfig({ canaries });
      state = { registry: live.registry, config, key: configKey(config) };
      this.canaryStates.set(name, state);
    }
    return state;
  }

  /** Ends the render workers whose releases no running canary serves any more (promoted, rolled back, ended). */
  #retainWorkers(): void {
    const running = new Set(this.live.canaries().map((canary) => canary.frontEnd));
    this.workers.retain(
      ({ key, canaries }) => canaries.every((name) => running.has(name)) && this.#configFor(canaries).key === key,
    );
    if (this.workers.size === 0 && this.workersCheck) {
      clearInterval(this.workersCheck);
      this.workersCheck = null;
    }
  }

  /** Starts following the API's changes (at the first page rendered). */
  #follow(): void {
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
   */
  #changed(change: CatalogueChange): void {
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
  #sweep(): void {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    this.lastSweep = Date.now();
    this.sweeps += 1;
    const changes = this.pendingChanges;
    this.pendingChanges = noChanges();
    // Each page by the routes of the releases it was rendered with (a canary's pages by the canary's).
    const live = this.#liveConfig();
    const livePages = this.#livePages(live.config);
    const pagesOf = new Map([[live.key, livePages]]);
    for (const { key, config } of this.canaryStates.values()) pagesOf.set(key, this.#livePages(config));
    this.cache.drop((key, page) => {
      const bar = key.indexOf('|');
      return isStale(key.slice(bar + 1), page, changes, pagesOf.get(key.slice(0, bar)) ?? livePages);
    });
  }

  close(): void {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    if (this.workersCheck) clearInterval(this.workersCheck);
    this.workersCheck = null;
    void this.workers.close();
    this.changes?.close();
    this.changes = null;
    this.apiAgent.destroy();
  }

  /** A shell release's server build and page (not loaded), or null when it has none. */
  #shellFiles(id: string): ShellFiles | null {
    if (!this.shellFiles.has(id)) {
      const main = join(this.store, 'shell', id, 'server', 'main.js');
      const page = join(this.store, 'shell', id, 'index.html');
      this.shellFiles.set(
        id,
        existsSync(main) && existsSync(page)
          ? { main, template: resolveAssetUrls(readFileSync(page, 'utf8'), `/${id}/`) }
          : null,
      );
    }
    return this.shellFiles.get(id) ?? null;
  }

  /** The live shell release's server build, loaded in this thread, and page; null when it has none. */
  #shell(id: string): ShellRelease | null {
    if (!this.shells.has(id)) {
      const files = this.#shellFiles(id);
      this.shells.set(id, files && { template: files.template, build: require(files.main) as ShellServerBuild });
    }
    return this.shells.get(id) ?? null;
  }

  /** Where a release's CSS is: its folder and the URL it is served at. */
  #stylesheetsAt(frontEnd: FrontEndName, id: string): StylesheetsAt {
    return {
      folder: join(this.store, frontEnd, id),
      base: `${frontEnd === 'shell' ? '/' : this.live.baseUrl(frontEnd)}${id}/`,
    };
  }

  /**
   * The page at `path` and `search` rendered on the server, from memory when kept; null when the
   * live shell release has no server build (the caller serves the page that renders in the browser),
   * and when as many pages as `concurrentRenders` are being rendered (a flood of pages nobody asked
   * for before does not queue up work). A render that fails is logged and answered null too: the
   * page never fails whole.
   */
  async page(path: string, search = '', canaries: readonly FrontEndName[] = []): Promise<RenderedAnswer | null> {
    const url = pageUrl(path, search);
    const state = this.#configFor(canaries);
    const { config } = state;
    const shellId = config.releases?.shell;
    if (!shellId) return null;
    const key = `${state.key}|${url}`;
    const kept = this.cache.get(key);
    if (kept) {
      this.cacheLookups.hits += 1;
      return kept;
    }
    this.cacheLookups.misses += 1;
    let rendering = this.rendering.get(key);
    if (!rendering) {
      if (this.rendering.size >= this.settings.concurrentRenders) return null;
      const set = state === this.liveState ? null : { key: state.key, canaries };
      rendering = this.#render(url, key, shellId, config, set).finally(() => this.rendering.delete(key));
      this.rendering.set(key, rendering);
    }
    return rendering;
  }

  /**
   * 404 when no front end serves `path` (the live shell's pages and the live remotes' routes), 200
   * when one does, null when the live shell release cannot tell (no server build): the status of
   * the page that renders in the browser, so a URL no route matches is 404 rendered or not.
   * `preview`: the tab's ?preview= (its releases' routes count, as its page's do); `canaries`: the
   * front ends whose canary serves the visitor (canariesFor), likewise. Told by the live shell's
   * build (the main thread loads no other shell's), with the config's routes.
   */
  async status(
    path: string,
    preview: string | null = null,
    canaries: readonly FrontEndName[] = [],
  ): Promise<200 | 404 | null> {
    const shellId = this.#liveConfig().config.releases?.shell;
    const config = preview ? this.live.runtimeConfig({ preview, canaries }) : this.#configFor(canaries).config;
    const shell = shellId ? this.#liveShell(shellId) : null;
    if (!shell?.build.pathStatus) return null;
    try {
      return await shell.build.pathStatus({ url: path, config });
    } catch (error) {
      this.log.error(`[render] the status of ${path} could not be told:`, error);
      return null;
    }
  }

  /** What a render needs of `config`'s releases: each remote's server container and stylesheets. */
  #areas(config: RuntimeConfig): Pick<RenderJob, 'serverEntries' | 'stylesheets' | 'serverRoutes'> {
    const serverEntries: Partial<Record<RemoteName, string>> = {};
    const stylesheets: Partial<Record<FrontEndName, StylesheetsAt>> = {};
    if (config.releases?.shell) stylesheets.shell = this.#stylesheetsAt('shell', config.releases.shell);
    const serverRoutes: Partial<Record<RemoteName, readonly string[]>> = {};
    for (const name of REMOTE_NAMES) {
      const id = config.releases?.[name];
      if (!id) continue;
      stylesheets[name] = this.#stylesheetsAt(name, id);
      serverRoutes[name] = this.live.serverRendered(name, id);
      if (existsSync(join(this.store, name, id, 'server', 'remoteEntry.js')))
        serverEntries[name] = `${this.live.baseUrl(name)}${id}/server/remoteEntry.js`;
    }
    return { serverEntries, stylesheets, serverRoutes };
  }

  /** The route facts of `config`'s releases: the remotes' in the list's order, then the shell's. */
  #livePages(config: RuntimeConfig): RouteFacts[] {
    return [...REMOTE_NAMES, 'shell' as const].flatMap((name) => {
      const id = config.releases?.[name];
      return id ? this.live.pages(name, id) : [];
    });
  }

  /** The live shell's server build, or null (none, or it failed to load: logged). */
  #liveShell(shellId: string): ShellRelease | null {
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
  async warm(): Promise<void> {
    const { config } = this.#liveConfig();
    this.#prestartCanaries();
    const shellId = config.releases?.shell;
    const shell = shellId ? this.#liveShell(shellId) : null;
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

  /** The render of `url` with `config`: everything it needs, as data (the same on the main thread and in a worker). */
  #job(url: string, config: RuntimeConfig, template: string): RenderJob {
    const { apiUrl, origin, remoteBudgetMs, dataTimeoutMs, renderBudgetMs } = this.settings;
    return {
      url,
      config,
      ...this.#areas(config),
      template,
      apiUrl,
      origin,
      remoteBudgetMs,
      dataTimeoutMs,
      renderBudgetMs,
    };
  }

  /**
   * Renders a page: with the live releases on the main thread (`set` null), else in the worker of
   * `set`'s releases; null when none can render it (no server build, no room for a worker).
   */
  async #render(
    url: string,
    key: string,
    shellId: string,
    config: RuntimeConfig,
    set: ReleaseSet | null,
  ): Promise<RenderedAnswer | null> {
    // The main thread loads the live shell's build only; a canary's is loaded by its worker.
    const files = this.#shellFiles(shellId);
    const shell = set ? null : this.#liveShell(shellId);
    if (!files || (!set && !shell)) return null;
    this.#follow();
    void this.warm();
    const { settings } = this;
    const job = this.#job(url, config, files.template);
    let rendered: RenderedPage | null;
    try {
      rendered = set
        ? await this.#inWorker(set, files, job)
        : shell && (await runRenderJob(shell.build, job, this.stylesheets));
    } catch (error) {
      this.#counted(shellId).failed += 1;
      this.log.error(`[render] ${url} could not be rendered on the server; it renders in the browser:`, error);
      return null;
    }
    if (!rendered) return null;
    this.rendered += 1;
    this.#counted(shellId).rendered += 1;
    // A page rendered without some of its parts is not kept: the next request tries again.
    let seconds = !rendered.complete
      ? 0
      : this.changes?.connected
        ? settings.cacheSeconds
        : settings.unfollowedCacheSeconds;
    if (rendered.expires !== undefined) seconds = Math.min(seconds, Math.floor((rendered.expires - Date.now()) / 1000));
    return this.cache.set(key, rendered.status, rendered.html, seconds, rendered.products);
  }

  /** Renders `job` in the worker of `set` (started with the shell's build and the set's remotes when it has none). */
  #inWorker(set: ReleaseSet, shell: ShellFiles, job: RenderJob): Promise<RenderedPage | null> {
    this.#checkWorkers();
    return this.workers.render(set, () => this.#workerData(shell, job.serverEntries), job);
  }

  /**
   * Starts the render worker of each running canary alone, so the first visitor it serves does not
   * wait for the worker and its remotes to load (0.7–2.4 s measured). Not for a set of several
   * canaries (rarer; started at its first page), nor in place of another worker.
   */
  #prestartCanaries(): void {
    for (const { frontEnd } of this.live.canaries()) {
      const canaries = [frontEnd];
      const { key, config } = this.#configFor(canaries);
      const shellId = config.releases?.shell;
      const shell = shellId ? this.#shellFiles(shellId) : null;
      if (!shell) continue;
      if (this.workers.prestart({ key, canaries }, () => this.#workerData(shell, this.#areas(config).serverEntries)))
        this.#checkWorkers();
    }
  }

  #workerData(shell: ShellFiles, serverEntries: RenderJob['serverEntries']): RenderWorkerData {
    return { main: shell.main, serverEntries, preloadWaitMs: this.settings.renderBudgetMs };
  }

  /** While workers are alive, the registry is read now and then to end those no canary needs. */
  #checkWorkers(): void {
    if (this.workersCheck) return;
    this.workersCheck = setInterval(() => this.#liveConfig(), WORKERS_CHECK_MS);
    this.workersCheck.unref();
  }

  #counted(shellId: string): { rendered: number; failed: number } {
    let counts = this.renders.get(shellId);
    if (!counts) this.renders.set(shellId, (counts = { rendered: 0, failed: 0 }));
    return counts;
  }

  /**
   * robots.txt and the sitemap (an index, the site's pages, and the catalogue's products and
   * auction items in pages of at most 50,000 URLs), or null for any other path.
   */
  async seo(pathname: string): Promise<SeoAnswer | null> {
    const { origin } = this.settings;
    const xml = 'application/xml; charset=utf-8';
    // What is private and what is listed: the live releases' routes (a release promoted makes other files).
    const live = this.#liveConfig();
    const pages = this.#livePages(live.config);
    const kept = (type: string, build: () => Promise<string>) => this.#kept(live.key, pathname, type, build);
    if (pathname === '/robots.txt') return kept('text/plain; charset=utf-8', async () => robotsTxt(origin, pages));
    if (pathname === '/sitemap.xml')
      return kept(xml, async () => sitemapIndex(origin, await this.#api<SitemapLists>('/sitemap'), pages));
    if (pathname === '/sitemaps/pages.xml') return kept(xml, async () => pagesSitemap(origin, pages));
    const page = /^\/sitemaps\/(products|auctions)-([1-9]\d{0,5})\.xml$/.exec(pathname);
    const route = page && listRoute(pages, page[1] as 'products' | 'auctions');
    if (!page || !route) return null;
    const [, kind, number] = page;
    return kept(xml, async () => {
      const { items } = await this.#api<{ items: SitemapItem[] }>(`/sitemap/${kind}/${number}`);
      return urlSitemap(origin, items, route);
    });
  }

  #kept(liveKey: string, pathname: string, type: string, build: () => Promise<string>): Promise<SeoAnswer | null> {
    this.#follow();
    const key = `seo|${liveKey}|${pathname}`;
    const kept = this.cache.get(key);
    if (kept) return Promise.resolve({ ...kept, type });
    let building = this.seoBuilds.get(key);
    if (!building) {
      building = this.#build(key, pathname, type, build).finally(() => this.seoBuilds.delete(key));
      this.seoBuilds.set(key, building);
    }
    return building;
  }

  async #build(key: string, pathname: string, type: string, build: () => Promise<string>): Promise<SeoAnswer | null> {
    let text: string;
    try {
      text = await build();
    } catch (error) {
      if ((error as { status?: number } | null)?.status === 404) return null;
      this.log.error(`[render] ${pathname} could not be built:`, error);
      return { status: 503, type: 'text/plain; charset=utf-8', body: Buffer.from('Try again later'), key: 'seo:503' };
    }
    const seconds = this.changes?.connected ? this.settings.cacheSeconds : this.settings.unfollowedCacheSeconds;
    return { ...this.cache.set(key, 200, text, seconds), type };
  }

  /** A JSON read of the API, through the capped pool. */
  async #api<T>(path: string): Promise<T> {
    if (this.apiReads >= API_READS) throw new Error(`${API_READS} reads of the API are under way`);
    this.apiReads += 1;
    try {
      const url = new URL(path, this.settings.apiUrl);
      const client = url.protocol === 'https:' ? https : http;
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
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
      return JSON.parse(text) as T;
    } finally {
      this.apiReads -= 1;
    }
  }
}

/**
 * A build's index.html refers to its assets relative to itself, so a release folder works wherever it
 * is copied. Served at a client route (/productdetails/5), those URLs are resolved against the
 * folder's public path.
 */
export function resolveAssetUrls(html: string, base: string): string {
  // Quoted or not (the build minifies the page); absolute URLs, data: and fragments stay as they are.
  return html.replace(
    /(<(?:script|link)\b[^>]*?\s(?:src|href)=)(["']?)(?!["']|[a-z][a-z0-9+.-]*:|\/|#)/gi,
    `$1$2${base}`,
  );
}
