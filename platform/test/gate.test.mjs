// Unit tests of the release gate (platform/src/releases/gate.ts) and of the release commands that use it:
// npm test -w platform
// Every test works in real temporary folders with small, fake but complete releases: the shell's
// contract is the one shell/src/federation/remoteContract.ts really emits, the remotes' exposed types
// are written by hand, and the type check is TypeScript's, as in a real release.
import assert from 'node:assert/strict';
import fs, { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import { COMMIT, failsWithReleaseError, scratchFolders } from './helpers.mjs';

import { ROOT } from '../src/root';
import { main } from '../src/cli/release';
import { EmitTypesPlugin } from '../src/releases/emitTypesPlugin';
import { describeVerdict, gate } from '../src/releases/gate';
import { promote, readRegistry } from '../src/releases/registry';
import { publishBuild } from '../src/releases/store';

const COMPATIBLE_APP = "import type { ReactElement } from 'react';\nexport default function ShopApp(): ReactElement;\n";
const NEEDS_A_PROP_APP =
  "import type { ReactElement } from 'react';\nexport default function ShopApp(props: { basename: string }): ReactElement;\n";
const REPO_NODE_MODULES = join(ROOT, 'node_modules');

const freshDir = scratchFolders('gate');
let contract;
/** Makes each fake build's files, and so its release id, its own. */
let builds = 0;

before(() => {
  // The shell's contract as its build writes it into types/remote-contract.d.ts.
  const emitted = new EmitTypesPlugin({ tsconfig: join(ROOT, 'shell', 'tsconfig.json'), files: {} }).emit(
    join(ROOT, 'shell', 'src', 'federation', 'remoteContract.ts'),
  );
  assert.equal(emitted.length, 1, emitted.map((d) => d.name).join(', '));
  contract = emitted[0].text;
  assert.match(contract, /interface RemoteModules/);
  assert.match(contract, /'\.\/App':/);
});

function writeFiles(dir, files) {
  for (const [name, content] of Object.entries(files)) {
    if (content === undefined) continue;
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

/** A shell build providing @marketplace/shared `shared` and react 19.3.1; `withContract: false` leaves its types/ out. */
function shellBuild({ shared = '1.0.0', withContract = true } = {}) {
  const dir = freshDir('build-shell');
  return writeFiles(dir, {
    'index.html': `<!doctype html><title>shell</title><script src="main.js"></script>`,
    // Every build differs (a release id is the hash of the build's files, manifests left out).
    'main.js': `console.log('shell ${(builds += 1)}');`,
    'mf-manifest.json': {
      id: 'shell',
      name: 'shell',
      metaData: { name: 'shell', buildInfo: { buildVersion: '1.0.0', buildName: 'shell' } },
      shared: [
        { name: '@marketplace/shared', version: shared, singleton: true, requiredVersion: `^${shared}` },
        { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
      ],
      exposes: [],
    },
    'types/remote-contract.d.ts': withContract ? contract : undefined,
  });
}

/**
 * A remote build: `requires` is the @marketplace/shared range it needs, `app` its ./App
 * declarations (null: none), `exposes` what its manifest exposes, `shared` more shared entries.
 */
function remoteBuild(
  frontEnd,
  { requires = '^1.0.0', app = COMPATIBLE_APP, exposes = ['./App'], shared = [], types = {} } = {},
) {
  const dir = freshDir(`build-${frontEnd}`);
  return writeFiles(dir, {
    'index.html': `<!doctype html><title>${frontEnd}</title><script src="remoteEntry.js"></script>`,
    'remoteEntry.js': `var ${frontEnd};/* build ${(builds += 1)} */`,
    'routes.json': { routes: ['/'] },
    'mf-manifest.json': {
      id: frontEnd,
      name: frontEnd,
      metaData: { name: frontEnd, buildInfo: { buildVersion: '1.0.0', buildName: frontEnd } },
      shared: [
        { name: '@marketplace/shared', version: '1.0.0', singleton: true, requiredVersion: requires },
        { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
        ...shared,
      ],
      exposes: exposes.map((path) => ({ id: `${frontEnd}:${path.slice(2)}`, name: path.slice(2), path })),
    },
    'types/exposes/App.d.ts': app ?? undefined,
    ...types,
  });
}

let day = 0;
async function publish(store, frontEnd, dir) {
  day += 1;
  const { release, created } = await publishBuild(store, frontEnd, dir, {
    commit: COMMIT,
    now: new Date(Date.UTC(2024, 0, 1, 0, day)),
  });
  assert.equal(created, true, `${frontEnd}: the fixture build was published before`);
  return release.id;
}

async function publishLive(store, frontEnd, dir) {
  const id = await publish(store, frontEnd, dir);
  await promote(store, frontEnd, id);
  return id;
}

/** A store whose live shell provides @marketplace/shared `shared`. */
async function storeWithLiveShell({ shared = '1.0.0' } = {}) {
  const store = freshDir('store');
  const shell = await publishLive(store, 'shell', shellBuild({ shared }));
  return { store, shell };
}

/**
 * The scratch folders the gate made in the repository's node_modules during the last
 * gateLeavingNoScratch() (other processes may be running the gate in the same checkout, so its
 * own folders are told apart by watching fs.mkdtempSync rather than by listing node_modules).
 */
let lastScratch = [];

/** Runs the gate and checks that the scratch folders it made are gone, even when it throws. */
function gateLeavingNoScratch(store, frontEnd, target) {
  const made = [];
  const original = fs.mkdtempSync;
  // One wrapper for all of mkdtempSync's overloads: it passes the arguments through unchanged.
  fs.mkdtempSync = /** @type {typeof original} */ (
    (/** @type {Parameters<typeof original>} */ ...args) => {
      const dir = original(...args);
      made.push(dir);
      return dir;
    }
  );
  syncBuiltinESMExports(); // the gate's `import { mkdtempSync } from 'node:fs'` sees the wrapper
  try {
    return gate(store, frontEnd, target);
  } finally {
    fs.mkdtempSync = original;
    syncBuiltinESMExports();
    lastScratch = made;
    for (const dir of made) {
      assert.ok(dir.startsWith(join(REPO_NODE_MODULES, '.release-gate-')), dir);
      assert.equal(existsSync(dir), false, `the gate left its scratch folder ${dir}`);
    }
  }
}

const registryBytes = (store) => readFileSync(join(store, 'registry.json'));

const kinds = (verdict) => verdict.problems.map((p) => p.kind);

describe('a remote against the live shell', () => {
  test('a compatible remote passes, by release id or build folder; the verdict names the live shell', async () => {
    const { store, shell } = await storeWithLiveShell();
    const build = remoteBuild('shop');
    const id = await publish(store, 'shop', build);

    const verdict = gateLeavingNoScratch(store, 'shop', { id });
    assert.equal(lastScratch.length, 1, 'the types were checked in one scratch folder in node_modules (removed since)');
    assert.deepEqual(verdict.problems, []);
    assert.equal(verdict.checked.length, 1);
    assert.match(verdict.checked[0], new RegExp(`^shop ${id} against the live shell ${shell}$`));
    assert.equal(describeVerdict(verdict), `Gate: compatible (shop ${id} against the live shell ${shell}).`);

    // A build not published yet (what `npm run release -- shop` checks before publishing).
    const fromFolder = gateLeavingNoScratch(store, 'shop', { dir: build });
    assert.deepEqual(fromFolder.problems, []);
    assert.ok(fromFolder.checked[0].includes(build), fromFolder.checked[0]);
    assert.ok(fromFolder.checked[0].endsWith(`against the live shell ${shell}`), fromFolder.checked[0]);
  });

  test('a remote requiring a newer @marketplace/shared than the live shell provides is refused until such a shell is live', async () => {
    const { store, shell } = await storeWithLiveShell({ shared: '1.0.0' });
    const id = await publish(store, 'shop', remoteBuild('shop', { requires: '^1.1.0' }));

    const refused = gateLeavingNoScratch(store, 'shop', { id });
    assert.deepEqual(kinds(refused), ['shared version']);
    const [problem] = refused.problems;
    assert.match(problem.message, /@marketplace\/shared \^1\.1\.0/);
    assert.match(problem.message, /provides 1\.0\.0/);
    assert.ok(problem.message.includes(shell), problem.message);
    assert.match(problem.fix, /^Release a shell built with @marketplace\/shared satisfying \^1\.1\.0 first/);

    const words = describeVerdict(refused);
    assert.match(words, /^Gate: refused/);
    assert.match(
      words,
      /1\. \[shared version\] shop .* requires @marketplace\/shared \^1\.1\.0, but the live shell .* provides 1\.0\.0\./,
    );
    assert.match(words, /Fix: Release a shell/);
    assert.match(words, /Nothing was made live\. --force promotes anyway/);

    const newShell = await publishLive(store, 'shell', shellBuild({ shared: '1.1.0' }));
    const passed = gateLeavingNoScratch(store, 'shop', { id });
    assert.deepEqual(passed.problems, []);
    assert.deepEqual(passed.checked, [`shop ${id} against the live shell ${newShell}`]);
  });

  test('a remote built for an older @marketplace/shared than the live shell provides is told to raise its range', async () => {
    const { store } = await storeWithLiveShell({ shared: '2.0.0' });
    const id = await publish(store, 'shop', remoteBuild('shop', { requires: '^1.0.0' }));
    const { problems } = gate(store, 'shop', { id });
    assert.deepEqual(
      problems.map((p) => p.kind),
      ['shared version'],
    );
    assert.match(
      problems[0].message,
      /requires @marketplace\/shared \^1\.0\.0, but the live shell .* provides 2\.0\.0/,
    );
    assert.match(problems[0].fix, /^Build shop against @marketplace\/shared 2\.0\.0 \(raise its range\)/);
  });

  test('shared entries that are not singletons, have no required version, or that the shell does not provide are not checked', async () => {
    const { store } = await storeWithLiveShell();
    const id = await publish(
      store,
      'shop',
      remoteBuild('shop', {
        shared: [
          { name: 'react-dom', version: '18.0.0', singleton: true, requiredVersion: '^18.0.0' }, // the shell does not share it
          { name: 'react', version: '18.0.0', singleton: false, requiredVersion: '^18.0.0' }, // not a singleton: the remote may bring its own
          { name: '@marketplace/shared', version: '3.0.0', singleton: true }, // no range required
        ],
      }),
    );
    assert.deepEqual(gate(store, 'shop', { id }).problems, []);
  });

  test("a remote whose ./App needs a prop the shell does not pass is refused, naming the prop and the module, not the gate's scratch folder", async () => {
    const { store, shell } = await storeWithLiveShell();
    const id = await publish(store, 'shop', remoteBuild('shop', { app: NEEDS_A_PROP_APP }));

    const verdict = gateLeavingNoScratch(store, 'shop', { id });
    assert.deepEqual(kinds(verdict), ['exposed types']);
    const [problem] = verdict.problems;
    assert.match(problem.message, /basename/);
    assert.match(problem.message, /\.\/App/);
    assert.ok(
      problem.message.startsWith(`shop ${id}'s ./App does not match what the live shell ${shell} renders`),
      problem.message,
    );
    assert.equal(lastScratch.length, 1);
    assert.ok(!problem.message.includes(lastScratch[0]), problem.message);
    assert.ok(!problem.message.includes('.release-gate-'), problem.message);
    assert.ok(!problem.message.includes(REPO_NODE_MODULES), problem.message);
    assert.match(problem.fix, /shell\/src\/federation\/remoteContract\.ts/);
    assert.match(describeVerdict(verdict), /\[exposed types\]/);
  });

  test('a remote that does not expose ./App is refused', async () => {
    const { store } = await storeWithLiveShell();
    const id = await publish(
      store,
      'shop',
      remoteBuild('shop', {
        exposes: ['./Widget'],
        app: null,
        types: { 'types/exposes/Widget.d.ts': 'export declare const size: number;\n' },
      }),
    );
    const verdict = gateLeavingNoScratch(store, 'shop', { id });
    assert.deepEqual(kinds(verdict), ['exposed module']);
    assert.match(verdict.problems[0].message, /does not expose \.\/App, which the live shell .* loads/);
    assert.match(verdict.problems[0].fix, /Expose \.\/App from shop/);
  });

  test('a remote exposing nothing and carrying no types/ is refused as not exposing ./App', async () => {
    const { store } = await storeWithLiveShell();
    const id = await publish(store, 'shop', remoteBuild('shop', { exposes: [], app: null }));
    const verdict = gateLeavingNoScratch(store, 'shop', { id });
    assert.deepEqual(kinds(verdict), ['exposed module']);
  });

  test('a remote exposing ./App without its declarations is refused with an error rather than waved through', async () => {
    const { store } = await storeWithLiveShell();
    const id = await publish(store, 'shop', remoteBuild('shop', { app: null }));
    await failsWithReleaseError(
      () => gateLeavingNoScratch(store, 'shop', { id }),
      /no types\/exposes\/App\.d\.ts; the gate refuses rather than guess/,
    );
    assert.equal(lastScratch.length, 1, 'the scratch folder was made, and removed when the gate gave up');
  });

  test('with no live shell there is nothing to check a remote against', async () => {
    const store = freshDir('store');
    const id = await publish(store, 'shop', remoteBuild('shop', { app: NEEDS_A_PROP_APP, requires: '^9.0.0' }));
    const verdict = gate(store, 'shop', { id });
    assert.deepEqual(verdict, { checked: [], problems: [] });
    assert.equal(describeVerdict(verdict), 'Gate: nothing live to check against.');

    // Live remotes alone are not something a remote is checked against either.
    await publishLive(store, 'account', remoteBuild('account'));
    assert.deepEqual(gate(store, 'shop', { id }), { checked: [], problems: [] });
  });

  test('a live shell whose manifest cannot be read makes the gate refuse rather than guess', async () => {
    const { store, shell } = await storeWithLiveShell();
    const id = await publish(store, 'shop', remoteBuild('shop'));
    writeFileSync(join(store, 'shell', shell, 'mf-manifest.json'), 'garbage, not JSON');
    await failsWithReleaseError(
      () => gateLeavingNoScratch(store, 'shop', { id }),
      /cannot read the live shell .*'s manifest.*refuses rather than guess/,
    );
  });

  test('a live shell without types/remote-contract.d.ts makes the gate refuse rather than guess', async () => {
    const store = freshDir('store');
    const shell = await publishLive(store, 'shell', shellBuild({ withContract: false }));
    assert.equal(existsSync(join(store, 'shell', shell, 'types', 'remote-contract.d.ts')), false);
    const id = await publish(store, 'shop', remoteBuild('shop'));
    await failsWithReleaseError(
      () => gateLeavingNoScratch(store, 'shop', { id }),
      /has no types\/remote-contract\.d\.ts.*refuses rather than guess/,
    );
  });
});

describe('a shell against the live remotes', () => {
  test('a shell is checked against every live remote, one line each, and passes when it can run them all', async () => {
    const store = freshDir('store');
    const shop = await publishLive(store, 'shop', remoteBuild('shop'));
    const account = await publishLive(store, 'account', remoteBuild('account'));
    await publish(store, 'auction', remoteBuild('auction', { app: NEEDS_A_PROP_APP })); // published, not live: not checked
    const candidate = await publish(store, 'shell', shellBuild());

    const verdict = gateLeavingNoScratch(store, 'shell', { id: candidate });
    assert.deepEqual(verdict.problems, []);
    assert.deepEqual(verdict.checked, [
      `shell ${candidate} against the live shop ${shop}`,
      `shell ${candidate} against the live account ${account}`,
    ]);
    assert.match(
      describeVerdict(verdict),
      /^Gate: compatible \(shell .* against the live shop .*; shell .* against the live account .*\)\.$/,
    );
  });

  test('a shell providing a @marketplace/shared version a live remote excludes is refused, naming that remote', async () => {
    const store = freshDir('store');
    const shop = await publishLive(store, 'shop', remoteBuild('shop', { requires: '^1.0.0' }));
    await publishLive(store, 'account', remoteBuild('account', { requires: '>=1.0.0' }));
    const candidate = await publish(store, 'shell', shellBuild({ shared: '2.0.0' }));

    const verdict = gateLeavingNoScratch(store, 'shell', { id: candidate });
    assert.equal(verdict.checked.length, 2);
    assert.deepEqual(kinds(verdict), ['shared version']);
    assert.equal(
      verdict.problems[0].message,
      `the live shop ${shop} requires @marketplace/shared ^1.0.0, but shell ${candidate} provides 2.0.0.`,
    );
    assert.match(verdict.problems[0].fix, /keep the previous shell live/);

    // The same shell as an unpublished build folder gets the same verdict.
    const fromFolder = gate(store, 'shell', { dir: shellBuild({ shared: '2.0.0' }) });
    assert.deepEqual(kinds(fromFolder), ['shared version']);
  });

  test('a shell whose contract a live remote does not meet is refused with its exposed types', async () => {
    const store = freshDir('store');
    // Made live past the gate (promote() itself does not gate).
    await publishLive(store, 'shop', remoteBuild('shop', { app: NEEDS_A_PROP_APP }));
    await publishLive(store, 'account', remoteBuild('account'));
    const candidate = await publish(store, 'shell', shellBuild());
    const verdict = gateLeavingNoScratch(store, 'shell', { id: candidate });
    assert.deepEqual(kinds(verdict), ['exposed types']);
    assert.match(verdict.problems[0].message, /^the live shop .*'s \.\/App does not match what shell .* renders/);
    assert.match(verdict.problems[0].message, /basename/);
  });

  test('with no live remote a shell has nothing to be checked against', async () => {
    const store = freshDir('store');
    const candidate = await publish(store, 'shell', shellBuild());
    const verdict = gate(store, 'shell', { id: candidate });
    assert.deepEqual(verdict, { checked: [], problems: [] });
    assert.equal(describeVerdict(verdict), 'Gate: nothing live to check against.');
  });
});

describe('the release commands (main) and the gate', () => {
  const quiet = (t) => {
    const lines = [];
    t.mock.method(console, 'log', (...args) => lines.push(args.join(' ')));
    return lines;
  };

  /** A live shell and a live compatible shop; a published compatible and a published incompatible shop. */
  async function releasedStore() {
    const { store, shell } = await storeWithLiveShell();
    const live = await publishLive(store, 'shop', remoteBuild('shop'));
    const compatible = await publish(store, 'shop', remoteBuild('shop'));
    const incompatible = await publish(store, 'shop', remoteBuild('shop', { app: NEEDS_A_PROP_APP }));
    return { store, shell, live, compatible, incompatible };
  }

  test("'promote' of a release the gate refuses rejects and leaves registry.json byte for byte", async (t) => {
    const { store, live, incompatible } = await releasedStore();
    const bytes = registryBytes(store);
    const lines = quiet(t);
    await failsWithReleaseError(() => main(['promote', 'shop', incompatible], store), /shop was refused by the gate/);
    assert.deepEqual(registryBytes(store), bytes);
    assert.equal(readRegistry(store).frontEnds.shop.live, live);
    assert.equal(existsSync(join(store, 'registry.lock')), false);
    assert.match(lines.join('\n'), /Gate: refused/);
  });

  test("'promote --force' makes a refused release live and records the gate's messages in the history", async (t) => {
    const { store, live, incompatible } = await releasedStore();
    const expected = gate(store, 'shop', { id: incompatible }).problems.map((p) => p.message);
    assert.equal(expected.length, 1);
    const lines = quiet(t);

    assert.equal(await main(['promote', 'shop', incompatible, '--force'], store), 0);
    const registry = readRegistry(store);
    assert.deepEqual(registry.frontEnds.shop, { live: incompatible, previous: live });
    const last = registry.history.at(-1);
    assert.equal(last.action, 'promote');
    assert.equal(last.release, incompatible);
    assert.deepEqual(last.forced, expected);
    assert.match(lines.join('\n'), /--force: going ahead anyway/);

    // 'status' shows that the gate was forced.
    lines.length = 0;
    assert.equal(await main(['status'], store), 0);
    assert.match(lines.join('\n'), new RegExp(`forced past the gate: ${incompatible}`));
  });

  test("'promote' of a release the gate allows records no forced problems", async (t) => {
    const { store, live, compatible } = await releasedStore();
    quiet(t);
    assert.equal(await main(['promote', 'shop', compatible], store), 0);
    const registry = readRegistry(store);
    assert.deepEqual(registry.frontEnds.shop, { live: compatible, previous: live });
    assert.equal('forced' in registry.history.at(-1), false);
  });

  test("'gate' answers 1 for a release the gate refuses and 0 for one it allows, and changes nothing", async (t) => {
    const { store, compatible, incompatible } = await releasedStore();
    const bytes = registryBytes(store);
    const lines = quiet(t);
    assert.equal(await main(['gate', 'shop', incompatible], store), 1);
    assert.match(lines.join('\n'), /Gate: refused[\s\S]*basename/);
    lines.length = 0;
    assert.equal(await main(['gate', 'shop', compatible], store), 0);
    assert.match(lines.join('\n'), /Gate: compatible/);
    assert.deepEqual(registryBytes(store), bytes);
  });

  test("'rollback' to a release the live shell cannot run is refused; with --force it goes ahead", async (t) => {
    const { store, incompatible, compatible } = await releasedStore();
    await promote(store, 'shop', incompatible); // past the gate, as a --force would
    await promote(store, 'shop', compatible);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: compatible, previous: incompatible });
    const bytes = registryBytes(store);
    quiet(t);

    await failsWithReleaseError(() => main(['rollback', 'shop'], store), /shop was refused by the gate/);
    assert.deepEqual(registryBytes(store), bytes);

    assert.equal(await main(['rollback', 'shop', '--force'], store), 0);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: incompatible, previous: compatible });
  });

  test("'rollback' to a release the live shell can run needs no --force", async (t) => {
    const { store, live, compatible } = await releasedStore();
    await promote(store, 'shop', compatible);
    quiet(t);
    assert.equal(await main(['rollback', 'shop'], store), 0);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live, previous: compatible });
  });

  test("'rollback --force' past the gate is recorded in the registry, as --force says", async (t) => {
    const { store, incompatible, compatible } = await releasedStore();
    await promote(store, 'shop', incompatible);
    await promote(store, 'shop', compatible);
    const lines = quiet(t);
    assert.equal(await main(['rollback', 'shop', '--force'], store), 0);
    assert.match(lines.join('\n'), /recorded in the registry/);
    const last = readRegistry(store).history.at(-1);
    assert.equal(last.action, 'rollback');
    assert.ok(Array.isArray(last.forced) && last.forced.length === 1, JSON.stringify(last));
  });
});
