import type { RuntimeConfig } from '@marketplace/shared';

/**
 * What the rendering server embeds in a page it rendered (a JSON script element, which the
 * Content-Security-Policy lets through as data): the runtime config it rendered with and the
 * answers of the page's API reads. The browser boots from it: no /config.json read, no second
 * fetch of the same data. No import here: the shell's entry reads it before shared code loads.
 */
export interface EmbeddedPage {
  config: RuntimeConfig;
  data: Record<string, unknown>;
  /** The page the server rendered: its path and the parameters pages read (q, cursor). */
  url?: string;
}

/** The query parameters that make another page (platform/src/render/renderer.ts `pageUrl`). */
const PAGE_PARAMS = ['q', 'cursor'];

/**
 * Whether the address bar still shows the page the server rendered: a script may have moved it
 * (history.pushState) before the app started, and HTML of another page cannot be hydrated.
 */
export function showsRenderedPage(page: EmbeddedPage, location: Location = window.location): boolean {
  if (page.url === undefined) return true;
  const rendered = new URL(page.url, location.href);
  const shown = new URL(location.href);
  return (
    rendered.pathname === shown.pathname &&
    PAGE_PARAMS.every((name) => rendered.searchParams.get(name) === shown.searchParams.get(name))
  );
}

export const EMBEDDED_PAGE_ID = 'marketplace-page';

/** The page's embedded state, or null when the page was not rendered on the server. */
export function readEmbeddedPage(): EmbeddedPage | null {
  const text = document.getElementById(EMBEDDED_PAGE_ID)?.textContent;
  if (!text) return null;
  try {
    const page = JSON.parse(text) as Partial<EmbeddedPage> | null;
    return page?.config && page.data ? (page as EmbeddedPage) : null;
  } catch {
    return null;
  }
}
