// The seam between the rendering host (render/renderer.ts) and the shell's renderer (the shell
// release's server/main.js, built from shell/src/server/): what the host asks of a shell release
// and what it answers. Types only: the shell imports them (import type, erased from its bundles),
// so the shell depends on no server code, and the host loads the shell's build at run time.
import type { RemoteName } from '../frontEnds';

export type { RemoteName } from '../frontEnds';

/** The JSON every front-end server answers at /config.json: what the shell boots with (shared's RuntimeConfig). */
export interface RuntimeConfig {
  apiUrl: string;
  /** Container name → URL of its live release's mf-manifest.json. */
  remotes: Record<string, string>;
  /** Container name → the route patterns its live release serves (its routes.json). */
  routes?: Record<string, readonly string[]>;
  /** Container name → those of its routes its manifest marks private (noindex); absent: none. */
  privateRoutes?: Record<string, readonly string[]>;
  /** Link name → route pattern, of every live release's manifest (shared's linkTo resolves them). */
  links?: Record<string, string>;
  /** Front end → its live release id (empty in development). */
  releases?: Record<string, string>;
  /** Releases this tab previews instead of the live ones (front end → release id). */
  preview?: Record<string, string>;
  /** Why a requested preview could not be given (the live releases are shown instead). */
  previewError?: string;
}

/** One page to render: everything the render needs travels in it (no state of the host's process). */
export interface RenderRequest {
  /** The page: path and query. */
  url: string;
  /** The runtime config the browser gets with the page (its routes are the ones rendered). */
  config: RuntimeConfig;
  /** Each remote's server container (its live release's server/remoteEntry.js); one without renders in the browser. */
  serverEntries: Partial<Record<RemoteName, string>>;
  /** Each remote's routes rendered on the server (its routes.json `serverRendered`); its other pages render in the browser. */
  serverRoutes: Partial<Record<RemoteName, readonly string[]>>;
  /** The API as the rendering server reaches it. */
  apiUrl: string;
  /** How long a remote's code may take to load before its area is left to the browser. */
  remoteBudgetMs: number;
  /** How long an API read may take before the page renders without it. */
  dataTimeoutMs: number;
  /** The whole render: what still waits then is rendered in the browser. */
  renderBudgetMs: number;
  /** The shell's page as its release serves it. */
  template: string;
  /**
   * The CSS the page needs before it paints, to inline in its head, in order: the shell's global
   * rules and the files holding the CSS modules this render's components used, whichever release
   * built them (the host keeps what the server builds' CSS modules note during the render,
   * render/styleUseLoader.ts). `area`: the page's area, all of whose CSS a release built before
   * styles.json gets.
   */
  pageStylesheets(area: RemoteName | null): readonly InlineStylesheet[];
  /** Shell releases built before pageStylesheets link these: every CSS file of the shell's and the area's releases. */
  stylesheetsFor(root: string, area: RemoteName | null): readonly string[];
  /** The shop's public origin (canonical and share URLs). */
  origin: string;
}

/** A stylesheet inlined in the page: its text, and the file name the browser's chunk loader knows it by. */
export interface InlineStylesheet {
  href: string;
  css: string;
}

export interface RenderedPage {
  /** 404 for a path no front end serves, or a page that says it was not found. */
  status: number;
  /** The whole page. */
  html: string;
  /** Everything rendered on the server, every read answered: the page may be cached. */
  complete: boolean;
  /** The time (ms since 1970) after which the page must not be served from a cache, if the page said one. */
  expires?: number;
  /** The products the page's data shows (its product, a list, related ones): a change to one makes it stale. */
  products: number[];
}

/** What the rendering host asks of a shell release's server build (server/main.js). */
export interface ShellServerBuild {
  renderPage(request: RenderRequest): Promise<RenderedPage>;
  /** Loads the remotes' server code ahead of the first page; resolves with the remotes whose code failed to load. */
  preloadAreas(request: Pick<RenderRequest, 'serverEntries'>): Promise<string[]>;
  /** 404 when no front end serves the page's path (with the config's routes), else 200; absent in older shells. */
  pathStatus?(request: Pick<RenderRequest, 'url' | 'config'>): Promise<200 | 404>;
}
