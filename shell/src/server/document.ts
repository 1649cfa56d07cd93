import { headTags, serializeJsonForHtml, SITE_NAME, type PageMeta } from '@marketplace/shared';
import type { InlineStylesheet } from '@marketplace/platform/render-contract';
import { EMBEDDED_PAGE_ID, type EmbeddedPage } from '../embeddedPage';

export interface DocumentParts {
  /** The shell's page as its release serves it (asset URLs resolved): head, scripts, an empty root. */
  template: string;
  /** The rendered markup of the root element. */
  root: string;
  meta: PageMeta | null;
  /** The CSS the rendered page needs before it paints, inlined (a remote's files among them). */
  stylesheets: readonly InlineStylesheet[];
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
 * page's CSS, and the embedded state the browser boots from (escaped so no text can end
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
  // data-href: the file's name, by which the browser's chunk loader (mini-css-extract-plugin) sees
  // that the page has it and does not fetch it again. No text of it can end the element.
  head += stylesheets
    .map(
      ({ href, css }) =>
        `<style data-href="${escapeAttribute(href)}">${css.replace(/<\/style/gi, '<\\/style')}</style>`,
    )
    .join('');
  // Replacements are functions: page data ($&, $`, $' in a product's name, a search) is text,
  // never a replacement pattern that copies the document into itself.
  page = page.replace('</head>', () => `${head}</head>`);
  const state = `<script type="application/json" id="${EMBEDDED_PAGE_ID}">${serializeJsonForHtml(embedded)}</script>`;
  return page.replace(ROOT, () => `<div id="root">${root}</div>${state}`);
}
