/**
 * Routes belong to the front end that serves them: each remote declares its paths in its own
 * route manifest (src/routes.ts), written into its release as routes.json; the shell learns them at run time from /config.json
 * (runtime config `routes`), and owns only its own pages. Exact, case-sensitive patterns.
 */
export type AreaName = 'shell' | 'shop' | 'account' | 'auction';

/** A remote's routes.json. */
export interface RouteList {
  routes: readonly string[];
}
