// A front end's route manifest (<front end>/src/routes.ts): the one place a route's facts are
// written. Its build writes them into the release (routes.json, routesFile below); the platform
// derives robots.txt, the sitemaps and the page cache's invalidation from the live releases' files.
// Pure data and functions: the front ends import it type-only, webpack's configs load it as CommonJS.

/** Where the sitemap lists a route: the site's own pages, or one URL per product or auction item (its `:id`). */
export type SitemapSource = 'site' | 'products' | 'auctions';
export const SITEMAP_LISTS = ['products', 'auctions'] as const;
export type SitemapList = (typeof SITEMAP_LISTS)[number];

/**
 * Which of the API's changes make a kept render of the route stale: 'catalogue' any product's;
 * 'shownProducts' a product the page showed (any product's when the render did not say what it
 * showed); 'auctions' any auction item's; 'auctionItem' the item of the route's `:id`.
 */
export type StaleOn = 'catalogue' | 'shownProducts' | 'auctions' | 'auctionItem';

/**
 * One route of a manifest; `Page` is what the front end renders (a React component): `page`, in
 * the front end's first chunk, or `load`, loaded when the route is first shown (routes sharing
 * one loader share one page).
 */
export type RouteEntry<Page = unknown> = ({ page: Page; load?: never } | { load: () => Promise<Page>; page?: never }) &
  RouteOptions;

/** What the platform derives from a route besides its page. */
export interface RouteOptions {
  /** Its first view is rendered on the server; else the page renders in the browser. */
  serverRendered?: boolean;
  /** Kept from crawlers: robots.txt disallows it (and what lies below it). */
  private?: boolean;
  /** Listed in the sitemap from this source; absent: not listed. */
  sitemap?: SitemapSource;
  /** Default 'catalogue'. */
  staleOn?: StaleOn;
  /**
   * The name other areas link to it by (shared's linkTo(name, params)): they never write its
   * path, so a path changed in this front end's release reaches their links with no release of
   * theirs. Unique across the front ends; lowerCamelCase.
   */
  link?: string;
}

/** A front end's routes, keyed by their pattern (exact, case-sensitive; `:param` segments). */
export type RouteManifest<Page = unknown> = Readonly<Record<string, RouteEntry<Page>>>;

/** A route's facts as its release carries them (routes.json `pages`). */
export interface RouteFacts {
  path: string;
  serverRendered: boolean;
  private: boolean;
  sitemap?: SitemapSource;
  staleOn: StaleOn;
  link?: string;
}

/** A link name: lowerCamelCase. */
export const LINK_NAME = /^[a-z][A-Za-z0-9]{0,59}$/;

/** A release's routes.json: the paths (what the shell mounts), those rendered on the server, and every route's facts. */
export interface RoutesFile {
  routes: string[];
  serverRendered: string[];
  pages: RouteFacts[];
}

/** The routes.json a build writes for `manifest`. */
export function routesFile(manifest: RouteManifest): RoutesFile {
  const pages = Object.entries(manifest).map(([path, entry]): RouteFacts => ({
    path,
    serverRendered: entry.serverRendered === true,
    private: entry.private === true,
    ...(entry.sitemap ? { sitemap: entry.sitemap } : {}),
    staleOn: entry.staleOn ?? 'catalogue',
    ...(entry.link ? { link: entry.link } : {}),
  }));
  const names = pages.flatMap((page) => (page.link ? [page.link] : []));
  for (const name of names) {
    if (!LINK_NAME.test(name)) throw new Error(`link '${name}' is not a lowerCamelCase name`);
    if (names.indexOf(name) !== names.lastIndexOf(name)) throw new Error(`link '${name}' names two routes`);
  }
  for (const { path, sitemap, private: hidden } of pages) {
    if (sitemap && hidden) throw new Error(`${path} is private and in the sitemap: it can be one of them`);
    if (sitemap === 'site' && path.includes(':')) throw new Error(`${path} has parameters: the site's pages have none`);
    if (sitemap && sitemap !== 'site' && paramsOf(path).length !== 1)
      throw new Error(`${path} is listed from the ${sitemap}: it takes the item's id as its one parameter`);
  }
  return {
    routes: pages.map((page) => page.path),
    serverRendered: pages.filter((page) => page.serverRendered).map((page) => page.path),
    pages,
  };
}

/** The link table of `pages`: each link name → its route's pattern. */
export function linkTable(pages: readonly RouteFacts[]): Record<string, string> {
  return Object.fromEntries(pages.flatMap((page) => (page.link ? [[page.link, page.path]] : [])));
}

/** The parameter segments of `pattern`, in order ('/auctionusers/:id' → [':id']). */
export const paramsOf = (pattern: string): string[] => pattern.split('/').filter((part) => part.startsWith(':'));

/** The path of `pattern` with its parameters filled in ('/productdetails/:id', { id: 5 } → '/productdetails/5'). */
export function fillRoute(pattern: string, params: Record<string, string | number>): string {
  return pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? encodeURIComponent(String(params[part.slice(1)] ?? '')) : part))
    .join('/');
}

/**
 * The parameters of `path` (no query) when `pattern` matches it whole, else null: each `:param`
 * one non-empty segment, the rest exact.
 */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      params[want[i].slice(1)] = got[i];
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

/** The route of `pages` that serves `path` (the first that matches), or undefined. */
export function routeOf(pages: readonly RouteFacts[], path: string): RouteFacts | undefined {
  return pages.find((page) => matchRoute(page.path, path) !== null);
}

/**
 * robots.txt's Disallow rules for the private routes: each route's path up to its first parameter
 * ('/editproduct/:id' → '/editproduct/'), once, and none a shorter rule already covers (a rule
 * matches every path it begins).
 */
export function disallowRules(pages: readonly RouteFacts[]): string[] {
  const prefixes = pages
    .filter((page) => page.private)
    .map(({ path }) => {
      const at = path.indexOf(':');
      return at === -1 ? path : path.slice(0, at);
    });
  return prefixes.filter(
    (prefix, i) =>
      prefixes.indexOf(prefix) === i && !prefixes.some((other) => other !== prefix && prefix.startsWith(other)),
  );
}
