import { renderScope } from '@marketplace/shared';
import { SHELL_PAGES } from '../pages';
import type { RemoteName } from '@marketplace/platform/front-ends';

export interface RemoteRoute {
  path: string;
  area: RemoteName;
  /** Its manifest marks it private: kept from search engines (noindex). */
  private: boolean;
}

const ROUTE_PATTERN = /^\/[A-Za-z0-9/_:.-]{0,200}$/;

/** A remote's name as the runtime config gives it: a front end's name (lower case), not the shell's. */
const isRemoteName = (name: string): name is RemoteName => name !== 'shell' && /^[a-z][a-z0-9]{0,39}$/.test(name);

/** The browser's table (a page has one config); a server render reads its own scope's. */
let table: RemoteRoute[] = [];

/**
 * The routes each remote's live release serves (runtime config `routes`), checked: the shell's own
 * paths stay the shell's, a path claimed twice goes to the first remote, and anything that is not
 * a route pattern is left out. A remote that adds a page releases alone; the shell learns it here.
 * `privateRoutes`: those of each remote's routes its manifest marks private.
 */
export function checkedRemoteRoutes(
  routes: Partial<Record<string, readonly unknown[]>>,
  privateRoutes: Partial<Record<string, readonly unknown[]>> = {},
): RemoteRoute[] {
  const taken = new Set<string>(Object.keys(SHELL_PAGES));
  const next: RemoteRoute[] = [];
  for (const [area, paths] of Object.entries(routes)) {
    if (!isRemoteName(area) || !Array.isArray(paths)) continue;
    for (const path of paths) {
      if (typeof path !== 'string' || !ROUTE_PATTERN.test(path)) continue;
      if (taken.has(path)) {
        console.warn(`[shell] ${area} declares ${path}, which another front end serves; ignored.`);
        continue;
      }
      taken.add(path);
      next.push({ path, area, private: privateRoutes[area]?.includes(path) === true });
    }
  }
  return next;
}

/** Sets the browser's table from the page's runtime config. */
export function setRemoteRoutes(
  routes: Partial<Record<string, readonly unknown[]>>,
  privateRoutes?: Partial<Record<string, readonly unknown[]>>,
): void {
  table = checkedRemoteRoutes(routes, privateRoutes);
}

/** Every route of the remotes: this server render's, else the page's runtime config's. */
export function remoteRoutes(): readonly RemoteRoute[] {
  return (renderScope()?.remoteRoutes as readonly RemoteRoute[] | undefined) ?? table;
}
