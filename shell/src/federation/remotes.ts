import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { isRemoteFailure } from './remoteErrorPlugin';

/** The front ends the shell composes; each exposes its route tree as `<name>/App`. */
export type RemoteName = 'shop' | 'account' | 'auction';

export const REMOTE_NAMES: readonly RemoteName[] = ['shop', 'account', 'auction'];

/** A remote's route tree could not be loaded (or its module has no component to render). */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly reason: unknown,
  ) {
    super(`The ${remote} remote is unavailable: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Manifest URL of each remote, from the runtime config (/config.json). */
const entries = new Map<string, string>();

/** Registers the remotes the runtime config lists; no remote URL is built into the shell. */
export function registerRuntimeRemotes(remotes: Record<string, string>): void {
  for (const [name, entry] of Object.entries(remotes)) entries.set(name, entry);
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/**
 * Forgets everything the federation runtime remembers about a remote that failed, so the next
 * load starts from its manifest again. The runtime clears a failed network fetch by itself,
 * but it keeps a broken manifest's rejected promise (and a half-loaded entry) until the remote
 * is registered again with `force: true`.
 */
export function resetRemote(name: RemoteName): void {
  const entry = entries.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

function isComponent(value: unknown): value is ComponentType {
  // Function components, classes, and memo/forwardRef objects.
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** Loads `<name>/App` through module federation; rejects RemoteUnavailableError on any failure. */
export async function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  let loaded: unknown;
  try {
    loaded = await loadRemote<unknown>(`${name}/App`);
  } catch (error) {
    throw new RemoteUnavailableError(name, error);
  }
  if (isRemoteFailure(loaded)) throw new RemoteUnavailableError(name, loaded.error);
  const App = (loaded as { default?: unknown } | null)?.default;
  if (!isComponent(App)) throw new RemoteUnavailableError(name, new Error(`${name}/App has no component to render`));
  return { default: App };
}
