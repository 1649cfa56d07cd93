import { registerRemotes } from '@module-federation/enhanced/runtime';
import { forgetArea } from '../federation/areaApps';
import type { RemoteName } from '../federation/remotes';

/**
 * The server container registered for each remote with the process's federation runtime
 * (remoteEntry.js of a release's server build). One per remote name: a container's chunks find
 * their entry by its name (@module-federation/node), so two releases of a remote cannot be
 * registered at once. Which one a render wants travels with the render (its serverEntries).
 */
const entries = new Map<RemoteName, string>();

/**
 * Registers each remote's server container as the registry has it: a promoted or rolled-back
 * release is loaded at the next render, with no restart (its area is loaded afresh). A remote
 * without a server build is rendered in the browser.
 */
export function registerServerContainers(wanted: Partial<Record<RemoteName, string>>): void {
  // The remotes wanted now and those registered before (a remote the registry no longer serves is forgotten).
  for (const name of new Set([...(Object.keys(wanted) as RemoteName[]), ...entries.keys()])) {
    const entry = wanted[name];
    if (entries.get(name) === entry) continue;
    if (entry) {
      registerRemotes(
        // A global name of its own per release: the runtime keeps a loaded container under it.
        [{ name, entry, type: 'commonjs-module', entryGlobalName: `${name}@${entry}` }],
        { force: entries.has(name) },
      );
      entries.set(name, entry);
    } else {
      entries.delete(name);
    }
    forgetArea(name);
  }
}

/** Registers a remote's container again after it failed to load: the runtime then loads it afresh. */
export function resetServerContainer(name: RemoteName): void {
  const entry = entries.get(name);
  if (entry)
    registerRemotes([{ name, entry, type: 'commonjs-module', entryGlobalName: `${name}@${entry}` }], { force: true });
}

/** The server container registered for the remote now (undefined: none). */
export function registeredServerContainer(name: RemoteName): string | undefined {
  return entries.get(name);
}
