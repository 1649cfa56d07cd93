import fs from 'node:fs';

/**
 * After the run: how many replies the test suite received and checked against the OpenAPI
 * document (test/helpers/conformance.ts; a mismatch already failed its test), and how many it
 * could not check, by reason.
 */
export default async function globalTeardown(): Promise<void> {
  const log = process.env.REPLY_CONFORMANCE_LOG;
  if (!log || !fs.existsSync(log)) return;
  let checked = 0;
  let files = 0;
  const unchecked: Record<string, number> = {};
  for (const line of fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
    const entry = JSON.parse(line) as { checked: number; unchecked: Record<string, number> };
    files += 1;
    checked += entry.checked;
    for (const [why, n] of Object.entries(entry.unchecked)) unchecked[why] = (unchecked[why] ?? 0) + n;
  }
  fs.rmSync(log, { force: true });
  const rest = Object.entries(unchecked)
    .map(([why, n]) => `${n} ${why}`)
    .join(', ');
  console.log(
    `\n[openapi] reply conformance: ${checked} replies in ${files} test files matched the document's schema for their route and status` +
      (rest ? `; not checkable: ${rest}` : ''),
  );
}
