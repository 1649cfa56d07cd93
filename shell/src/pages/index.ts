import { pagesOf, type PageTable } from '@marketplace/shared';
import { routes } from '../routes';

/** The page of any path no front end serves: shared's, the one a remote shows for a path it has no page for. */
export { NotFound as NotFoundPage } from '@marketplace/shared';

/** The shell's own pages, keyed by their path (the remotes' paths come from the runtime config). */
export const SHELL_PAGES: Readonly<PageTable> = pagesOf(routes);
