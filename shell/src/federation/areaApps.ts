import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemoteApp, RemoteUnavailableError, resetRemote, type RemoteName } from './remotes';
import type { ServerLoading } from './serverAreas';

interface AreaApp {
  component: LazyExoticComponent<ComponentType>;
  failed: boolean;
}

/**
 * One lazy component per remote in the browser: its code is fetched the first time one of its
 * routes opens. On the rendering server, one per release's server container (the render says which).
 */
const apps = new Map<string, AreaApp>();

/** The digest of an area the rendering server left to the browser on purpose (bootstrap.tsx expects it). */
export const AREA_IN_BROWSER = 'area-rendered-in-browser';

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

/** The area's component: in a server render, `server` is the render's way of loading (its releases). */
export function areaApp(name: RemoteName, server: ServerLoading | null = null): LazyExoticComponent<ComponentType> {
  const key = server ? `${name}@${server.entry(name)}` : name;
  let app = apps.get(key);
  if (!app) {
    const created: AreaApp = {
      failed: false,
      component: lazy(() => {
        const loading = server ? loadOnServer(name, server) : loadRemoteApp(name);
        return loading.catch((error: unknown) => {
          created.failed = true;
          if (server && apps.get(key) === created) apps.delete(key);
          throw error;
        });
      }),
    };
    apps.set(key, created);
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

/** A remote's server container changed (another release on the rendering server): its areas load afresh. */
export function forgetArea(name: RemoteName): void {
  for (const key of [...apps.keys()]) if (key.startsWith(`${name}@`)) apps.delete(key);
}

/** Tests only: forget every loaded area. */
export function resetAreaApps(): void {
  apps.clear();
}
