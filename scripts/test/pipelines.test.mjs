// Each team's pipeline (.github/workflows/<part>.yml) runs the part's own scripts, and only when
// what the part is built from changes: a renamed folder or script must not leave a pipeline idle.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FRONT_ENDS } from '../../platform/src/frontEnds';
import { ROOT } from '../../platform/src/root';

// Every front end of the list has its pipeline.
const PARTS = {
  ...Object.fromEntries(FRONT_ENDS.map(({ dir }) => [dir, `npm run ci -w ${dir}`])),
  shared: 'npm test -w shared',
  api: 'npm test -w api',
  platform: 'npm test -w platform',
};

for (const [part, command] of Object.entries(PARTS)) {
  test(`${part}'s pipeline runs '${command}' when ${part}/ changes`, () => {
    const file = join(ROOT, '.github', 'workflows', `${part}.yml`);
    assert.ok(existsSync(file), `${file} exists`);
    const text = readFileSync(file, 'utf8');
    assert.match(text, new RegExp(`run: ${command.replace(/[-]/g, '\\-')}\\s*$`, 'm'));
    for (const trigger of ['push', 'pull_request'])
      assert.match(
        text,
        new RegExp(`${trigger}:[\\s\\S]*?paths: \\[[^\\]]*'${part}/\\*\\*'`),
        `${trigger} filters on ${part}/**`,
      );
    const [script, workspace] = command.startsWith('npm run ci') ? ['ci', part] : ['test', part];
    const pkg = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8'));
    assert.ok(pkg.scripts?.[script], `${workspace}/package.json has a '${script}' script`);
    if (script === 'test')
      assert.match(pkg.scripts.test, /^tsc -p \. && /, `${part}'s tests start with its type check`);
  });
}
