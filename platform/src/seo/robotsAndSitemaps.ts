// What the rendering server answers search engines with: robots.txt and the XML sitemaps (an
// index, the site's own pages, and the products and auction items in pages of at most 50,000
// URLs, as the API lists their ids: GET /sitemap, GET /sitemap/{products|auctions}/{page}).
// Text only: the server fetches the ids and keeps the answers (render/renderer.ts). What is
// private and what the sitemaps list comes from the live releases' route facts (their routes.json,
// written from each front end's manifest: routes/routeManifest.ts).
import {
  disallowRules,
  fillRoute,
  paramsOf,
  SITEMAP_LISTS,
  type RouteFacts,
  type SitemapList,
} from '../routes/routeManifest';

/** URLs in one sitemap file (the sitemap protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/** GET /sitemap's reply: how many pages of products and of auction items the API lists. */
export interface SitemapLists {
  products?: { pages: number };
  auctions?: { pages: number };
  pageSize?: number;
}

/** An entry of GET /sitemap/{products|auctions}/{page}. */
export interface SitemapItem {
  id: number;
  lastModified?: string;
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text made safe for XML content and attributes.
 */
export function escapeXml(text: string): string {
  return String(text).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

const trimOrigin = (origin: string): string => origin.replace(/\/+$/, '');

/**
 * robots.txt: the catalogue open to every crawler, the private routes of `pages` closed, and the
 * sitemap. `origin`: the shop's public origin ('https://shop.example').
 */
export function robotsTxt(origin: string, pages: readonly RouteFacts[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowRules(pages).map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${trimOrigin(origin)}/sitemap.xml`,
    '',
  ].join('\n');
}

function xmlDocument(element: 'urlset' | 'sitemapindex', entries: readonly string[]): string {
  return [XML_DECLARATION, `<${element} xmlns="${SITEMAP_NS}">`, ...entries, `</${element}>`, ''].join('\n');
}

/**
 * One <url> of a urlset: `loc` an absolute URL, `lastModified` a date-time (ISO 8601), written as
 * UTC when it is one.
 */
function urlEntry(loc: string, lastModified?: string): string {
  const time = lastModified === undefined ? NaN : Date.parse(lastModified);
  const lastmod = Number.isNaN(time) ? '' : `<lastmod>${new Date(time).toISOString()}</lastmod>`;
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
}

function pageCount(pages: number | undefined): number {
  return pages !== undefined && Number.isInteger(pages) && pages > 0 ? pages : 0;
}

/** The route each of the API's lists is listed at ('/productdetails/:id'), when a route of `pages` is. */
export function listRoute(pages: readonly RouteFacts[], list: SitemapList): string | undefined {
  return pages.find((page) => page.sitemap === list)?.path;
}

/**
 * The sitemap index (/sitemap.xml): the site's pages, then each page of products and of auction
 * items the API has (GET /sitemap's reply `lists`; its pageSize is the API's concern: each page's
 * file holds what the API lists), for the lists a route of `pages` is listed from.
 */
export function sitemapIndex(origin: string, lists: SitemapLists, pages: readonly RouteFacts[]): string {
  const base = trimOrigin(origin);
  const files = pages.some((page) => page.sitemap === 'site') ? ['pages.xml'] : [];
  for (const kind of SITEMAP_LISTS) {
    if (!listRoute(pages, kind)) continue;
    for (let n = 1; n <= pageCount(lists[kind]?.pages); n += 1) files.push(`${kind}-${n}.xml`);
  }
  return xmlDocument(
    'sitemapindex',
    files.map((file) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${file}`)}</loc></sitemap>`),
  );
}

/**
 * The sitemap of the site's own pages (/sitemaps/pages.xml): the routes of `pages` listed as 'site'.
 */
export function pagesSitemap(origin: string, pages: readonly RouteFacts[]): string {
  const base = trimOrigin(origin);
  return xmlDocument(
    'urlset',
    pages.filter((page) => page.sitemap === 'site').map((page) => urlEntry(`${base}${page.path}`)),
  );
}

/**
 * A sitemap of catalogue entries (/sitemaps/products-{n}.xml, /sitemaps/auctions-{n}.xml): one
 * URL per item (at most SITEMAP_MAX_URLS), at its route (`route` '/productdetails/:id':
 * '/productdetails/12'), with its <lastmod> when the item has one. Throws RangeError for more (a
 * sitemap file may not hold more).
 */
export function urlSitemap(origin: string, items: readonly SitemapItem[], route: string): string {
  if (items.length > SITEMAP_MAX_URLS) {
    throw new RangeError(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs; got ${items.length}`);
  }
  const base = trimOrigin(origin);
  // The route's one parameter is the item's id (routesFile checks it has one).
  const param = paramsOf(route)[0]?.slice(1) ?? 'id';
  return xmlDocument(
    'urlset',
    items.map((item) => urlEntry(`${base}${fillRoute(route, { [param]: item.id })}`, item.lastModified)),
  );
}
