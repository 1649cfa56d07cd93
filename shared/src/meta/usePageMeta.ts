import { createContext, useContext, useEffect } from 'react';
import { useLocation } from '../router';
import { SITE_DESCRIPTION, SITE_NAME, clipDescription, pageTitle, type PageMeta } from './headTags';

/** Where a server render collects the page's meta (the rendering server provides one per page). */
export interface PageMetaCollector {
  /** Called during render by every usePageMeta with meta; the last call wins (the page's, as pages render last). */
  set(meta: PageMeta): void;
  /** Called during render by useNoindex(true): the page is kept out of search results whatever its meta says. */
  noindex?(): void;
  /** The site's public origin ('https://shop.example'): what useSiteOrigin answers during the server render. */
  origin?: string;
}

/** The collector of the server render in progress; null in the browser. */
export const PageMetaContext = createContext<PageMetaCollector | null>(null);

/**
 * The site's public origin, for the absolute URLs of structured data (jsonLd.ts): the collector's
 * during a server render, the page's own in the browser ('' when neither is known).
 */
export function useSiteOrigin(): string {
  const collector = useContext(PageMetaContext);
  if (collector) return collector.origin ?? '';
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** What the browser shows of a page's meta: the tab title and the meta description. */
interface Shown {
  title: string;
  description: string;
}

/**
 * The meta of each mounted usePageMeta and useNoindex, in the order they last changed: the last
 * one with meta is shown; the page is kept from search engines while any of them says noindex.
 */
const mounted: { shown: Shown | null; noindex: boolean }[] = [];

function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  return tag;
}

function show(): void {
  let latest: Shown | null = null;
  for (const entry of mounted) latest = entry.shown ?? latest;
  const { title, description } = latest ?? { title: SITE_NAME, description: SITE_DESCRIPTION };
  if (document.title !== title) document.title = title;
  const tag = metaTag('description');
  if (tag.content !== description) tag.content = description;
  // The rendering server's tag (headTags) is kept or dropped as the page now shown says.
  if (mounted.some((entry) => entry.noindex)) {
    const robots = metaTag('robots');
    if (robots.content !== 'noindex') robots.content = 'noindex';
  } else document.head.querySelector('meta[name="robots"]')?.remove();
}

/** Keeps `entry` among the mounted ones while the calling component is, and shows the result. */
function useShown(shown: Shown | null, noindex: boolean): void {
  const title = shown?.title ?? null;
  const description = shown?.description ?? null;
  useEffect(() => {
    const entry = { shown: title === null || description === null ? null : { title, description }, noindex };
    mounted.push(entry);
    show();
    return () => {
      mounted.splice(mounted.indexOf(entry), 1);
      show();
    };
  }, [title, description, noindex]);
}

/**
 * A page's title, description, share preview and structured data. `null` while the page has
 * nothing to say yet (its data is loading). Renders nothing.
 *
 * In a server render (a PageMetaContext collector) it reports `meta` to the collector during
 * render, with `path` defaulting to the current pathname. In the browser it sets the tab title
 * (pageTitle), the meta description and robots noindex in an effect, so client navigations show
 * them; while no page has meta (or when the last one unmounts) the site's own title and
 * description come back.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const collector = useContext(PageMetaContext);
  const { pathname } = useLocation();
  if (collector && meta) collector.set(meta.path === undefined ? { ...meta, path: pathname } : meta);

  useShown(
    meta ? { title: pageTitle(meta.title), description: clipDescription(meta.description ?? SITE_DESCRIPTION) } : null,
    meta?.noindex === true,
  );
}

/**
 * Keeps the page out of search results while `noindex` (robots noindex), whatever its own meta
 * says: the shell calls it for the routes their manifests mark private. In a server render it
 * tells the collector; in the browser it keeps the robots tag while mounted.
 */
export function useNoindex(noindex: boolean): void {
  const collector = useContext(PageMetaContext);
  if (collector && noindex) collector.noindex?.();
  useShown(null, noindex);
}
