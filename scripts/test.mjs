// npm test: type check, lint, format check (Prettier), component tests, release store tests, API tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), then browser journeys in Chromium. Stops at the first
// failure.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** @type {[name: string, command: string, args: string[]][]} */
const steps = [
  ['type check', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['format', 'npm', ['run', 'format:check']],
  ['shared surface', process.execPath, ['scripts/shared-surface.mjs', '--check']],
  ['component tests', 'npx', ['jest', '--ci']],
  ['release tests', process.execPath, ['--import', 'tsx', '--test', 'scripts/test/', 'platform/test/']],
  ['API tests', 'npm', ['test', '-w', 'api']],
  ['browser tests', 'npm', ['test', '-w', 'e2e']],
];
const only = process.argv.slice(2);
const results = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000 });
  if (status !== 0) break;
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(0)} s)`);
const failed = results.some((r) => !r.ok) || results.length === 0;
console.log(failed ? 'npm test: FAILED' : 'npm test: every step passed');
process.exit(failed ? 1 : 0);
