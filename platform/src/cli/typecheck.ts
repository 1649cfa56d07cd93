// npm run typecheck: every part's TypeScript, one after the other (the first failure stops it).
// The front ends come from the list of front ends, so a new one is checked with no edit here.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { FRONT_ENDS } from '../frontEnds';
import { ROOT } from '../root';

/** The projects type-checked, in order: the parts the front ends build on, the front ends, then the rest. */
export const TYPECHECK_PROJECTS: readonly string[] = [
  'contract',
  'shared',
  'api',
  'platform',
  ...FRONT_ENDS.map((fe) => fe.dir),
  'e2e',
  'tsconfig.scripts.json',
];

export function main(): void {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const project of TYPECHECK_PROJECTS) {
    const { status } = spawnSync(process.execPath, [tsc, '-p', project], { cwd: ROOT, stdio: 'inherit' });
    if (status !== 0) {
      console.error(`tsc -p ${project} failed`);
      process.exit(status ?? 1);
    }
  }
}
