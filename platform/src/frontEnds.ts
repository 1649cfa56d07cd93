// The four front ends, where they live, and whether their production build is up to date.
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const FRONT_ENDS = [
  { area: 'shell', dir: 'shell' },
  { area: 'shop', dir: 'shop-remote' },
  { area: 'account', dir: 'account-remote' },
  { area: 'auction', dir: 'auction-remote' },
];

/** The order servers start in: the remotes first, so the shell's renderer finds their server code up. */
export const SERVE_ORDER = [
  ...FRONT_ENDS.filter((fe) => fe.area !== 'shell'),
  ...FRONT_ENDS.filter((fe) => fe.area === 'shell'),
];

function newestMtime(path) {
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
export function isBuildStale(frontEnd) {
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
