import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '../federation/remotes';

/**
 * The name a remote's server container is registered under with the federation runtime: one per
 * release (per entry), so renders of different releases at once (a preview's and the live one, or
 * two across a promote) each load their own code; the runtime's table is the process's, the
 * choice of release is the render's (its request's serverEntries).
 */
export function serverRemoteName(name: RemoteName, entry: string): string {
  let hash = 5381;
  for (let i = 0; i < entry.length; i += 1) hash = ((hash * 33) ^ entry.charCodeAt(i)) >>> 0;
  return `${name}_${hash.toString(36)}`;
}

/** Server containers registered so far in this process (the federation runtime keeps each loaded one). */
const registered = new Set<string>();

function register(name: RemoteName, entry: string, force: boolean): string {
  const remote = serverRemoteName(name, entry);
  // A global name of its own per release: the runtime keeps a loaded container under it.
  registerRemotes([{ name: remote, entry, type: 'commonjs-module', entryGlobalName: `${name}@${entry}` }], { force });
  registered.add(remote);
  return remote;
}

/**
 * The registered name of a remote's server container (remoteEntry.js of a release's server build),
 * registering it the first time: a promoted or rolled-back release is loaded at its first render,
 * with no restart.
 */
export function serverContainer(name: RemoteName, entry: string): string {
  const remote = serverRemoteName(name, entry);
  return registered.has(remote) ? remote : register(name, entry, false);
}

/** Registers a remote's container again after it failed to load: the runtime then loads it afresh. */
export function resetServerContainer(name: RemoteName, entry: string): void {
  register(name, entry, true);
}
