// Unit tests of the public-surface record (scripts/shared-surface.mjs): node --test scripts/test/
// Each test works on a tiny fake TypeScript package in a temporary folder inside the repository's
// node_modules (so that typescript and react's types resolve as they do for @marketplace/shared).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { ROOT } from '../../platform/src/root';
import { RECORD_FILE, checkSurface, compareSurfaces, currentSurface } from '../shared-surface.mjs';

const SOURCE = `import type { ReactNode } from 'react';

/** Says hello. */
export function greet(name: string): string {
  return \`hello \${name}\`;
}

export interface Options {
  size: number;
  label?: ReactNode;
}

export const LIMIT = 3;
`;

let root;
let counter = 0;

before(() => {
  root = mkdtempSync(join(ROOT, 'node_modules', '.surface-test-'));
});

after(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A fake package @fake/pkg at `version` whose only entry point is src/index.ts with `source`. */
function fakePackage({ version = '1.0.0', source = SOURCE } = {}) {
  counter += 1;
  const dir = join(root, `pkg-${counter}`);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: '@fake/pkg', version, exports: { '.': './src/index.ts' } }, null, 2),
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        target: 'ES2022',
        skipLibCheck: true,
        types: [],
      },
      include: ['src'],
    }),
  );
  writeFileSync(join(dir, 'src', 'index.ts'), source);
  return dir;
}

/** A fake package whose surface is recorded at 1.0.0 (or `version`). */
function recordedPackage(options) {
  const dir = fakePackage(options);
  const { ok, message } = checkSurface(dir, { write: true });
  assert.ok(ok, message);
  return dir;
}

function editManifest(dir, fields) {
  const file = join(dir, 'package.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...fields }, null, 2));
}

const setVersion = (dir, version) => editManifest(dir, { version });

function editSource(dir, edit) {
  const file = join(dir, 'src', 'index.ts');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
}

const recordBytes = (dir) => readFileSync(join(dir, RECORD_FILE));

/** Asserts a refusal whose message asks for `needs` (at least `wanted`) and names each change. */
function assertRefused({ ok, message }, { needs, wanted, changes = [] }) {
  assert.equal(ok, false, message);
  assert.ok(message.includes(`needs a ${needs} version (at least ${wanted})`), message);
  for (const change of changes) assert.ok(message.includes(`  - ${change}`), message);
}

describe('checkSurface on a package', () => {
  test('with no record, check fails asking for one; --write records the surface, and check then passes', () => {
    const dir = fakePackage();
    const missing = checkSurface(dir);
    assert.equal(missing.ok, false);
    assert.match(missing.message, /surface\.json is missing/);
    assert.equal(existsSync(join(dir, RECORD_FILE)), false);

    const written = checkSurface(dir, { write: true });
    assert.deepEqual(written, { ok: true, message: 'Recorded the surface of @fake/pkg 1.0.0.' });
    const record = JSON.parse(readFileSync(join(dir, RECORD_FILE), 'utf8'));
    assert.equal(record.name, '@fake/pkg');
    assert.equal(record.version, '1.0.0');
    assert.deepEqual(record.entries, ['.']);
    assert.deepEqual(Object.keys(record.declarations).sort(), [
      'src/index#LIMIT',
      'src/index#Options',
      'src/index#greet',
    ]);
    assert.deepEqual(record.declarations['src/index#Options'].members.label, {
      text: 'label?: ReactNode;',
      optional: true,
    });
    assert.deepEqual(record, currentSurface(dir));

    assert.deepEqual(checkSurface(dir), { ok: true, message: '@fake/pkg 1.0.0: the public surface is as recorded.' });
  });

  test('an export added without a version bump is refused, naming it and asking for a minor version; --write does not record it', () => {
    const dir = recordedPackage();
    const bytes = recordBytes(dir);
    editSource(dir, (s) => `${s}export function farewell(name: string): string {\n  return name;\n}\n`);

    const verdict = checkSurface(dir);
    assertRefused(verdict, { needs: 'minor', wanted: '1.1.0', changes: ['added src/index#farewell'] });
    assert.match(verdict.message, /package\.json says 1\.0\.0/);

    assertRefused(checkSurface(dir, { write: true }), { needs: 'minor', wanted: '1.1.0' });
    assert.deepEqual(recordBytes(dir), bytes);
  });

  test('at 1.1.0 the added export is allowed but must be recorded: check fails until --write, then passes', () => {
    const dir = recordedPackage();
    editSource(dir, (s) => `${s}export const EXTRA = 'x';\n`);
    setVersion(dir, '1.1.0');

    const unrecorded = checkSurface(dir);
    assert.equal(unrecorded.ok, false);
    assert.match(
      unrecorded.message,
      /@fake\/pkg 1\.1\.0 is not recorded \(the surface changed:\n {2}- added src\/index#EXTRA\)/,
    );

    const written = checkSurface(dir, { write: true });
    assert.equal(written.ok, true, written.message);
    assert.match(written.message, /Recorded the surface of @fake\/pkg 1\.1\.0/);
    assert.equal(JSON.parse(recordBytes(dir).toString()).version, '1.1.0');

    assert.deepEqual(checkSurface(dir), { ok: true, message: '@fake/pkg 1.1.0: the public surface is as recorded.' });
  });

  test('a removed export needs a major version: a minor bump is refused, 2.0.0 is recorded', () => {
    const dir = recordedPackage();
    editSource(dir, (s) => s.replace('export const LIMIT = 3;\n', ''));
    setVersion(dir, '1.1.0');
    assertRefused(checkSurface(dir, { write: true }), {
      needs: 'major',
      wanted: '2.0.0',
      changes: ['removed src/index#LIMIT'],
    });

    setVersion(dir, '2.0.0');
    assert.equal(checkSurface(dir, { write: true }).ok, true);
    assert.equal(checkSurface(dir).ok, true);
  });

  test('an added optional interface member needs a minor version', () => {
    const dir = recordedPackage();
    editSource(dir, (s) => s.replace('  label?: ReactNode;\n', '  label?: ReactNode;\n  tone?: string;\n'));
    assertRefused(checkSurface(dir), {
      needs: 'minor',
      wanted: '1.1.0',
      changes: ['added optional src/index#Options.tone'],
    });
    setVersion(dir, '1.1.0');
    assert.equal(checkSurface(dir, { write: true }).ok, true);
  });

  test('an added required interface member needs a major version', () => {
    const dir = recordedPackage();
    editSource(dir, (s) => s.replace('  label?: ReactNode;\n', '  label?: ReactNode;\n  tone: string;\n'));
    setVersion(dir, '1.1.0');
    assertRefused(checkSurface(dir), {
      needs: 'major',
      wanted: '2.0.0',
      changes: ['added required src/index#Options.tone'],
    });
  });

  test('a name added to a re-export list needs a minor version, a name taken out of it a major one', () => {
    const dir = recordedPackage({ source: `${SOURCE}const a = 1;\nconst b = 2;\nexport { a };\n` });
    editSource(dir, (s) => s.replace('export { a };', 'export { a, b };'));
    assertRefused(checkSurface(dir), { needs: 'minor', wanted: '1.1.0', changes: ['added src/index#export:b'] });
    editSource(dir, (s) => s.replace('export { a, b };', 'export { b };'));
    assertRefused(checkSurface(dir), { needs: 'major', wanted: '2.0.0', changes: ['removed src/index#export:a'] });
  });

  test('a contract schema (TypeBox object) is compared by property: optional added minor, required added major', () => {
    const schema = `import { Type } from 'typebox';\nexport const Query = Type.Object({ name: Type.String() });\n`;
    const dir = recordedPackage({ source: schema });
    editSource(dir, (s) =>
      s.replace('name: Type.String() }', 'name: Type.String(), cursor: Type.Optional(Type.String()) }'),
    );
    assertRefused(checkSurface(dir), {
      needs: 'minor',
      wanted: '1.1.0',
      changes: ['added optional src/index#Query.cursor'],
    });
    editSource(dir, (s) => s.replace('cursor: Type.Optional(Type.String())', 'cursor: Type.String()'));
    assertRefused(checkSurface(dir), {
      needs: 'major',
      wanted: '2.0.0',
      changes: ['added required src/index#Query.cursor'],
    });
  });

  test("a member made required, or a function's parameter type changed, needs a major version", () => {
    const dir = recordedPackage();
    editSource(dir, (s) => s.replace('label?: ReactNode;', 'label: ReactNode;'));
    assertRefused(checkSurface(dir), { needs: 'major', wanted: '2.0.0', changes: ['changed src/index#Options.label'] });

    const other = recordedPackage();
    editSource(other, (s) => s.replace('greet(name: string)', 'greet(name: string | number)'));
    setVersion(other, '1.1.0');
    assertRefused(checkSurface(other), { needs: 'major', wanted: '2.0.0', changes: ['changed src/index#greet'] });
    setVersion(other, '2.0.0');
    assert.equal(checkSurface(other, { write: true }).ok, true);
    assert.equal(checkSurface(other).ok, true);
  });

  test('changes inside function bodies and comments are not surface changes', () => {
    const dir = recordedPackage();
    editSource(dir, (s) =>
      s.replace('return `hello ${name}`;', 'return `hi ${name}!`;').replace('/** Says hello. */\n', ''),
    );
    assert.deepEqual(checkSurface(dir), { ok: true, message: '@fake/pkg 1.0.0: the public surface is as recorded.' });
  });

  test('a patch release with no surface change fails check until it is recorded, then passes', () => {
    const dir = recordedPackage();
    setVersion(dir, '1.0.1');
    const unrecorded = checkSurface(dir);
    assert.equal(unrecorded.ok, false);
    assert.match(unrecorded.message, /@fake\/pkg 1\.0\.1 is not recorded: run npm run surface -w shared/);

    assert.deepEqual(checkSurface(dir, { write: true }), {
      ok: true,
      message: 'Recorded the surface of @fake/pkg 1.0.1.',
    });
    assert.deepEqual(checkSurface(dir), { ok: true, message: '@fake/pkg 1.0.1: the public surface is as recorded.' });
  });

  test('before 1.0.0 a breaking change needs only a minor step', () => {
    const dir = recordedPackage({ version: '0.3.0' });
    editSource(dir, (s) => s.replace('export const LIMIT = 3;\n', ''));
    setVersion(dir, '0.3.1');
    assertRefused(checkSurface(dir), { needs: 'major', wanted: '1.0.0', changes: ['removed src/index#LIMIT'] });
    setVersion(dir, '0.4.0');
    assert.equal(checkSurface(dir, { write: true }).ok, true);
  });

  test('a version moved back below the record is refused, and the refusal reads as words', () => {
    const dir = recordedPackage({ version: '1.2.0' });
    setVersion(dir, '1.1.0');
    const verdict = checkSurface(dir, { write: true });
    assert.equal(verdict.ok, false);
    assert.doesNotMatch(verdict.message, /null/);
  });

  test('a workspace package it depends on (linked) is part of its surface, keyed by its name; an installed one is not', () => {
    // @fake/pkg re-exports @fake/contract, a workspace linked into its node_modules (as npm links
    // @marketplace/contract for @marketplace/shared), and @fake/installed, a folder of its own there.
    const contract = fakePackage({
      source: `import { Type } from 'typebox';\nexport const Reply = Type.Object({ id: Type.Integer() });\n`,
    });
    editManifest(contract, { name: '@fake/contract' });
    const dir = fakePackage({ source: `export * from '@fake/contract';\nexport * from '@fake/installed';\n` });
    editManifest(dir, { dependencies: { '@fake/contract': '1.0.0', '@fake/installed': '1.0.0' } });
    mkdirSync(join(dir, 'node_modules', '@fake', 'installed'), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules', '@fake', 'installed', 'package.json'),
      JSON.stringify({ name: '@fake/installed', version: '1.0.0', types: 'index.d.ts' }),
    );
    writeFileSync(
      join(dir, 'node_modules', '@fake', 'installed', 'index.d.ts'),
      'export declare const INSTALLED = 1;\n',
    );
    symlinkSync(contract, join(dir, 'node_modules', '@fake', 'contract'));

    assert.ok(checkSurface(dir, { write: true }).ok);
    assert.deepEqual(Object.keys(currentSurface(dir).declarations).sort(), [
      '@fake/contract/src/index#Reply',
      "src/index#ExportDeclaration:export * from '@fake/contract';",
      "src/index#ExportDeclaration:export * from '@fake/installed';",
    ]);
    editSource(contract, (s) => s.replace('id: Type.Integer()', 'id: Type.String()'));
    assertRefused(checkSurface(dir), {
      needs: 'major',
      wanted: '2.0.0',
      changes: ['changed @fake/contract/src/index#Reply.id'],
    });
  });

  test('removing one overload of an exported function needs a major version', () => {
    const dir = recordedPackage({
      source:
        'export function parse(v: string): number;\nexport function parse(v: number): number;\nexport function parse(v: string | number): number {\n  return Number(v);\n}\n',
    });
    editSource(dir, (s) => s.replace('export function parse(v: string): number;\n', ''));
    assertRefused(checkSurface(dir), { needs: 'major', wanted: '2.0.0' });
  });
});

describe('compareSurfaces', () => {
  const surface = (declarations, entries = ['.']) => ({ name: '@fake/pkg', version: '1.0.0', entries, declarations });
  const options = (members) => ({ head: 'export interface Options', members });
  const size = { text: 'size: number;', optional: false };
  const label = { text: 'label?: string;', optional: true };
  const base = () =>
    surface({
      'src/index#greet': 'export declare function greet(name: string): string;',
      'src/index#Options': options({ size, label }),
    });

  test('the same surface needs no bump', () => {
    assert.deepEqual(compareSurfaces(base(), base()), { breaking: [], additions: [], needs: null });
  });

  test('an added declaration or entry point needs a minor version', () => {
    const now = base();
    now.declarations['src/index#LIMIT'] = 'export declare const LIMIT = 3;';
    now.entries = ['.', './extra'];
    assert.deepEqual(compareSurfaces(base(), now), {
      breaking: [],
      additions: ['added src/index#LIMIT', 'added entry point ./extra'],
      needs: 'minor',
    });
  });

  test('a removed declaration or entry point needs a major version', () => {
    const recorded = surface({ ...base().declarations }, ['.', './extra']);
    const now = base();
    delete now.declarations['src/index#greet'];
    assert.deepEqual(compareSurfaces(recorded, now), {
      breaking: ['removed src/index#greet', 'removed entry point ./extra'],
      additions: [],
      needs: 'major',
    });
  });

  test('a changed declaration, head or member needs a major version', () => {
    const now = base();
    now.declarations['src/index#greet'] = 'export declare function greet(name: number): string;';
    now.declarations['src/index#Options'] = {
      head: 'export interface Options extends Base',
      members: { size: { text: 'size: string;', optional: false }, label },
    };
    assert.deepEqual(compareSurfaces(base(), now), {
      breaking: ['changed src/index#greet', 'changed src/index#Options', 'changed src/index#Options.size'],
      additions: [],
      needs: 'major',
    });
  });

  test('a declaration turned from an interface into a plain declaration needs a major version', () => {
    const now = base();
    now.declarations['src/index#Options'] = 'export declare const Options: unknown;';
    assert.deepEqual(compareSurfaces(base(), now).breaking, ['changed src/index#Options']);
  });

  test('members: an optional one added is minor; a required one added or any removed is major', () => {
    const optionalAdded = base();
    optionalAdded.declarations['src/index#Options'] = options({
      size,
      label,
      tone: { text: 'tone?: string;', optional: true },
    });
    assert.deepEqual(compareSurfaces(base(), optionalAdded), {
      breaking: [],
      additions: ['added optional src/index#Options.tone'],
      needs: 'minor',
    });

    const requiredAdded = base();
    requiredAdded.declarations['src/index#Options'] = options({
      size,
      label,
      tone: { text: 'tone: string;', optional: false },
    });
    assert.deepEqual(compareSurfaces(base(), requiredAdded), {
      breaking: ['added required src/index#Options.tone'],
      additions: [],
      needs: 'major',
    });

    const removed = base();
    removed.declarations['src/index#Options'] = options({ size });
    assert.deepEqual(compareSurfaces(base(), removed), {
      breaking: ['removed src/index#Options.label'],
      additions: [],
      needs: 'major',
    });
  });

  test('a breaking change among additions still needs a major version', () => {
    const now = base();
    now.declarations['src/index#LIMIT'] = 'export declare const LIMIT = 3;';
    delete now.declarations['src/index#greet'];
    const { breaking, additions, needs } = compareSurfaces(base(), now);
    assert.deepEqual(
      { breaking, additions, needs },
      { breaking: ['removed src/index#greet'], additions: ['added src/index#LIMIT'], needs: 'major' },
    );
  });
});
