// The list of front ends (platform/src/frontEnds.ts) is the one place a front end is named: what
// cannot be derived from it (npm's workspaces, the type-check script, each front end's own
// files) is checked against it here. npm test -w platform
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { TYPECHECK_PROJECTS } from '../src/cli/typecheck';
import { FRONT_ENDS } from '../src/frontEnds';
import { ROOT } from '../src/root';

const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** The folders at the root that npm's workspace `pattern` names (a `*` stands for any part of a name). */
const foldersOf = (/** @type {string} */ pattern) => {
  const matches = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .filter((name) => matches.test(name));
};
/** @type {string[]} */
const workspaceDirs = rootPackage.workspaces.flatMap(foldersOf);

test("npm's workspaces are the list's front ends and the other parts", () => {
  /** @type {string[]} */
  const dirs = FRONT_ENDS.map((fe) => fe.dir);
  for (const dir of dirs) assert.ok(workspaceDirs.includes(dir), `${dir} is a workspace`);
  const others = workspaceDirs.filter((w) => !dirs.includes(w));
  for (const part of others)
    assert.ok(!existsSync(join(ROOT, part, 'webpack.config.js')), `${part} builds a front end but is not listed`);
});

test('the type-check script checks every part with a tsconfig.json, the front ends among them', () => {
  assert.equal(rootPackage.scripts.typecheck, 'node scripts/typecheck.mjs');
  for (const dir of workspaceDirs.filter((w) => existsSync(join(ROOT, w, 'tsconfig.json'))))
    assert.ok(TYPECHECK_PROJECTS.includes(dir), `npm run typecheck checks ${dir}`);
  for (const { dir } of FRONT_ENDS) assert.ok(TYPECHECK_PROJECTS.includes(dir), `npm run typecheck checks ${dir}`);
});

for (const { area, dir } of FRONT_ENDS) {
  test(`${dir} builds the '${area}' container and declares its routes`, () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    assert.equal(pkg.name, dir);
    assert.match(readFileSync(join(ROOT, dir, 'webpack.config.js'), 'utf8'), new RegExp(`name: '${area}'`));
    assert.ok(existsSync(join(ROOT, dir, 'src', 'routes.ts')), `${dir}/src/routes.ts`);
  });
}
