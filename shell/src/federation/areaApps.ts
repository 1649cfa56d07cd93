import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemoteApp, RemoteUnavailableError, resetRemote, type RemoteName } from './remotes';

interface AreaApp {
  component: LazyExoticComponent<ComponentType>;
  failed: boolean;
}

/** One lazy component per remote: its code is fetched the first time one of its routes opens. */
const apps = new Map<RemoteName, AreaApp>();

/** The digest of an area the rendering server left to the browser on purpose (bootstrap.tsx expects it). */
export const AREA_IN_BROWSER = 'area-rendered-in-browser';

/** On the rendering server: how long an area's code may take to load. */
let onServer: ServerLoading | null = null;

interface ServerLoading {
  budgetMs: number;
  /** The remote's code failed to load: the next attempt starts from its entry again. */
  reset(name: RemoteName): void;
}

/**
 * The rendering server loads an area's code once, within a time budget, with no retries: an area
 * whose code is broken or slow is rendered in the browser instead (its Suspense boundary fails on
 * the server), and the next render tries again (a slow load goes on meanwhile).
 */
export function loadAreasOnServer(options: ServerLoading): void {
  onServer = options;
}

function loadOnServer(name: RemoteName, { budgetMs, reset }: ServerLoading): Promise<{ default: ComponentType }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RemoteUnavailableError(name, new Error(`not loaded within ${budgetMs} ms`))),
      budgetMs,
    );
  });
  const loading = loadRemoteApp(name, []);
  // A slow load goes on for the next render; a failed one is started afresh then.
  loading.catch(() => reset(name));
  return Promise.race([loading, late]).finally(() => clearTimeout(timer));
}

export function areaApp(name: RemoteName): LazyExoticComponent<ComponentType> {
  let app = apps.get(name);
  if (!app) {
    const server = onServer;
    const created: AreaApp = {
      failed: false,
      component: lazy(() => {
        const loading = server ? loadOnServer(name, server) : loadRemoteApp(name);
        return loading.catch((error: unknown) => {
          created.failed = true;
          if (server && apps.get(name) === created) apps.delete(name);
          throw error;
        });
      }),
    };
    apps.set(name, created);
    app = created;
  }
  return app.component;
}

/**
 * Prepares another attempt after a failure. A remote whose code never arrived gets a fresh lazy
 * component and a clean federation registration; a remote that loaded but threw while rendering
 * keeps its code and is simply rendered again.
 */
export function retryArea(name: RemoteName): void {
  if (!apps.get(name)?.failed) return;
  apps.delete(name);
  resetRemote(name);
}

/** A remote's code changed (a new release on the rendering server): its area loads afresh. */
export function forgetArea(name: RemoteName): void {
  apps.delete(name);
}

/** Tests only: forget every loaded area. */
export function resetAreaApps(): void {
  apps.clear();
}
