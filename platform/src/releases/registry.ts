// The live pointer of each front end: registry.json in the release store. Written whole to a
// temporary file and renamed over the old one (a crash mid-write leaves the old pointer), under a
// lock file so two release commands cannot lose each other's change; read by any number of servers.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { FRONT_END_NAMES, ReleaseError, RELEASE_ID, assertFrontEnd, assertReleaseId, readRelease } from './store.mjs';

export const REGISTRY_FILE = 'registry.json';
const LOCK_FILE = 'registry.lock';
/** A lock older than this was left by a crashed command. */
const STALE_LOCK_MS = 60_000;
const HISTORY_KEPT = 100;

export function emptyRegistry() {
  return { schema: 1, frontEnds: {}, history: [] };
}

/** Where a front end's releases are served from: an http(s) URL ending in '/'. */
export function normaliseBaseUrl(value) {
  let url;
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

/** Checks a parsed registry; throws ReleaseError naming what is wrong. */
export function validateRegistry(value) {
  const fail = (what) => {
    throw new ReleaseError(`The release registry is not valid: ${what}.`);
  };
  if (typeof value !== 'object' || value === null || value.schema !== 1) fail('no schema 1');
  if (typeof value.frontEnds !== 'object' || value.frontEnds === null) fail('no frontEnds');
  for (const [name, pointer] of Object.entries(value.frontEnds)) {
    if (!FRONT_END_NAMES.includes(name)) fail(`unknown front end '${name}'`);
    if (typeof pointer !== 'object' || pointer === null) fail(`${name} is not an object`);
    for (const key of ['live', 'previous']) {
      if (pointer[key] !== undefined && pointer[key] !== null && !RELEASE_ID.test(pointer[key]))
        fail(`${name}.${key} is not a release id`);
    }
    if (pointer.url !== undefined && pointer.url !== null) normaliseBaseUrl(pointer.url);
  }
  if (!Array.isArray(value.history)) fail('no history');
  return value;
}

/** The registry as stored; an empty one when the store has none yet. Throws when it cannot be read. */
export function readRegistry(store) {
  const file = join(store, REGISTRY_FILE);
  if (!existsSync(file)) return emptyRegistry();
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReleaseError(`The release registry ${file} cannot be read: ${error.message}`);
  }
  try {
    return validateRegistry(parsed);
  } catch (error) {
    throw new ReleaseError(`${error.message} (${file})`);
  }
}

async function acquireLock(store) {
  const lock = join(store, LOCK_FILE);
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => unlinkSync(lock);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
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
async function writeRegistry(store, registry) {
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

/**
 * Reads, changes and writes the registry under the lock. `change` returns the event to record
 * (or null for no change); any error leaves the registry as it was.
 */
export function updateRegistry(store, change) {
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
export async function withRegistryLock(store, work) {
  await mkdir(store, { recursive: true });
  const release = await acquireLock(store);
  try {
    return await work();
  } finally {
    release();
  }
}

function requireRelease(store, frontEnd, id) {
  assertReleaseId(id);
  const release = readRelease(store, frontEnd, id);
  if (!release)
    throw new ReleaseError(`There is no release ${id} of ${frontEnd} in ${store}. See 'npm run release -- status'.`);
  return release;
}

/**
 * Makes a published release the live one; the live one becomes the previous. `forced`: the gate's
 * problems a --force promote overrode, recorded in the history.
 * @param {string} store
 * @param {string} frontEnd
 * @param {string} id
 * @param {{ forced?: string[] }} [options]
 */
export async function promote(store, frontEnd, id, { forced } = {}) {
  assertFrontEnd(frontEnd);
  assertReleaseId(id);
  return updateRegistry(store, (registry) => {
    // Under the lock, so a prune cannot remove the release between this check and the write.
    requireRelease(store, frontEnd, id);
    const pointer = registry.frontEnds[frontEnd] ?? {};
    if (pointer.live === id) return null;
    registry.frontEnds[frontEnd] = { ...pointer, live: id, previous: pointer.live ?? null };
    return { frontEnd, action: 'promote', release: id, from: pointer.live ?? null, ...(forced ? { forced } : {}) };
  });
}

/**
 * Makes the previous live release live again (and the current one the previous); `forced` as for promote.
 * @param {string} store
 * @param {string} frontEnd
 * @param {{ forced?: string[] }} [options]
 */
export async function rollback(store, frontEnd, { forced } = {}) {
  assertFrontEnd(frontEnd);
  return updateRegistry(store, (registry) => {
    const pointer = registry.frontEnds[frontEnd] ?? {};
    if (!pointer.previous) throw new ReleaseError(`${frontEnd} has no previous release to roll back to.`);
    requireRelease(store, frontEnd, pointer.previous);
    registry.frontEnds[frontEnd] = { ...pointer, live: pointer.previous, previous: pointer.live };
    return {
      frontEnd,
      action: 'rollback',
      release: pointer.previous,
      from: pointer.live,
      ...(forced ? { forced } : {}),
    };
  });
}

/** Serves a remote's releases from another base URL (null: the default of its server). */
export async function move(store, frontEnd, url) {
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
