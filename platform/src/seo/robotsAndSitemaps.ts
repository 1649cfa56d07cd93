// What the rendering server answers search engines with: robots.txt and the XML sitemaps (an
// index, the site's own pages, and the products and auction items in pages of at most 50,000
// URLs, as the API lists their ids: GET /sitemap, GET /sitemap/{products|auctions}/{page}).
// Text only: the server fetches the ids and keeps the answers (renderer.mjs).

/** URLs in one sitemap file (the sitemap protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Paths kept out of crawlers: the signed-in pages, the account and password flows, and the pages
 * that act (adding to the cart, logging out). A rule matches every path it begins.
 */
export const PRIVATE_PATHS = [
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
export const SITE_PAGES = ['/', '/newarrival', '/review', '/auctionhome', '/about', '/faq', '/contact'];

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** @type {Record<string, string>} */
const XML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text made safe for XML content and attributes.
 * @param {string} text
 */
export function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** @param {string} origin */
const trimOrigin = (origin) => origin.replace(/\/+$/, '');

/**
 * robots.txt: the catalogue open to every crawler, the private paths closed, and the sitemap.
 * @param {string} origin the shop's public origin ('https://shop.example')
 * @returns {string}
 */
export function robotsTxt(origin) {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${trimOrigin(origin)}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * @param {string} element 'urlset' or 'sitemapindex'
 * @param {string[]} entries
 */
function xmlDocument(element, entries) {
  return [XML_DECLARATION, `<${element} xmlns="${SITEMAP_NS}">`, ...entries, `</${element}>`, ''].join('\n');
}

/**
 * One <url> of a urlset.
 * @param {string} loc absolute URL
 * @param {string} [lastModified] a date-time (ISO 8601); written as UTC when it is one
 */
function urlEntry(loc, lastModified) {
  const time = lastModified === undefined ? NaN : Date.parse(lastModified);
  const lastmod = Number.isNaN(time) ? '' : `<lastmod>${new Date(time).toISOString()}</lastmod>`;
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
}

/**
 * @param {number} pages
 * @returns {number}
 */
function pageCount(pages) {
  return Number.isInteger(pages) && pages > 0 ? pages : 0;
}

/**
 * The sitemap index (/sitemap.xml): the site's pages, then each page of products and of auction
 * items the API has (GET /sitemap).
 * @param {string} origin
 * @param {{ products: { pages: number }, auctions: { pages: number }, pageSize?: number }} lists GET /sitemap's
 *   reply (its pageSize is the API's concern: each page's file holds what the API lists)
 * @returns {string}
 */
export function sitemapIndex(origin, lists) {
  const base = trimOrigin(origin);
  const files = ['pages.xml'];
  for (const kind of /** @type {const} */ (['products', 'auctions'])) {
    for (let n = 1; n <= pageCount(lists[kind]?.pages); n += 1) files.push(`${kind}-${n}.xml`);
  }
  return xmlDocument(
    'sitemapindex',
    files.map((file) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${file}`)}</loc></sitemap>`),
  );
}

/**
 * The sitemap of the site's own pages (/sitemaps/pages.xml).
 * @param {string} origin
 * @returns {string}
 */
export function pagesSitemap(origin) {
  const base = trimOrigin(origin);
  return xmlDocument(
    'urlset',
    SITE_PAGES.map((path) => urlEntry(`${base}${path}`)),
  );
}

/**
 * A sitemap of catalogue entries (/sitemaps/products-{n}.xml, /sitemaps/auctions-{n}.xml): one
 * URL per item, at `pathOf(id)`, with its <lastmod> when the item has one.
 * @param {string} origin
 * @param {readonly { id: number, lastModified?: string }[]} items at most SITEMAP_MAX_URLS
 * @param {(id: number) => string} pathOf the item's path ('/productdetails/12')
 * @returns {string}
 * @throws {RangeError} for more than SITEMAP_MAX_URLS items (a sitemap file may not hold more)
 */
export function urlSitemap(origin, items, pathOf) {
  if (items.length > SITEMAP_MAX_URLS) {
    throw new RangeError(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs; got ${items.length}`);
  }
  const base = trimOrigin(origin);
  return xmlDocument(
    'urlset',
    items.map((item) => urlEntry(`${base}${pathOf(item.id)}`, item.lastModified)),
  );
}
