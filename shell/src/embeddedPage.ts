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
