// npm run ci -w <front end>: one team's pipeline. Type check, the front end's tests, a production
// build in a folder of its own, and the release gate against the live registry (RELEASES_DIR):
// what the release would meet if it were promoted now. Nothing is published or made live.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFrontEnds } from '../build';
import { frontEnd } from '../frontEnds';
import { describeVerdict, gate } from '../releases/gate';
import { assertFrontEnd, storeDir } from '../releases/store';
import { ROOT } from '../root';

export async function main([area]: string[]): Promise<void> {
  try {
    assertFrontEnd(area);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const fe = frontEnd(area);
  const results: { name: string; ok: boolean; seconds: number }[] = [];

  async function step(name: string, work: () => unknown): Promise<boolean> {
    console.log(`\n=== ${fe.dir}: ${name} ===`);
    const started = Date.now();
    let ok = false;
    try {
      ok = (await work()) !== false;
    } catch (error) {
      console.error((error as Error).message ?? error);
    }
    results.push({ name, ok, seconds: (Date.now() - started) / 1000 });
    return ok;
  }

  const run = (command: string, args: string[]) =>
    spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' }).status === 0;
  const out = mkdtempSync(join(tmpdir(), `marketplace-ci-${area}-`));
  try {
    // Each step only when the ones before passed.
    const steps: [string, () => unknown][] = [
      ['type check', () => run('npx', ['tsc', '-p', fe.dir])],
      ['tests', () => run('npx', ['jest', '-c', 'jest.config.js', '--ci', '--selectProjects', fe.dir])],
      ['build', () => buildFrontEnds([fe], { outputPath: () => out })],
      [
        `gate against the live releases in ${storeDir()}`,
        () => {
          const verdict = gate(storeDir(), area, { dir: out });
          console.log(describeVerdict(verdict));
          return verdict.problems.length === 0;
        },
      ],
    ];
    for (const [name, work] of steps) if (!(await step(name, work))) break;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  console.log(`\n=== ${fe.dir}: summary ===`);
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
  const failed = results.length < 4 || results.some((r) => !r.ok);
  console.log(failed ? `${fe.dir} ci: FAILED` : `${fe.dir} ci: every step passed`);
  process.exit(failed ? 1 : 0);
}
