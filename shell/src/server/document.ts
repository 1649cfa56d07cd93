import { headTags, serializeJsonForHtml, SITE_NAME, type PageMeta } from '@marketplace/shared';
import { EMBEDDED_PAGE_ID, type EmbeddedPage } from '../embeddedPage';

export interface DocumentParts {
  /** The shell's page as its release serves it (asset URLs resolved): head, scripts, an empty root. */
  template: string;
  /** The rendered markup of the root element. */
  root: string;
  meta: PageMeta | null;
  /** Stylesheets the rendered area needs before it paints (a remote's, from its own origin). */
  stylesheets: readonly string[];
  embedded: EmbeddedPage;
  /** The shop's public origin, for canonical and share URLs. */
  origin: string;
}

const ROOT = /<div id=("?)root\1><\/div>/;
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name=("?)description\1 content=("[^"]*"|[^ >]*) ?\/?>/;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The origin of an absolute http(s) URL, or null. */
function originOf(url: string | undefined): string | null {
  try {
    const parsed = new URL(url ?? '');
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The page the rendering server sends: the shell's own page with the rendered root, the page's
 * title, description and share tags in place of the generic ones, a preconnect to the API's
 * origin (the photos come from there: the connection is open before the body names them), the
 * area's stylesheets, and the embedded state the browser boots from (escaped so no text can end
 * the script element).
 */
export function composeDocument({ template, root, meta, stylesheets, embedded, origin }: DocumentParts): string {
  if (!ROOT.test(template)) throw new Error('The shell page has no empty root element to render into');
  let head = '';
  let page = template;
  if (meta) {
    // The page's own title, and its description when it has one (else the site's stays).
    page = page.replace(TITLE, '');
    if (meta.description) page = page.replace(DESCRIPTION, '');
    head += headTags(meta, { origin, siteName: SITE_NAME });
  }
  const api = originOf(embedded.config?.apiUrl);
  if (api && api !== originOf(origin)) head += `<link rel="preconnect" href="${escapeAttribute(api)}">`;
  head += stylesheets.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('');
  // Replacements are functions: page data ($&, $`, $' in a product's name, a search) is text,
  // never a replacement pattern that copies the document into itself.
  page = page.replace('</head>', () => `${head}</head>`);
  const state = `<script type="application/json" id="${EMBEDDED_PAGE_ID}">${serializeJsonForHtml(embedded)}</script>`;
  return page.replace(ROOT, () => `<div id="root">${root}</div>${state}`);
}
