// Building and publishing a front end from this checkout: what `npm run release` and `npm start` do.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFrontEnds } from '../build';
import { frontEnd as frontEndOf, type FrontEndName } from '../frontEnds';
import { ROOT } from '../root';
import { promote, readRegistry } from './registry';
import { hashBuild, publishBuild, readRelease, type Release } from './store';

/** The commit the sources are at, and whether a front end's inputs have uncommitted changes. */
export function sourceVersion(frontEnd: FrontEndName, cwd = ROOT): { commit: string; dirty: boolean } {
  const { dir } = frontEndOf(frontEnd);
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const changes = execFileSync(
      'git',
      ['status', '--porcelain', '--', dir, 'shared', 'contract', 'webpack.common.js', 'package-lock.json'],
      {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return { commit, dirty: changes.trim() !== '' };
  } catch {
    return { commit: 'local', dirty: false };
  }
}

/**
 * Builds one front end into a folder of its own and publishes it; returns the release and timings.
 * `beforePublish(dir)` may refuse the build (throw) before anything is written to the store.
 */
export async function buildAndPublish(
  store: string,
  frontEnd: FrontEndName,
  { beforePublish }: { beforePublish?: (dir: string) => unknown } = {},
): Promise<{ release: Release; created: boolean; buildSeconds: number; publishSeconds: number }> {
  const fe = frontEndOf(frontEnd);
  const out = mkdtempSync(join(tmpdir(), `marketplace-release-${frontEnd}-`));
  try {
    const buildSeconds = await buildFrontEnds([fe], { outputPath: () => out });
    await beforePublish?.(out);
    const started = Date.now();
    const { release, created } = await publishBuild(store, frontEnd, out, sourceVersion(frontEnd));
    return { release, created, buildSeconds, publishSeconds: (Date.now() - started) / 1000 };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Makes a build folder the live release of a front end unless the live one is that same build
 * (npm start: the current checkout's build is what runs). Returns what it did.
 */
export async function ensureLive(
  store: string,
  frontEnd: FrontEndName,
  buildDir: string,
): Promise<{ release: Release; action: 'live' | 'promoted' }> {
  const live = readRegistry(store).frontEnds[frontEnd]?.live;
  const current = live ? readRelease(store, frontEnd, live) : null;
  if (current && current.buildHash === hashBuild(buildDir)) return { release: current, action: 'live' };
  const { release } = await publishBuild(store, frontEnd, buildDir, sourceVersion(frontEnd));
  await promote(store, frontEnd, release.id);
  return { release, action: 'promoted' };
}
