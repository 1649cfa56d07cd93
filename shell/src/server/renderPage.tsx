import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { matchPath, StaticRouter } from '@marketplace/shared/router';
import {
  PageMetaContext,
  SITE_NAME,
  ServerRender,
  ServerRenderContext,
  inRenderScope,
  installRenderScope,
  type PageMeta,
} from '@marketplace/shared';
import { App } from '../App';
import { AREA_IN_BROWSER } from '../federation/areaApps';
import { loadRemoteApp, RemoteUnavailableError, type RemoteName } from '../federation/remotes';
import { checkedRemoteRoutes, remoteRoutes } from '../federation/remoteRoutes';
import { AreaLeftToBrowser, ServerAreasContext, type ServerAreas } from '../federation/serverAreas';
import { SHELL_PAGES } from '../pages';
import type { RenderRequest, RenderedPage } from '@marketplace/platform/render-contract';
import { composeDocument } from './document';
import { registerServerContainers, registeredServerContainer, resetServerContainer } from './serverRemotes';

// The seam with the rendering host (platform/src/render/renderContract.ts): types only, erased
// from the bundle, so the shell depends on no server code.
export type { RenderRequest, RenderedPage };

/** How deep productsShown looks into a read's answer (a reply, its list, a product, its fields). */
const ANSWER_DEPTH = 6;

/** The ids of the products in a page's embedded answers (every object with a numeric `productid`). */
export function productsShown(answers: unknown): number[] {
  const ids = new Set<number>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > ANSWER_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.productid === 'number') ids.add(record.productid);
    for (const field of Object.values(record)) walk(field, depth + 1);
  };
  walk(answers, 0);
  return [...ids];
}

function areaOf(pathname: string): RemoteName | null {
  if (Object.keys(SHELL_PAGES).some((path) => matchPath({ path, end: true, caseSensitive: true }, pathname)))
    return null;
  const route = remoteRoutes().find(({ path }) => matchPath({ path, end: true, caseSensitive: true }, pathname));
  return route?.area ?? null;
}

/**
 * 404 when no front end serves the path of `url` with `config`'s routes (the shell's pages and the
 * live remotes'), else 200: the rendering server answers a page it could not render with it too.
 */
export function pathStatus({ url, config }: Pick<RenderRequest, 'url' | 'config'>): 200 | 404 {
  const { pathname } = new URL(url, 'http://localhost');
  const serves = (path: string) => matchPath({ path, end: true, caseSensitive: true }, pathname) !== null;
  const served =
    Object.keys(SHELL_PAGES).some(serves) || Object.values(config.routes ?? {}).some((paths) => paths.some(serves));
  return served ? 200 : 404;
}

/** The page's meta, kept from search engines when `noindex` (useNoindex: a private route) whatever it said. */
function keptOut(meta: PageMeta | null, noindex: boolean, path: string): PageMeta | null {
  if (!noindex) return meta;
  return { ...(meta ?? { title: SITE_NAME, path }), noindex: true };
}

/** Loads the server code of every remote that has some; resolves with the remotes whose code failed to load. */
export async function preloadAreas({ serverEntries }: Pick<RenderRequest, 'serverEntries'>): Promise<RemoteName[]> {
  registerServerContainers(serverEntries);
  const names = Object.keys(serverEntries) as RemoteName[];
  const loaded = await Promise.all(
    names.map((name) =>
      loadRemoteApp(name, []).then(
        () => true,
        () => {
          resetServerContainer(name);
          return false;
        },
      ),
    ),
  );
  return names.filter((_, i) => !loaded[i]);
}

/**
 * Renders the first view of a page to HTML, with its data: the same tree the browser hydrates
 * (bootstrap.tsx), signed out. Waits for the whole page (its meta tags need its data), within
 * `renderBudgetMs`; an area or read that fails or is too slow is left to the browser.
 */
// Each render runs in a scope of its own: its API URL and routes follow its awaits, whatever other
// render (a preview's, with other routes) runs meanwhile; its releases' server containers and its
// budget reach the areas through ServerAreasContext. Nothing of a render is kept in a module: the
// federation runtime's registrations are the process's, and an area renders on the server only
// while its remote's registered container is the render's own (else it is left to the browser).
installRenderScope(new AsyncLocalStorage());

export function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const routes = checkedRemoteRoutes(request.config.routes ?? {}, request.config.privateRoutes);
  return inRenderScope({ apiUrl: request.apiUrl, remoteRoutes: routes, links: request.config.links }, () =>
    renderInScope(request),
  );
}

function renderInScope(request: RenderRequest): Promise<RenderedPage> {
  registerServerContainers(request.serverEntries);
  const { pathname } = new URL(request.url, 'http://localhost');
  const entryOf = (name: RemoteName): string => request.serverEntries[name] ?? '';
  const areas: ServerAreas = {
    rendersOnServer: (name) =>
      Boolean(entryOf(name)) &&
      registeredServerContainer(name) === entryOf(name) &&
      (request.serverRoutes[name] ?? []).some((path) => matchPath({ path, end: true, caseSensitive: true }, pathname)),
    loading: { budgetMs: request.remoteBudgetMs, entry: entryOf, reset: resetServerContainer },
  };
  const data = new ServerRender(request.dataTimeoutMs);
  let meta: PageMeta | null = null;
  let noindex = false;
  let errors = 0;

  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <ServerRenderContext.Provider value={data}>
          <PageMetaContext.Provider
            value={{ set: (next) => (meta = next), noindex: () => (noindex = true), origin: request.origin }}
          >
            <ServerAreasContext.Provider value={areas}>
              <StaticRouter location={request.url}>
                <App />
              </StaticRouter>
            </ServerAreasContext.Provider>
          </PageMetaContext.Provider>
        </ServerRenderContext.Provider>
      </StrictMode>,
      {
        // Every boundary written in place: React otherwise moves a large one (over 12.8 KB) to the
        // end with an inline script to put it back, which needs JavaScript and which the
        // Content-Security-Policy (no inline scripts) refuses.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(budget);
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => {
            const found = keptOut(meta as PageMeta | null, noindex, pathname);
            const area = areaOf(pathname);
            try {
              const root = Buffer.concat(chunks).toString('utf8');
              const answers = data.answers();
              resolve({
                status: pathStatus(request) === 404 || found?.status === 404 ? 404 : 200,
                html: composeDocument({
                  template: request.template,
                  root,
                  meta: found,
                  stylesheets: request.pageStylesheets(area),
                  embedded: { config: request.config, data: answers, url: request.url },
                  origin: request.origin,
                }),
                complete: errors === 0 && data.complete(),
                products: productsShown(answers),
                ...(found?.expires && !Number.isNaN(Date.parse(found.expires))
                  ? { expires: Date.parse(found.expires) }
                  : {}),
              });
            } catch (error) {
              reject(error);
            }
          });
          stream.pipe(sink);
        },
        onShellError(error) {
          clearTimeout(budget);
          reject(error);
        },
        onError(error) {
          if (error instanceof AreaLeftToBrowser) return AREA_IN_BROWSER;
          errors += 1;
          if (error instanceof RemoteUnavailableError) {
            console.warn(`[render] ${request.url}: ${error.message}; the area renders in the browser.`);
            return AREA_IN_BROWSER;
          }
          console.error(`[render] ${request.url}:`, error);
          return 'server-render-error';
        },
      },
    );
    const budget = setTimeout(
      () => stream.abort(new Error(`not rendered within ${request.renderBudgetMs} ms`)),
      request.renderBudgetMs,
    );
  });
}
