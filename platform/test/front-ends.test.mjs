// The list of front ends (platform/src/frontEnds.ts) is the one place a front end is named: what
// cannot be derived from it (npm's workspaces, the type-check script, each front end's own
// files) is checked against it here. npm test -w platform
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FRONT_ENDS } from '../src/frontEnds';
import { ROOT } from '../src/root';

const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

test("npm's workspaces are the list's front ends and the other parts", () => {
  /** @type {string[]} */
  const dirs = FRONT_ENDS.map((fe) => fe.dir);
  for (const dir of dirs) assert.ok(rootPackage.workspaces.includes(dir), `${dir} is a workspace`);
  const others = rootPackage.workspaces.filter((/** @type {string} */ w) => !dirs.includes(w));
  for (const part of others)
    assert.ok(!existsSync(join(ROOT, part, 'webpack.config.js')), `${part} builds a front end but is not listed`);
});

test('the type-check script checks every front end', () => {
  for (const { dir } of FRONT_ENDS)
    assert.match(rootPackage.scripts.typecheck, new RegExp(`tsc -p ${dir}( |$)`), `npm run typecheck checks ${dir}`);
});

for (const { area, dir } of FRONT_ENDS) {
  test(`${dir} builds the '${area}' container and declares its routes`, () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    assert.equal(pkg.name, dir);
    assert.match(readFileSync(join(ROOT, dir, 'webpack.config.js'), 'utf8'), new RegExp(`name: '${area}'`));
    assert.ok(existsSync(join(ROOT, dir, 'src', 'routes.ts')), `${dir}/src/routes.ts`);
  });
}
