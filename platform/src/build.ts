// Production build of the front ends (npm run build, npm start, a release), and whether a build
// folder is older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Configuration, MultiStats } from 'webpack';
import { FRONT_ENDS, type FrontEnd } from './frontEnds';
import { ROOT } from './root';

const require = createRequire(import.meta.url);

/** A front end's webpack.config.js: a factory of its configurations (browser, and server for some). */
type ConfigFactory = (env: { outputPath?: string }, argv: { mode: 'production' }) => Configuration | Configuration[];

export interface BuildOptions {
  /** Puts a build somewhere else than its dist/ (a release is built apart). */
  outputPath?: (frontEnd: FrontEnd) => string;
}

/** Builds the given front ends in one webpack run; resolves with the seconds it took. */
export async function buildFrontEnds(
  frontEnds: readonly FrontEnd[] = FRONT_ENDS,
  { outputPath }: BuildOptions = {},
): Promise<number> {
  const webpack = require('webpack') as typeof import('webpack');
  const configs = frontEnds.flatMap((fe) =>
    (require(join(ROOT, fe.dir, 'webpack.config.js')) as ConfigFactory)(
      { outputPath: outputPath?.(fe) },
      { mode: 'production' },
    ),
  );
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    webpack(configs, (error?: Error | null, stats?: MultiStats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      resolve();
    });
  });
  return (Date.now() - started) / 1000;
}

/** The front ends named on a command line (area or folder), every one when none is named. */
export function selectFrontEnds(wanted: readonly string[]): readonly FrontEnd[] {
  return wanted.length ? FRONT_ENDS.filter((fe) => wanted.includes(fe.area) || wanted.includes(fe.dir)) : FRONT_ENDS;
}

function newestMtime(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** A build is stale when it is missing or older than its sources, shared/, contract/ or the webpack factory. */
export function isBuildStale(frontEnd: FrontEnd): boolean {
  const index = join(ROOT, frontEnd.dir, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const inputs = [
    join(ROOT, frontEnd.dir, 'src'),
    join(ROOT, frontEnd.dir, 'webpack.config.js'),
    join(ROOT, 'shared', 'src'),
    join(ROOT, 'contract', 'src'),
    join(ROOT, 'webpack.common.js'),
  ];
  return inputs.some((input) => existsSync(input) && newestMtime(input) > built);
}
