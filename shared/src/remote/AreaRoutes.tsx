import { Suspense, lazy, type ComponentType, type ReactElement } from 'react';
import { matchPath, useLocation } from '../router';
import { NotFound } from '../ui/NotFound';
import { Spinner } from '../ui/atoms';

/** One page of a remote, keyed by its route pattern from ROUTES. */
export type PageTable = Record<string, ComponentType>;

/** A page in its own chunk, loaded when it is first shown (AreaRoutes shows a spinner meanwhile). */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

/**
 * A remote's route tree. The shell (or the remote's standalone frame) owns the URL table
 * and mounts the area for each of its paths; the area picks its page by the full pathname,
 * so page components read their params with useParams() as usual.
 */
export function AreaRoutes({ pages }: { pages: PageTable }): ReactElement {
  const { pathname } = useLocation();
  for (const [pattern, Page] of Object.entries(pages)) {
    if (matchPath({ path: pattern, end: true }, pathname)) {
      // A page may be in its own chunk (React.lazy): a spinner while it loads.
      return (
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Page />
        </Suspense>
      );
    }
  }
  return <NotFound />;
}
