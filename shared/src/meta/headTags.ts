/**
 * What a page tells search engines and share previews about itself, and the <head> HTML the
 * rendering server writes from it. Pages report it with usePageMeta (usePageMeta.ts); the JSON-LD
 * objects come from the builders of jsonLd.ts.
 */

export interface PageMeta {
  /** The page's own title, without the site name: pageTitle() adds it ('Shoes | Marketplace'). */
  title: string;
  /** One or two sentences; headTags trims it to DESCRIPTION_MAX characters. */
  description?: string;
  /** Canonical path (no query). usePageMeta fills in the current pathname when it is missing. */
  path?: string;
  /** The share preview's image: an absolute http(s) URL (a path is taken from the site's origin). */
  image?: string;
  /** og:type; 'website' when missing. */
  type?: 'website' | 'product';
  /** Keep the page out of search results (private pages, not-found pages). */
  noindex?: boolean;
  /**
   * The HTTP status the rendering server answers the page with, when not 200: 404 for a page that
   * says what it shows does not exist (a removed product). headTags does not read it.
   */
  status?: number;
  /**
   * When what the page shows changes with no event to say so (an auction's end): the rendering
   * server keeps its HTML no longer than that. A date-time; headTags does not read it.
   */
  expires?: string;
  /** Extra Open Graph properties, e.g. `product:price:amount`, `product:price:currency`. */
  properties?: Record<string, string>;
  /** schema.org objects (jsonLd.ts), each written as a <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown>[];
}

/** The site's name: the end of every title, og:site_name. */
export const SITE_NAME = 'Marketplace';

/** The description of a page that has none of its own (the one the HTML template carries). */
export const SITE_DESCRIPTION =
  'Marketplace: electronics, accessories and clothing in rupees, and auctions for collectibles.';

/** Longest description written (search engines show about 160 characters; previews a little more). */
export const DESCRIPTION_MAX = 200;

/** The document title of a page: 'Product name | Marketplace'; just the site name for an empty title or the site name itself. */
export function pageTitle(title: string, siteName: string = SITE_NAME): string {
  const own = title.trim();
  return own === '' || own === siteName ? siteName : `${own} | ${siteName}`;
}

/** A description on one line, cut at a word boundary with an ellipsis when longer than `max` characters. */
export function clipDescription(text: string, max: number = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML text and for a double- or single-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for the inside of a <script> element: `<`, `>`, `&`, U+2028 and U+2029 written as \uXXXX
 * escapes, so no text in the data (a product named `</script><script>…`, `<!--`) can end the
 * element or start markup, and the result is still the same JSON (and valid JavaScript).
 * `undefined` (nothing to serialise) is written as `null`.
 */
export function serializeJsonForHtml(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  return json.replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);
}

/** `origin` without a trailing slash. */
function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/** An absolute URL of the site for `path` (a path without a leading slash gets one). */
function siteUrl(origin: string, path: string): string {
  return `${trimOrigin(origin)}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * An image URL a preview can fetch: http(s) URLs as they are, a path from the site's origin;
 * anything else (a `data:` URL of an old record, bare base64) is not an image link: undefined.
 */
export function absoluteImageUrl(image: string | undefined, origin: string): string | undefined {
  const value = (image ?? '').trim();
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return siteUrl(origin, value);
  return undefined;
}

const metaName = (name: string, content: string): string =>
  `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`;
const metaProperty = (property: string, content: string): string =>
  `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`;

/**
 * The <head> HTML of a page, one tag a line: its <title> (pageTitle), the meta description, the
 * canonical link (origin + path; none on a noindex page), robots noindex, Open Graph (og:title,
 * og:description, og:type, og:url, og:image, og:site_name, then `properties`), the Twitter card
 * (summary_large_image with an image, else summary) and each JSON-LD object in a script element.
 * Every text is HTML-escaped; JSON-LD goes through serializeJsonForHtml.
 */
export function headTags(meta: PageMeta, site: { origin: string; siteName: string }): string {
  const title = meta.title.trim() || site.siteName;
  const description = meta.description ? clipDescription(meta.description) : '';
  const url = meta.path !== undefined ? siteUrl(site.origin, meta.path) : undefined;
  const image = absoluteImageUrl(meta.image, site.origin);
  const tags = [`<title>${escapeHtml(pageTitle(meta.title, site.siteName))}</title>`];
  if (description) tags.push(metaName('description', description));
  if (meta.noindex) tags.push(metaName('robots', 'noindex'));
  else if (url) tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);

  tags.push(metaProperty('og:title', title));
  if (description) tags.push(metaProperty('og:description', description));
  tags.push(metaProperty('og:type', meta.type ?? 'website'));
  if (url) tags.push(metaProperty('og:url', url));
  if (image) tags.push(metaProperty('og:image', image));
  tags.push(metaProperty('og:site_name', site.siteName));
  for (const [property, content] of Object.entries(meta.properties ?? {})) tags.push(metaProperty(property, content));

  tags.push(metaName('twitter:card', image ? 'summary_large_image' : 'summary'));
  tags.push(metaName('twitter:title', title));
  if (description) tags.push(metaName('twitter:description', description));
  if (image) tags.push(metaName('twitter:image', image));

  for (const data of meta.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${serializeJsonForHtml(data)}</script>`);
  }
  return tags.join('\n');
}
