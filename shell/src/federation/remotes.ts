import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRuntimeConfig, withRetries, type RuntimeConfig } from '@marketplace/shared';
import { isRemoteFailure } from './remoteErrorPlugin';
import type { RemoteModules } from './remoteContract';
import type { FrontEndName, RemoteName } from '@marketplace/platform/front-ends';
import { setRemoteRoutes } from './remoteRoutes';

// The remotes are those the runtime config lists; their names' type is the list of front ends'
// (platform/src/frontEnds.ts, types only), so a new remote needs no edit in the shell.
export type { RemoteName };

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

/** Manifest URL of each remote, from the runtime config (/config.json) this page booted with. */
const entries = new Map<string, string>();
/** The shell's own release this page runs (absent in development). */
let shellRelease: string | undefined;
/** Releases this tab previews instead of the live ones, and why a requested preview was not given. */
let preview: Pick<RuntimeConfig, 'preview' | 'previewError'> = {};

/** What this tab previews (its banner says so). */
export function previewState(): Pick<RuntimeConfig, 'preview' | 'previewError'> {
  return preview;
}

/**
 * Registers the remotes the runtime config lists and the routes their live releases serve; no
 * remote URL or remote route is built into the shell.
 */
export function registerRuntimeRemotes(
  config: Pick<RuntimeConfig, 'remotes' | 'routes' | 'privateRoutes' | 'releases' | 'preview' | 'previewError'>,
): void {
  const remotes = config.remotes ?? {};
  preview = { preview: config.preview, previewError: config.previewError };
  for (const [name, entry] of Object.entries(remotes)) entries.set(name, entry);
  shellRelease = config.releases?.shell;
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
  setRemoteRoutes(
    Object.fromEntries(Object.entries(config.routes ?? {}).filter(([name]) => remotes[name])),
    config.privateRoutes,
  );
}

/**
 * Whether the release of a front end that this page loaded is no longer the live one (a newer one
 * was promoted, it was rolled back, or the remote moved): its chunks may be gone, and a full page
 * load gets the live release. False when the live config cannot be read (then it is an outage).
 */
export async function releaseMoved(area: FrontEndName): Promise<boolean> {
  try {
    const live = await fetchRuntimeConfig();
    if (area === 'shell') return Boolean(shellRelease && live.releases?.shell && live.releases.shell !== shellRelease);
    return entries.has(area) && live.remotes?.[area] !== entries.get(area);
  } catch {
    return false;
  }
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

async function loadRemoteAppOnce(name: RemoteName): Promise<RemoteModules['./App']> {
  let loaded: unknown;
  try {
    // Typed by the contract the release gate checks; checked again here, as code from elsewhere.
    loaded = await loadRemote<RemoteModules['./App'] | null>(`${name}/App`);
  } catch (error) {
    throw new RemoteUnavailableError(name, error);
  }
  if (isRemoteFailure(loaded)) throw new RemoteUnavailableError(name, loaded.error);
  const App = (loaded as { default?: unknown } | null)?.default;
  if (!isComponent(App)) throw new RemoteUnavailableError(name, new Error(`${name}/App has no component to render`));
  return { default: App };
}

/**
 * Loads `<name>/App` through module federation (manifest, entry and the module's chunks), trying
 * again with backoff after a failure, each time from a clean registration; rejects
 * RemoteUnavailableError when every try failed.
 */
export function loadRemoteApp(name: RemoteName, delays?: readonly number[]): Promise<RemoteModules['./App']> {
  return withRetries(() => loadRemoteAppOnce(name), { delays, beforeRetry: () => resetRemote(name) });
}
