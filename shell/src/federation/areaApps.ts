import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemoteApp, resetRemote, type RemoteName } from './remotes';

interface AreaApp {
  component: LazyExoticComponent<ComponentType>;
  failed: boolean;
}

/** One lazy component per remote: its code is fetched the first time one of its routes opens. */
const apps = new Map<RemoteName, AreaApp>();

export function areaApp(name: RemoteName): LazyExoticComponent<ComponentType> {
  let app = apps.get(name);
  if (!app) {
    const created: AreaApp = {
      failed: false,
      component: lazy(() =>
        loadRemoteApp(name).catch((error: unknown) => {
          created.failed = true;
          throw error;
        }),
      ),
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

/** Tests only: forget every loaded area. */
export function resetAreaApps(): void {
  apps.clear();
}
