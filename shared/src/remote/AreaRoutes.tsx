import { Suspense, lazy, type ComponentType, type ReactElement } from 'react';
import { matchPath, useLocation } from '../router';
import { NotFound } from '../ui/NotFound';
import { Spinner } from '../ui/atoms';
import { withRetries } from './retry';

/** One page of a front end, keyed by its route pattern (its route manifest, src/routes.ts). */
export type PageTable = Record<string, ComponentType>;

/** What pagesOf reads of a front end's route manifest: each route's page, or the loader of its chunk. */
export type PageLoaders = Readonly<
  Record<string, { page: ComponentType; load?: undefined } | { load: () => Promise<ComponentType>; page?: undefined }>
>;

/** Pages whose chunk could not be loaded, each with the way to try it afresh. */
const failedPages = new Set<() => void>();

/**
 * A page in its own chunk, loaded when it is first shown (AreaRoutes shows a spinner meanwhile).
 * A failed chunk is tried again a few times with backoff; if it still fails, the error reaches the
 * area's boundary. React.lazy keeps a failure for good, so the page is then remembered as failed
 * and `retryFailedPages` gives it a new lazy component that loads the chunk afresh.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const create = () =>
    lazy(() =>
      withRetries(load).then(
        (module) => ({ default: pick(module) }),
        (error: unknown) => {
          failedPages.add(reset);
          throw error;
        },
      ),
    );
  let current = create();
  const reset = () => {
    failedPages.delete(reset);
    current = create();
  };
  return function LazyPage(): ReactElement {
    const Page = current;
    return <Page />;
  };
}

/** Lets every page whose chunk failed load it again at its next render (an area's Retry, or navigation). */
export function retryFailedPages(): void {
  for (const reset of [...failedPages]) reset();
}

/**
 * The page table of a route manifest: each route's page, or its chunk's page loaded when first
 * shown (lazyPage); routes that share a loader share one page, so moving between them keeps it mounted.
 */
export function pagesOf(manifest: PageLoaders): PageTable {
  const lazyPages = new Map<() => Promise<ComponentType>, ComponentType>();
  const table: PageTable = {};
  for (const [path, entry] of Object.entries(manifest)) {
    if (entry.page) {
      table[path] = entry.page;
      continue;
    }
    let Page = lazyPages.get(entry.load);
    if (!Page) {
      Page = lazyPage(entry.load, (component) => component);
      lazyPages.set(entry.load, Page);
    }
    table[path] = Page;
  }
  return table;
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
