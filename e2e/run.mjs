// Browser journeys: builds the front ends if needed, starts the API on a fresh embedded
// database and the four production front ends on test ports, then runs e2e/tests in Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { platform } from '../scripts/platform.mjs';

// Imported once platform.mjs has registered tsx: the stack imports the platform's TypeScript.
const { E2E_PORTS, e2eEnv, prepareReleaseStore, startFrontEnd, startApi, stopChild } = await import('./src/stack.mjs');
const { ROOT } = await platform('root.ts');
const { FRONT_ENDS, SERVE_ORDER } = await platform('frontEnds.ts');
const { buildFrontEnds, isBuildStale } = await platform('build.ts');

const stale = FRONT_ENDS.filter(isBuildStale);
if (stale.length) {
  console.log(`e2e: building ${stale.map((fe) => fe.dir).join(', ')} ...`);
  await buildFrontEnds(stale);
}

const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-e2e-'));
// The front ends are served as npm start serves them: live releases of a release store.
process.env.E2E_RELEASES_DIR = join(dataDir, 'releases');
const children = [];
let code = 1;
try {
  await prepareReleaseStore(process.env.E2E_RELEASES_DIR);
  children.push(await startApi({ dataDir }));
  for (const fe of SERVE_ORDER) children.push(await startFrontEnd(fe.area));
  // Node 20's runner does not pick up .ts files from a folder: name them.
  const files = process.argv.slice(2).length
    ? process.argv.slice(2)
    : readdirSync(join(ROOT, 'e2e', 'tests'))
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => join('tests', f));
  const runner = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
    { cwd: join(ROOT, 'e2e'), stdio: 'inherit', env: { ...process.env, ...e2eEnv(), E2E_DATA_DIR: dataDir } },
  );
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
} catch (error) {
  console.error(error);
} finally {
  await Promise.all(children.map(stopChild));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`e2e: ${code === 0 ? 'passed' : 'FAILED'} (ports ${Object.values(E2E_PORTS).join(', ')})`);
process.exit(code);
