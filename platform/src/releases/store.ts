// The release store: immutable releases of each front end, laid out as <front end>/<release id>/…,
// so the same tree can be copied unchanged to any static host or CDN.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { FRONT_END_NAMES, isFrontEndName, type FrontEndName } from '../frontEnds';
import { ROOT } from '../root';
import {
  MAX_ROUTES,
  RELEASE_ID,
  ROUTE_PATTERN,
  Release,
  RoutePages,
  describeProblem,
  firstProblem,
  type Registry,
} from './schemas';

export { FRONT_END_NAMES, REMOTE_NAMES } from '../frontEnds';
export { RELEASE_ID, type Release } from './schemas';

/** Written beside the build's files in every release. */
export const RELEASE_FILE = 'release.json';
/** Files the manifest names with the build version, written at publish (the id is the build's hash). */
const VERSIONED_FILES = ['mf-manifest.json', 'mf-stats.json'];

export class ReleaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseError';
  }
}

/** The store's folder: RELEASES_DIR, or .releases/ at the repository root. */
export function storeDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.RELEASES_DIR || join(ROOT, '.releases'));
}

export function assertFrontEnd(name: unknown): asserts name is FrontEndName {
  if (!isFrontEndName(name)) {
    throw new ReleaseError(`Unknown front end '${String(name)}'. Front ends: ${FRONT_END_NAMES.join(', ')}.`);
  }
}

export function assertReleaseId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || !RELEASE_ID.test(id)) {
    throw new ReleaseError(
      `'${String(id)}' is not a release id (they look like efc2563-1a2b3c4d; see 'npm run release -- status').`,
    );
  }
}

function filesBelow(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesBelow(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Checks that a build folder is a complete front end and reads its routes (remotes). */
export function inspectBuild(frontEnd: string, dir: string): { routes: string[] | undefined } {
  assertFrontEnd(frontEnd);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ReleaseError(`${dir} is not a build folder.`);
  const need =
    frontEnd === 'shell' ? ['index.html'] : ['index.html', 'mf-manifest.json', 'remoteEntry.js', 'routes.json'];
  const missing = need.filter((f) => !existsSync(join(dir, f)));
  if (missing.length)
    throw new ReleaseError(`The ${frontEnd} build in ${dir} is incomplete: no ${missing.join(', ')}.`);
  // The shell's routes.json (its own pages' facts) is checked when it has one; its routes are its own.
  if (frontEnd === 'shell') {
    if (existsSync(join(dir, 'routes.json'))) readRoutes(join(dir, 'routes.json'), frontEnd);
    return { routes: undefined };
  }
  let manifest: { name?: unknown } | null;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as { name?: unknown } | null;
  } catch (error) {
    throw new ReleaseError(`The ${frontEnd} build's mf-manifest.json is not JSON: ${(error as Error).message}`);
  }
  if (manifest?.name !== frontEnd) {
    throw new ReleaseError(`The build in ${dir} is the '${String(manifest?.name)}' container, not '${frontEnd}'.`);
  }
  return { routes: readRoutes(join(dir, 'routes.json'), frontEnd) };
}

/**
 * A front end's routes.json: { "routes": ["/path", "/path/:param", …], "pages": [facts of each] },
 * validated; its routes.
 */
export function readRoutes(file: string, frontEnd: string): string[] {
  let parsed: { routes?: unknown; pages?: unknown } | null;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as { routes?: unknown; pages?: unknown } | null;
  } catch (error) {
    throw new ReleaseError(`${frontEnd}'s routes.json cannot be read: ${(error as Error).message}`);
  }
  const routes = parsed?.routes;
  if (!Array.isArray(routes) || routes.length === 0 || routes.length > MAX_ROUTES) {
    throw new ReleaseError(`${frontEnd}'s routes.json must list 1 to ${MAX_ROUTES} routes under "routes".`);
  }
  const bad = routes.filter((r) => typeof r !== 'string' || !ROUTE_PATTERN.test(r));
  if (bad.length)
    throw new ReleaseError(`${frontEnd}'s routes.json has paths that are not routes: ${bad.map(String).join(', ')}`);
  if (new Set(routes).size !== routes.length) throw new ReleaseError(`${frontEnd}'s routes.json lists a path twice.`);
  if (parsed?.pages !== undefined) {
    const problem = firstProblem(RoutePages, parsed.pages);
    if (problem)
      throw new ReleaseError(
        `${frontEnd}'s routes.json: ${describeProblem({ ...problem, field: `pages.${problem.field}` })}`,
      );
    const paths = (parsed.pages as { path: string }[]).map((page) => page.path);
    if (paths.join('\n') !== routes.join('\n'))
      throw new ReleaseError(`${frontEnd}'s routes.json has facts for other routes than it lists.`);
  }
  return routes as string[];
}

/** Hash of a build's files, names included; the manifests are left out (publish writes the id into them). */
export function hashBuild(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesBelow(dir)
    .map((f) => relative(dir, f))
    .sort()) {
    if (VERSIONED_FILES.includes(file) || file === RELEASE_FILE) continue;
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

export function releaseDir(store: string, frontEnd: string, id: string): string {
  assertFrontEnd(frontEnd);
  assertReleaseId(id);
  return join(store, frontEnd, id);
}

/**
 * A published release's metadata, or null when there is no such (complete) release: its folder
 * has no release.json, or one that cannot be read. One that reads but is not a release.json is
 * refused naming the field.
 */
export function readRelease(store: string, frontEnd: string, id: string): Release | null {
  const file = join(releaseDir(store, frontEnd, id), RELEASE_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const problem = firstProblem(Release, parsed);
  if (problem) throw new ReleaseError(`${file} is not a release.json: ${describeProblem(problem)}.`);
  return parsed as Release;
}

/** Every complete release of a front end, newest first. */
export function listReleases(store: string, frontEnd: string): Release[] {
  assertFrontEnd(frontEnd);
  const dir = join(store, frontEnd);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => RELEASE_ID.test(name))
    .map((id) => readRelease(store, frontEnd, id))
    .filter((release): release is Release => release !== null)
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id.localeCompare(a.id));
}

export interface SourceVersion {
  commit?: string;
  dirty?: boolean;
  now?: Date;
}

/**
 * Publishes a build folder as an immutable release: copied into a folder of its own beside the
 * others, the release id written into the manifest's build version and release.json, then moved
 * into place in one rename. A release that exists already is never touched.
 */
export async function publishBuild(
  store: string,
  frontEnd: string,
  buildDir: string,
  { commit = 'local', dirty = false, now = new Date() }: SourceVersion = {},
): Promise<{ release: Release; created: boolean }> {
  const { routes } = inspectBuild(frontEnd, buildDir);
  assertFrontEnd(frontEnd);
  const buildHash = hashBuild(buildDir);
  const id = `${commit.slice(0, 7)}${dirty ? '-dirty' : ''}-${buildHash}`;
  assertReleaseId(id);
  const target = join(store, frontEnd, id);
  const existing = readRelease(store, frontEnd, id);
  if (existing) return { release: existing, created: false };
  const incoming = join(store, frontEnd, `.incoming-${id}-${process.pid}`);
  await rm(incoming, { recursive: true, force: true });
  await mkdir(join(store, frontEnd), { recursive: true });
  try {
    await cp(buildDir, incoming, { recursive: true });
    for (const name of VERSIONED_FILES) {
      const file = join(incoming, name);
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(await readFile(file, 'utf8')) as {
        metaData?: { buildInfo?: { buildVersion?: string } };
      };
      if (manifest.metaData?.buildInfo) manifest.metaData.buildInfo.buildVersion = id;
      await writeFile(file, JSON.stringify(manifest));
    }
    const files = filesBelow(incoming);
    const release: Release = {
      id,
      frontEnd,
      commit,
      dirty,
      buildHash,
      publishedAt: now.toISOString(),
      files: files.length,
      bytes: files.reduce((sum, f) => sum + statSync(f).size, 0),
      ...(routes ? { routes } : {}),
    };
    // release.json last: a folder without it is not a release (see readRelease).
    await writeFile(join(incoming, RELEASE_FILE), `${JSON.stringify(release, null, 2)}\n`);
    if (existsSync(target)) throw new ReleaseError(`${target} exists but is not a complete release; remove it first.`);
    await rename(incoming, target);
    return { release, created: true };
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}

/**
 * Removes all but the newest `keep` releases of each front end, never the live, previous or canary
 * one; also leftovers of interrupted publishes older than an hour. Returns what it removed.
 */
export async function pruneReleases(
  store: string,
  registry: Registry,
  { keep = 10, now = Date.now() }: { keep?: number; now?: number } = {},
): Promise<string[]> {
  if (!Number.isInteger(keep) || keep < 2) throw new ReleaseError('--keep must be a whole number of at least 2.');
  const removed: string[] = [];
  for (const frontEnd of FRONT_END_NAMES) {
    const pointer = registry.frontEnds[frontEnd] ?? {};
    const protectedIds = new Set([pointer.live, pointer.previous, pointer.canary?.release].filter(Boolean));
    for (const release of listReleases(store, frontEnd).slice(keep)) {
      if (protectedIds.has(release.id)) continue;
      await rm(join(store, frontEnd, release.id), { recursive: true, force: true });
      removed.push(`${frontEnd}/${release.id}`);
    }
    const dir = join(store, frontEnd);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.startsWith('.incoming-'))) {
      if (now - statSync(join(dir, name)).mtimeMs > 3600_000)
        await rm(join(dir, name), { recursive: true, force: true });
    }
  }
  return removed;
}
