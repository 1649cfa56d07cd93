/**
 * Routes belong to the front end that serves them: each remote declares its paths in its own
 * route manifest (src/routes.ts), written into its release as routes.json; the shell learns them at run time from /config.json
 * (runtime config `routes`), and owns only its own pages. Exact, case-sensitive patterns.
 * An area's name is a front end's (platform/src/frontEnds.ts, the one list; the shell types it
 * from there), so a new area needs no edit here.
 */
export type AreaName = string;

/** A remote's routes.json. */
export interface RouteList {
  routes: readonly string[];
}
