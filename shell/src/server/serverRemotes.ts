import { registerRemotes } from '@module-federation/enhanced/runtime';
import { forgetArea } from '../federation/areaApps';
import { REMOTE_NAMES, type RemoteName } from '../federation/remotes';

/** The server container each remote renders with now (remoteEntry.js of its live release's server build). */
const entries = new Map<RemoteName, string>();

/**
 * Registers each remote's server container as the registry has it: a promoted or rolled-back
 * release is loaded at the next render, with no restart (its area is loaded afresh). A remote
 * without a server build is rendered in the browser.
 */
export function registerServerContainers(wanted: Partial<Record<RemoteName, string>>): void {
  for (const name of REMOTE_NAMES) {
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

/** Whether the remote has a server container to render with. */
export function hasServerContainer(name: RemoteName): boolean {
  return entries.has(name);
}
