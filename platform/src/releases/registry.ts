// The live pointer of each front end: registry.json in the release store. Written whole to a
// temporary file and renamed over the old one (a crash mid-write leaves the old pointer), under a
// lock file so two release commands cannot lose each other's change; read by any number of servers.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { FrontEndName } from '../frontEnds';
import {
  Registry,
  describeProblem,
  firstProblem,
  type Canary,
  type CanaryFigures,
  type HistoryEvent,
  type Release,
} from './schemas';
import { ReleaseError, assertFrontEnd, assertReleaseId, readRelease } from './store';

export type { Canary, CanaryFigures, HistoryEvent, Registry } from './schemas';

export const REGISTRY_FILE = 'registry.json';
const LOCK_FILE = 'registry.lock';
/** A lock older than this was left by a crashed command. */
const STALE_LOCK_MS = 60_000;
const HISTORY_KEPT = 100;

/** What a change records in the history (the time is added). */
export type RegistryEvent = Omit<HistoryEvent, 'at'>;

export function emptyRegistry(): Registry {
  return { schema: 1, frontEnds: {}, history: [] };
}

/** Where a front end's releases are served from: an http(s) URL ending in '/'. */
export function normaliseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ReleaseError(`'${value}' is not a URL (e.g. https://cdn.example/shop/).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ReleaseError(`'${value}' must be an http or https URL.`);
  if (url.search || url.hash || url.username || url.password)
    throw new ReleaseError(`'${value}' must be a plain base URL, without query, fragment or credentials.`);
  return `${url.origin}${url.pathname.replace(/\/*$/, '/')}`;
}

/** Checks a parsed registry against its schema; throws ReleaseError naming the field that is wrong. */
export function validateRegistry(value: unknown): Registry {
  const problem = firstProblem(Registry, value);
  if (problem) throw new ReleaseError(`The release registry is not valid: ${describeProblem(problem)}.`);
  const registry = value as Registry;
  for (const pointer of Object.values(registry.frontEnds))
    if (pointer?.url !== undefined && pointer.url !== null) normaliseBaseUrl(pointer.url);
  return registry;
}

/** The registry as stored; an empty one when the store has none yet. Throws when it cannot be read. */
export function readRegistry(store: string): Registry {
  const file = join(store, REGISTRY_FILE);
  if (!existsSync(file)) return emptyRegistry();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReleaseError(`The release registry ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    return validateRegistry(parsed);
  } catch (error) {
    throw new ReleaseError(`${(error as Error).message} (${file})`);
  }
}

async function acquireLock(store: string): Promise<() => void> {
  const lock = join(store, LOCK_FILE);
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => unlinkSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) unlinkSync(lock);
      } catch {
        // removed meanwhile by its owner
      }
      if (Date.now() > deadline) throw new ReleaseError(`The release registry is locked by another command (${lock}).`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Writes the registry atomically: a temporary file, flushed, renamed over the old one. */
async function writeRegistry(store: string, registry: Registry): Promise<void> {
  const file = join(store, REGISTRY_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `${JSON.stringify(registry, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  await rename(temporary, file);
  try {
    const dir = openSync(store, 'r');
    fsyncSync(dir);
    closeSync(dir);
  } catch {
    // directories cannot be flushed on every platform
  }
}

export interface RegistryUpdate {
  registry: Registry;
  event: RegistryEvent | null;
}

/**
 * Reads, changes and writes the registry under the lock. `change` returns the event to record
 * (or null for no change); any error leaves the registry as it was.
 */
export function updateRegistry(
  store: string,
  change: (registry: Registry) => RegistryEvent | null,
): Promise<RegistryUpdate> {
  return withRegistryLock(store, async () => {
    const registry = readRegistry(store);
    const event = change(registry);
    if (!event) return { registry, event: null };
    registry.history = [...registry.history, { at: new Date().toISOString(), ...event }].slice(-HISTORY_KEPT);
    validateRegistry(registry);
    await writeRegistry(store, registry);
    return { registry, event };
  });
}

/** Runs `work` holding the registry's lock (pruning too, so no promote can pick a release being removed). */
export async function withRegistryLock<T>(store: string, work: () => Promise<T>): Promise<T> {
  await mkdir(store, { recursive: true });
  const release = await acquireLock(store);
  try {
    return await work();
  } finally {
    release();
  }
}

function requireRelease(store: string, frontEnd: FrontEndName, id: string): Release {
  assertReleaseId(id);
  const release = readRelease(store, frontEnd, id);
  if (!release)
    throw new ReleaseError(`There is no release ${id} of ${frontEnd} in ${store}. See 'npm run release -- status'.`);
  return release;
}

/**
 * Makes a published release the live one; the live one becomes the previous. `forced`: the gate's
 * problems a --force promote overrode, recorded in the history.
 */
export async function promote(
  store: string,
  frontEnd: string,
  id: string,
  { forced }: { forced?: string[] } = {},
): Promise<RegistryUpdate> {
  assertFrontEnd(frontEnd);
  assertReleaseId(id);
  return updateRegistry(store, (registry) => {
    // Under the lock, so a prune cannot remove the release between this check and the write.
    requireRelease(store, frontEnd, id);
    const pointer = registry.frontEnds[frontEnd] ?? {};
    if (pointer.canary)
      throw new ReleaseError(
        `${frontEnd} has a canary of ${pointer.canary.release} running: 'promote ${frontEnd}' makes it live, 'rollback ${frontEnd}' ends it.`,
      );
    if (pointer.live === id) return null;
    registry.frontEnds[frontEnd] = { ...pointer, live: id, previous: pointer.live ?? null };
    return { frontEnd, action: 'promote', release: id, from: pointer.live ?? null, ...(forced ? { forced } : {}) };
  });
}

/** Makes the previous live release live again (and the current one the previous); `forced` as for promote. */
export async function rollback(
  store: string,
  frontEnd: string,
  { forced }: { forced?: string[] } = {},
): Promise<RegistryUpdate> {
  assertFrontEnd(frontEnd);
  return updateRegistry(store, (registry) => {
    const pointer = registry.frontEnds[frontEnd] ?? {};
    const previous = pointer.previous;
    if (!previous) throw new ReleaseError(`${frontEnd} has no previous release to roll back to.`);
    requireRelease(store, frontEnd, previous);
    registry.frontEnds[frontEnd] = { ...pointer, live: previous, previous: pointer.live };
    return {
      frontEnd,
      action: 'rollback',
      release: previous,
      from: pointer.live,
      ...(forced ? { forced } : {}),
    };
  });
}

/** Serves a remote's releases from another base URL (null: the default of its server). */
export async function move(store: string, frontEnd: string, url: string | null): Promise<RegistryUpdate> {
  assertFrontEnd(frontEnd);
  if (frontEnd === 'shell') throw new ReleaseError('The shell is served by its own server; only remotes can be moved.');
  const base = url === null ? null : normaliseBaseUrl(url);
  return updateRegistry(store, (registry) => {
    const pointer = registry.frontEnds[frontEnd] ?? {};
    if ((pointer.url ?? null) === base) return null;
    registry.frontEnds[frontEnd] = { ...pointer, url: base };
    return { frontEnd, action: 'move', url: base, from: pointer.url ?? null };
  });
}

/** The figures of a live release and its canary, as the history records them. */
export interface CanaryOutcome {
  live: CanaryFigures;
  canary: CanaryFigures;
}

/**
 * Serves a published release of `frontEnd` to `percent` % of new visitors (sticky: canary/bucket.ts)
 * beside its live release. Refused for a front end without a live release or with a canary running.
 */
export async function startCanary(
  store: string,
  frontEnd: string,
  id: string,
  percent: number,
  { forced }: { forced?: string[] } = {},
): Promise<RegistryUpdate> {
  assertFrontEnd(frontEnd);
  assertReleaseId(id);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new ReleaseError(`A canary's --percent is a whole number from 1 to 99, got '${percent}'.`);
  return updateRegistry(store, (registry) => {
    requireRelease(store, frontEnd, id);
    const pointer = registry.frontEnds[frontEnd] ?? {};
    if (pointer.canary)
      throw new ReleaseError(
        `${frontEnd} has a canary of ${pointer.canary.release} running already (${pointer.canary.percent} %): promote or roll it back first.`,
      );
    if (!pointer.live) throw new ReleaseError(`${frontEnd} has no live release for a canary to be measured against.`);
    if (pointer.live === id) throw new ReleaseError(`${id} is the live release of ${frontEnd} already.`);
    const canary: Canary = { release: id, percent, startedAt: new Date().toISOString(), live: pointer.live };
    registry.frontEnds[frontEnd] = { ...pointer, canary };
    return {
      frontEnd,
      action: 'canary-start',
      release: id,
      from: pointer.live,
      percent,
      ...(forced ? { forced } : {}),
    };
  });
}

function runningCanary(registry: Registry, frontEnd: FrontEndName): Canary {
  const canary = registry.frontEnds[frontEnd]?.canary;
  if (!canary) throw new ReleaseError(`${frontEnd} has no canary running. See 'npm run release -- status'.`);
  return canary;
}

/** Makes the running canary of `frontEnd` live for everyone (the live one becomes the previous). */
export async function promoteCanary(
  store: string,
  frontEnd: string,
  { figures }: { figures?: CanaryOutcome } = {},
): Promise<RegistryUpdate> {
  assertFrontEnd(frontEnd);
  return updateRegistry(store, (registry) => {
    const canary = runningCanary(registry, frontEnd);
    requireRelease(store, frontEnd, canary.release);
    const pointer = registry.frontEnds[frontEnd] ?? {};
    registry.frontEnds[frontEnd] = { ...pointer, live: canary.release, previous: pointer.live ?? null, canary: null };
    return {
      frontEnd,
      action: 'canary-promote',
      release: canary.release,
      from: pointer.live ?? null,
      ...(figures ? { figures } : {}),
    };
  });
}

/**
 * Ends the running canary of `frontEnd`: everyone gets the live release again. `reasons`: the
 * watcher ended it (its error budget was spent); `release`: only if that release is still the
 * canary (a canary promoted or replaced meanwhile is left alone: no change).
 */
export async function endCanary(
  store: string,
  frontEnd: string,
  { reasons, figures, release }: { reasons?: string[]; figures?: CanaryOutcome; release?: string } = {},
): Promise<RegistryUpdate> {
  assertFrontEnd(frontEnd);
  return updateRegistry(store, (registry) => {
    const pointer = registry.frontEnds[frontEnd] ?? {};
    if (release !== undefined && pointer.canary?.release !== release) return null;
    const canary = runningCanary(registry, frontEnd);
    registry.frontEnds[frontEnd] = { ...pointer, canary: null };
    return {
      frontEnd,
      action: reasons ? 'canary-end' : 'canary-rollback',
      release: canary.release,
      from: pointer.live ?? null,
      ...(reasons ? { reasons } : {}),
      ...(figures ? { figures } : {}),
    };
  });
}
