/**
 * What one server render needs to know that the browser reads from its page: the API's URL as
 * the rendering server reaches it, and the remotes' routes of the config being rendered (the live
 * one, or a preview's). Up to four renders run at once with different configs, so none of this
 * may sit in a module's variable: the rendering host runs each render inside its own scope (an
 * AsyncLocalStorage, which follows the render's awaits), and the code reads it here.
 *
 * The store is found under a global symbol, not a module variable, because the shell and each
 * remote's server build may hold copies of this module; there is one store per process.
 */
export interface RenderScope {
  /** The API as the rendering server reaches it. */
  apiUrl: string;
  /** The remotes' routes of this render's config, as the shell checked them. */
  remoteRoutes?: readonly { path: string; area: string }[];
  /** The link table of this render's config (link name → route pattern): what linkTo resolves. */
  links?: Readonly<Record<string, string>>;
}

/** The part of node:async_hooks' AsyncLocalStorage the scope uses (this module also runs in browsers). */
export interface RenderScopeStore {
  getStore(): RenderScope | undefined;
  run<R>(scope: RenderScope, render: () => R): R;
}

const STORE = Symbol.for('marketplace.renderScope');

/**
 * Installs the process's store, unless one is there: every shell release the rendering host loads
 * (a promote loads a new one while renders of the old may still run) shares the first.
 */
export function installRenderScope(store: RenderScopeStore): void {
  (globalThis as { [STORE]?: RenderScopeStore })[STORE] ??= store;
}

/** The scope of the server render this code runs in; undefined in a browser or outside a render. */
export function renderScope(): RenderScope | undefined {
  return (globalThis as { [STORE]?: RenderScopeStore })[STORE]?.getStore();
}

/** Runs `render` in its own scope (requires installRenderScope first). */
export function inRenderScope<R>(scope: RenderScope, render: () => R): R {
  const store = (globalThis as { [STORE]?: RenderScopeStore })[STORE];
  if (!store) throw new Error('No render scope store: call installRenderScope first');
  return store.run(scope, render);
}
