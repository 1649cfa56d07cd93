import fs from 'node:fs';
import path from 'node:path';
import { FRONT_ENDS as LISTED } from '../../platform/src/frontEnds';

// React Router is not a federation singleton itself: a front end that imported it directly would
// bundle its own copy, with its own router context, and its links and hooks would break inside
// the shell. Every front end reaches it through @marketplace/shared/router.
const ROOT = path.join(__dirname, '..', '..');
const FRONT_ENDS = [...LISTED.map((fe) => fe.dir), 'shared'];
const ALLOWED = new Set([path.join(ROOT, 'shared', 'src', 'router.ts')]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

it('no front-end source imports react-router or react-router-dom except shared/src/router.ts', () => {
  const offenders = FRONT_ENDS.flatMap((dir) => sources(path.join(ROOT, dir, 'src')))
    .filter((file) => !ALLOWED.has(file))
    .filter((file) =>
      /from ['"]react-router(-dom)?['"]|import\(['"]react-router(-dom)?['"]\)/.test(fs.readFileSync(file, 'utf8')),
    )
    .map((file) => path.relative(ROOT, file));
  expect(offenders).toEqual([]);
});
