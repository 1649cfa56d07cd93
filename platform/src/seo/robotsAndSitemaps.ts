// What the rendering server answers search engines with: robots.txt and the XML sitemaps (an
// index, the site's own pages, and the products and auction items in pages of at most 50,000
// URLs, as the API lists their ids: GET /sitemap, GET /sitemap/{products|auctions}/{page}).
// Text only: the server fetches the ids and keeps the answers (render/renderer.ts).

/** URLs in one sitemap file (the sitemap protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Paths kept out of crawlers: the signed-in pages, the account and password flows, and the pages
 * that act (adding to the cart, logging out). A rule matches every path it begins.
 */
export const PRIVATE_PATHS: readonly string[] = [
  '/viewcart',
  '/checkout',
  '/billconfirm',
  '/myaccount',
  '/login',
  '/signup',
  '/forgetpassword',
  '/otpresetpass',
  '/newpassword',
  '/changepassword',
  '/addproduct',
  '/editproduct/',
  '/addreview',
  '/wishlist',
  '/addauction',
  '/auctionusers/',
  '/logout',
  '/alreadyloggedin',
  '/preload',
  '/getcontact',
  '/emptycart',
];

/** The public pages that are not catalogue entries. */
export const SITE_PAGES: readonly string[] = [
  '/',
  '/newarrival',
  '/review',
  '/auctionhome',
  '/about',
  '/faq',
  '/contact',
];

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
 * robots.txt: the catalogue open to every crawler, the private paths closed, and the sitemap.
 * `origin`: the shop's public origin ('https://shop.example').
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
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

/**
 * The sitemap index (/sitemap.xml): the site's pages, then each page of products and of auction
 * items the API has (GET /sitemap's reply `lists`; its pageSize is the API's concern: each page's
 * file holds what the API lists).
 */
export function sitemapIndex(origin: string, lists: SitemapLists): string {
  const base = trimOrigin(origin);
  const files = ['pages.xml'];
  for (const kind of ['products', 'auctions'] as const) {
    for (let n = 1; n <= pageCount(lists[kind]?.pages); n += 1) files.push(`${kind}-${n}.xml`);
  }
  return xmlDocument(
    'sitemapindex',
    files.map((file) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${file}`)}</loc></sitemap>`),
  );
}

/**
 * The sitemap of the site's own pages (/sitemaps/pages.xml).
 */
export function pagesSitemap(origin: string): string {
  const base = trimOrigin(origin);
  return xmlDocument(
    'urlset',
    SITE_PAGES.map((path) => urlEntry(`${base}${path}`)),
  );
}

/**
 * A sitemap of catalogue entries (/sitemaps/products-{n}.xml, /sitemaps/auctions-{n}.xml): one
 * URL per item (at most SITEMAP_MAX_URLS), at `pathOf(id)` ('/productdetails/12'), with its
 * <lastmod> when the item has one. Throws RangeError for more (a sitemap file may not hold more).
 */
export function urlSitemap(origin: string, items: readonly SitemapItem[], pathOf: (id: number) => string): string {
  if (items.length > SITEMAP_MAX_URLS) {
    throw new RangeError(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs; got ${items.length}`);
  }
  const base = trimOrigin(origin);
  return xmlDocument(
    'urlset',
    items.map((item) => urlEntry(`${base}${pathOf(item.id)}`, item.lastModified)),
  );
}
