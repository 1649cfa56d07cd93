import { type ComponentType, type ReactElement } from 'react';
import { matchPath, useLocation } from '../router';
import { NotFound } from '../ui/NotFound';

/** One page of a remote, keyed by its route pattern from ROUTES. */
export type PageTable = Record<string, ComponentType>;

/**
 * A remote's route tree. The shell (or the remote's standalone frame) owns the URL table
 * and mounts the area for each of its paths; the area picks its page by the full pathname,
 * so page components read their params with useParams() as usual.
 */
export function AreaRoutes({ pages }: { pages: PageTable }): ReactElement {
  const { pathname } = useLocation();
  for (const [pattern, Page] of Object.entries(pages)) {
    if (matchPath({ path: pattern, end: true }, pathname)) return <Page />;
  }
  return <NotFound />;
}
