// Section 4: production build time of the four front ends, with the project's own
// platform/src/build.ts buildFrontEnds() (one webpack run of the four configurations), run in a
// temporary copy of the sources so the real dist/ folders (which other work may be using) are
// left alone. Section 3 serves what the last build produced.
import { cpSync, mkdirSync, readdirSync, symlinkSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, loadavg, log, median, round } from './util.mjs';
import { platform } from '../../scripts/platform.mjs';

const { FRONT_ENDS } = await platform('frontEnds.ts');
const FRONT_END_DIRS = FRONT_ENDS.map((fe) => fe.dir);
const COPIED = [
  'package.json',
  'tsconfig.base.json',
  'webpack.common.js',
  'scripts',
  'platform',
  'contract',
  'shared',
  ...FRONT_END_DIRS,
];

/**
 * A copy of what the build reads (sources, configs, scripts; no dist, no node_modules) under
 * workRoot/src. Its node_modules holds links to the repository's packages, except
 * @marketplace/shared, @marketplace/contract and @marketplace/platform, which point at the copy's
 * own folders (so the build sees one snapshot).
 */
export function prepareBuildCopy(workRoot) {
  const dir = join(workRoot, 'src');
  mkdirSync(dir, { recursive: true });
  for (const entry of COPIED) {
    cpSync(join(ROOT, entry), join(dir, entry), {
      recursive: true,
      filter: (src) => !/[\\/](node_modules|dist)([\\/]|$)/.test(src.slice(ROOT.length)),
    });
  }
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name.startsWith('.') || name === '@marketplace') continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  // A workspace's own node_modules (a version other than the hoisted one: the platform's lru-cache).
  for (const entry of COPIED)
    if (existsSync(join(ROOT, entry, 'node_modules')))
      symlinkSync(join(ROOT, entry, 'node_modules'), join(dir, entry, 'node_modules'));
  mkdirSync(join(modules, '@marketplace'));
  for (const name of ['shared', 'contract', 'platform'])
    symlinkSync(`../../${name}`, join(modules, '@marketplace', name));
  return { dir, frontEnds: FRONT_END_DIRS.map((d) => ({ dir: d, dist: join(dir, d, 'dist') })) };
}

function distSize(dist) {
  let files = 0;
  let bytes = 0;
  for (const f of readdirSync(dist)) {
    const s = statSync(join(dist, f));
    if (s.isFile()) {
      files++;
      bytes += s.size;
    }
  }
  return { files, bytes };
}

export async function benchBuild({ copy, runs }) {
  const { buildFrontEnds } = await import(pathToFileURL(join(copy.dir, 'platform', 'src', 'build.ts')).href);
  const list = [];
  for (let run = 0; run < runs; run++) {
    const load = loadavg();
    log(`[build] run ${run + 1}/${runs}: the four front ends (production)`);
    const seconds = await buildFrontEnds();
    list.push({ run, seconds: round(seconds, 1), loadavg: load });
    log(`[build] ${seconds.toFixed(1)} s`);
  }
  const dists = {};
  for (const fe of copy.frontEnds) if (existsSync(fe.dist)) dists[fe.dir] = distSize(fe.dist);
  return {
    how: 'platform/src/build.ts buildFrontEnds() in a temporary copy of the sources (webpack production mode, no persistent cache: every build is cold)',
    seconds: median(list.map((r) => r.seconds)),
    runs: list,
    dist: dists,
  };
}
