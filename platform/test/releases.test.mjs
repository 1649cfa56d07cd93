// Unit tests of the front-end release store (npm run release): npm test -w platform
// Every test works in real temporary folders with small, fake but complete build folders.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { COMMIT, failsWithReleaseError, scratchFolders, writeFakeBuild } from './helpers.mjs';

import { main } from '../src/cli/release';
import { LiveReleases } from '../src/releases/live';
import {
  move,
  normaliseBaseUrl,
  promote,
  readRegistry,
  rollback,
  updateRegistry,
  withRegistryLock,
} from '../src/releases/registry';
import {
  RELEASE_ID,
  ReleaseError,
  hashBuild,
  inspectBuild,
  listReleases,
  pruneReleases,
  publishBuild,
  readRelease,
  readRoutes,
} from '../src/releases/store';

const freshDir = scratchFolders('releases');

const ROUTES = ['/', '/compare'];

/** A fake build folder of `frontEnd` (helpers.mjs: writeFakeBuild) in a fresh folder. */
const writeBuild = (frontEnd, build) => writeFakeBuild(freshDir(`build-${frontEnd}`), frontEnd, build);

/** Every file below a folder: relative path -> { mtimeMs, sha256 of its content }. */
function snapshot(dir) {
  const out = {};
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else
        out[relative(dir, path)] = {
          mtimeMs: statSync(path).mtimeMs,
          sha256: createHash('sha256').update(readFileSync(path)).digest('hex'),
        };
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const registryFile = (store) => join(store, 'registry.json');
const registryBytes = (store) => readFileSync(registryFile(store));

/** A store with `count` published releases of a front end (distinct builds), oldest first. */
async function storeWithReleases(frontEnd, count, { store = freshDir('store') } = {}) {
  const releases = [];
  for (let i = 0; i < count; i += 1) {
    const { release } = await publishBuild(store, frontEnd, writeBuild(frontEnd, { variant: `v${i}` }), {
      commit: COMMIT,
      now: new Date(Date.UTC(2024, 0, 1 + i)),
    });
    releases.push(release);
  }
  return { store, releases };
}

describe('publish', () => {
  test('a remote build becomes a release folder with its files, release.json, the id as build version and its routes', async () => {
    const store = freshDir('store');
    const build = writeBuild('shop');
    const { release, created } = await publishBuild(store, 'shop', build, {
      commit: COMMIT,
      now: new Date('2024-03-01T10:00:00Z'),
    });

    assert.equal(created, true);
    assert.match(release.id, RELEASE_ID);
    assert.ok(release.id.startsWith(`${COMMIT.slice(0, 7)}-`), release.id);
    assert.equal(release.id, `${COMMIT.slice(0, 7)}-${hashBuild(build)}`);

    const dir = join(store, 'shop', release.id);
    assert.deepEqual(Object.keys(snapshot(dir)).sort(), [
      'index.html',
      'mf-manifest.json',
      'release.json',
      'remoteEntry.js',
      'routes.json',
      join('static', 'js', '123.abcdef01.js'),
    ]);
    for (const name of ['index.html', 'remoteEntry.js', 'routes.json', join('static', 'js', '123.abcdef01.js')]) {
      assert.equal(readFileSync(join(dir, name), 'utf8'), readFileSync(join(build, name), 'utf8'), name);
    }

    const manifest = readJson(join(dir, 'mf-manifest.json'));
    assert.equal(manifest.name, 'shop');
    assert.equal(manifest.metaData.buildInfo.buildVersion, release.id);
    // The build folder itself (a CI job's output) is left as it was.
    assert.equal(readJson(join(build, 'mf-manifest.json')).metaData.buildInfo.buildVersion, '1.0.0');

    const written = readJson(join(dir, 'release.json'));
    assert.deepEqual(written, release);
    assert.equal(written.frontEnd, 'shop');
    assert.equal(written.commit, COMMIT);
    assert.equal(written.dirty, false);
    assert.equal(written.publishedAt, '2024-03-01T10:00:00.000Z');
    assert.deepEqual(written.routes, ROUTES);
    assert.equal(written.files, 5);

    assert.deepEqual(readRelease(store, 'shop', release.id), release);
    assert.deepEqual(
      listReleases(store, 'shop').map((r) => r.id),
      [release.id],
    );
    // Nothing but the release itself in the front end's folder (no interrupted-publish leftovers).
    assert.deepEqual(readdirSync(join(store, 'shop')), [release.id]);
  });

  test('a shell build is published with its files and no routes', async () => {
    const store = freshDir('store');
    const { release, created } = await publishBuild(store, 'shell', writeBuild('shell'), { commit: COMMIT });
    assert.equal(created, true);
    assert.match(release.id, RELEASE_ID);
    assert.deepEqual(readdirSync(join(store, 'shell', release.id)).sort(), [
      'index.html',
      'main.1a2b3c4d.js',
      'release.json',
    ]);
    assert.equal('routes' in readJson(join(store, 'shell', release.id, 'release.json')), false);
  });

  test('publishing the same build again returns created:false and changes nothing in the store', async () => {
    const store = freshDir('store');
    const first = await publishBuild(store, 'shop', writeBuild('shop'), {
      commit: COMMIT,
      now: new Date('2024-03-01T10:00:00Z'),
    });
    const before = snapshot(store);

    // An identical build in another folder, published later.
    const again = await publishBuild(store, 'shop', writeBuild('shop'), {
      commit: COMMIT,
      now: new Date('2024-04-01T10:00:00Z'),
    });
    assert.equal(again.created, false);
    assert.equal(again.release.id, first.release.id);
    assert.equal(again.release.publishedAt, '2024-03-01T10:00:00.000Z');
    assert.deepEqual(snapshot(store), before);
    assert.deepEqual(readdirSync(join(store, 'shop')), [first.release.id]);
  });

  test('a different build, commit or dirty checkout gets a different id', async () => {
    const store = freshDir('store');
    const a = (await publishBuild(store, 'shop', writeBuild('shop', { variant: 'a' }), { commit: COMMIT })).release;
    const b = (await publishBuild(store, 'shop', writeBuild('shop', { variant: 'b' }), { commit: COMMIT })).release;
    assert.notEqual(b.id, a.id);
    assert.notEqual(b.buildHash, a.buildHash);
    assert.match(b.id, RELEASE_ID);

    const otherCommit = (
      await publishBuild(store, 'shop', writeBuild('shop', { variant: 'a' }), { commit: 'fedcba9876543210' })
    ).release;
    assert.equal(otherCommit.id, `fedcba9-${a.buildHash}`);

    const dirty = await publishBuild(store, 'shop', writeBuild('shop', { variant: 'a' }), {
      commit: COMMIT,
      dirty: true,
    });
    assert.equal(dirty.created, true);
    assert.equal(dirty.release.id, `${COMMIT.slice(0, 7)}-dirty-${a.buildHash}`);
    assert.match(dirty.release.id, RELEASE_ID);

    const local = (await publishBuild(store, 'shop', writeBuild('shop', { variant: 'c' }))).release;
    assert.ok(local.id.startsWith('local-'), local.id);

    assert.deepEqual(
      listReleases(store, 'shop')
        .map((r) => r.id)
        .sort(),
      [a.id, b.id, otherCommit.id, dirty.release.id, local.id].sort(),
    );
  });

  test('a half-written release folder (no release.json) is not a release: publishing over it fails and leaves no copy behind', async () => {
    const store = freshDir('store');
    const build = writeBuild('shop');
    const id = `${COMMIT.slice(0, 7)}-${hashBuild(build)}`;
    mkdirSync(join(store, 'shop', id), { recursive: true });
    writeFileSync(join(store, 'shop', id, 'index.html'), 'half');

    assert.equal(readRelease(store, 'shop', id), null);
    assert.deepEqual(listReleases(store, 'shop'), []);
    await failsWithReleaseError(
      () => publishBuild(store, 'shop', build, { commit: COMMIT }),
      /is not a complete release; remove it first/,
    );
    assert.deepEqual(readdirSync(join(store, 'shop')), [id]);
    assert.deepEqual(readdirSync(join(store, 'shop', id)), ['index.html']);
  });

  test('a new file in the build changes the id', async () => {
    const store = freshDir('store');
    const a = (await publishBuild(store, 'shell', writeBuild('shell'), { commit: COMMIT })).release;
    const b = (
      await publishBuild(store, 'shell', writeBuild('shell', { files: { 'chunk.99aa88bb.js': '1' } }), {
        commit: COMMIT,
      })
    ).release;
    assert.notEqual(a.id, b.id);
  });
});

describe('incomplete or wrong builds are refused and leave nothing in the store', () => {
  /** @type {[name: string, frontEnd: string, makeBuild: () => string, message: RegExp][]} */
  const cases = [
    [
      'a remote without mf-manifest.json',
      'shop',
      () => writeBuild('shop', { omit: ['mf-manifest.json'] }),
      /incomplete: no mf-manifest\.json/,
    ],
    [
      'a remote without remoteEntry.js or routes.json',
      'auction',
      () => writeBuild('auction', { omit: ['remoteEntry.js', 'routes.json'] }),
      /no remoteEntry\.js, routes\.json/,
    ],
    [
      'a shell without index.html',
      'shell',
      () => writeBuild('shell', { omit: ['index.html'] }),
      /incomplete: no index\.html/,
    ],
    [
      'a manifest naming another container',
      'shop',
      () => writeBuild('shop', { manifest: { name: 'account', metaData: { buildInfo: { buildVersion: '1.0.0' } } } }),
      /'account' container, not 'shop'/,
    ],
    [
      'a manifest that is not JSON',
      'account',
      () => writeBuild('account', { manifest: '{ "name": "account", ' }),
      /mf-manifest\.json is not JSON/,
    ],
    [
      'a routes.json with a URL instead of a route',
      'shop',
      () => writeBuild('shop', { routes: ['/', 'http://x'] }),
      /not routes: http:\/\/x/,
    ],
    [
      'a routes.json listing a path twice',
      'shop',
      () => writeBuild('shop', { routes: ['/', '/compare', '/'] }),
      /twice/,
    ],
    ['a routes.json with no routes', 'shop', () => writeBuild('shop', { routes: [] }), /1 to 500 routes/],
    [
      'a routes.json that is not JSON',
      'shop',
      () => writeBuild('shop', { routes: 'routes: /' }),
      /routes\.json cannot be read/,
    ],
    [
      'a routes.json whose facts say what no route can be',
      'shop',
      () =>
        writeBuild('shop', {
          routes: JSON.stringify({
            routes: ['/'],
            pages: [{ path: '/', serverRendered: true, private: false, sitemap: 'everywhere', staleOn: 'catalogue' }],
          }),
        }),
      /pages\.0\.sitemap/,
    ],
    [
      'a routes.json with facts of other routes than it lists',
      'shop',
      () =>
        writeBuild('shop', {
          routes: JSON.stringify({
            routes: ['/', '/compare'],
            pages: [{ path: '/', serverRendered: true, private: false, staleOn: 'catalogue' }],
          }),
        }),
      /facts for other routes/,
    ],
    [
      'a shell whose routes.json is not one',
      'shell',
      () => {
        const dir = writeBuild('shell');
        writeFileSync(join(dir, 'routes.json'), JSON.stringify({ routes: ['/about', '/about'] }));
        return dir;
      },
      /twice/,
    ],
    ['an unknown front end', 'admin', () => writeBuild('shop'), /Unknown front end 'admin'/],
    ['a folder that does not exist', 'shop', () => join(freshDir('missing'), 'no-such-build'), /is not a build folder/],
  ];
  for (const [name, frontEnd, makeBuild, message] of cases) {
    test(name, async () => {
      const store = freshDir('store');
      await failsWithReleaseError(() => publishBuild(store, frontEnd, makeBuild(), { commit: COMMIT }), message);
      assert.deepEqual(readdirSync(store), []);
    });
  }

  test('routes with :params and nested paths are accepted as they are', () => {
    const dir = writeBuild('auction', { routes: ['/', '/auctions/:id', '/auctions/:id/bids', '/my-bids'] });
    assert.deepEqual(inspectBuild('auction', dir).routes, ['/', '/auctions/:id', '/auctions/:id/bids', '/my-bids']);
    assert.deepEqual(readRoutes(join(dir, 'routes.json'), 'auction'), [
      '/',
      '/auctions/:id',
      '/auctions/:id/bids',
      '/my-bids',
    ]);
  });
});

describe('promote and rollback', () => {
  test('promote sets live and previous; promoting the live release again changes nothing', async () => {
    const { store, releases } = await storeWithReleases('shop', 2);
    const [a, b] = releases.map((r) => r.id);

    const first = await promote(store, 'shop', a);
    assert.deepEqual(
      {
        frontEnd: first.event.frontEnd,
        action: first.event.action,
        release: first.event.release,
        from: first.event.from,
      },
      { frontEnd: 'shop', action: 'promote', release: a, from: null },
    );
    assert.equal(readRegistry(store).frontEnds.shop.live, a);
    assert.equal(readRegistry(store).frontEnds.shop.previous, null);

    const second = await promote(store, 'shop', b);
    assert.equal(second.event.from, a);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: b, previous: a });

    const bytes = registryBytes(store);
    const again = await promote(store, 'shop', b);
    assert.equal(again.event, null);
    assert.deepEqual(registryBytes(store), bytes);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: b, previous: a });
  });

  test('rollback swaps live and previous, and again swaps back', async () => {
    const { store, releases } = await storeWithReleases('shop', 2);
    const [a, b] = releases.map((r) => r.id);
    await promote(store, 'shop', a);
    await promote(store, 'shop', b);

    const { event } = await rollback(store, 'shop');
    assert.equal(event.action, 'rollback');
    assert.equal(event.release, a);
    assert.equal(event.from, b);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: a, previous: b });

    await rollback(store, 'shop');
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: b, previous: a });
  });

  test('rollback with no previous release fails and changes nothing', async () => {
    const { store, releases } = await storeWithReleases('shop', 1);
    await failsWithReleaseError(() => rollback(store, 'shop'), /no previous release/);
    assert.equal(existsSync(registryFile(store)), false);

    await promote(store, 'shop', releases[0].id);
    const bytes = registryBytes(store);
    await failsWithReleaseError(() => rollback(store, 'shop'), /shop has no previous release/);
    assert.deepEqual(registryBytes(store), bytes);
    assert.equal(existsSync(join(store, 'registry.lock')), false);
  });

  test('promoting an unknown or malformed release id fails and leaves registry.json byte for byte', async () => {
    const { store, releases } = await storeWithReleases('shop', 1);
    await storeWithReleases('account', 1, { store });
    await promote(store, 'shop', releases[0].id);
    const bytes = registryBytes(store);

    await failsWithReleaseError(
      () => promote(store, 'shop', 'abcdef0-12345678'),
      /no release abcdef0-12345678 of shop/,
    );
    await failsWithReleaseError(() => promote(store, 'shop', 'nope'), /'nope' is not a release id/);
    await failsWithReleaseError(() => promote(store, 'shop', '../account'), /not a release id/);
    // A release of another front end is not one of shop's.
    const accountId = listReleases(store, 'account')[0].id;
    await failsWithReleaseError(() => promote(store, 'shop', accountId), /no release/);
    await failsWithReleaseError(() => promote(store, 'admin', releases[0].id), /Unknown front end/);

    assert.deepEqual(registryBytes(store), bytes);
    assert.equal(existsSync(join(store, 'registry.lock')), false);
  });

  test('the history records each promote and rollback in order', async () => {
    const { store, releases } = await storeWithReleases('shop', 2);
    const [a, b] = releases.map((r) => r.id);
    await promote(store, 'shop', a);
    await promote(store, 'shop', b);
    await promote(store, 'shop', b); // no change: not recorded
    await rollback(store, 'shop');

    const { history } = readRegistry(store);
    assert.deepEqual(
      history.map(({ frontEnd, action, release, from }) => ({ frontEnd, action, release, from })),
      [
        { frontEnd: 'shop', action: 'promote', release: a, from: null },
        { frontEnd: 'shop', action: 'promote', release: b, from: a },
        { frontEnd: 'shop', action: 'rollback', release: a, from: b },
      ],
    );
    for (const entry of history) assert.ok(!Number.isNaN(Date.parse(entry.at)), entry.at);
  });
});

describe('registry atomicity', () => {
  test('a corrupt registry.json is reported naming the file, and promote fails leaving it unchanged', async () => {
    const { store, releases } = await storeWithReleases('shop', 1);
    writeFileSync(registryFile(store), '{"schema":1,"frontEnds":{');
    const bytes = registryBytes(store);

    assert.throws(
      () => readRegistry(store),
      (error) => error instanceof ReleaseError && error.message.includes(registryFile(store)),
    );
    await failsWithReleaseError(() => promote(store, 'shop', releases[0].id), /cannot be read/);
    assert.deepEqual(registryBytes(store), bytes);
    // The lock is released after the failure: the next command does not wait for it.
    assert.equal(existsSync(join(store, 'registry.lock')), false);
  });

  test('a registry that is JSON but not a registry is refused', async () => {
    const { store, releases } = await storeWithReleases('shop', 1);
    writeFileSync(
      registryFile(store),
      JSON.stringify({ schema: 1, frontEnds: { shop: { live: 'not-an-id' } }, history: [] }),
    );
    const bytes = registryBytes(store);
    assert.throws(() => readRegistry(store), ReleaseError);
    await failsWithReleaseError(() => promote(store, 'shop', releases[0].id), /shop\.live is not a release id/);
    assert.deepEqual(registryBytes(store), bytes);
  });

  test('a registry whose history has a line that is not an event is refused naming the field', async () => {
    const { store } = await storeWithReleases('shop', 1);
    writeFileSync(registryFile(store), JSON.stringify({ schema: 1, frontEnds: {}, history: [{ at: 'now' }] }));
    assert.throws(
      () => readRegistry(store),
      (error) => error instanceof ReleaseError && /history\.0 has no frontEnd, action/.test(error.message),
    );
  });

  test('a release.json that is not one is refused naming the field and the file, not served', async () => {
    const { store, releases } = await storeWithReleases('shop', 1);
    const file = join(store, 'shop', releases[0].id, 'release.json');
    writeFileSync(file, JSON.stringify({ ...readJson(file), bytes: 'many' }));
    assert.throws(
      () => readRelease(store, 'shop', releases[0].id),
      (error) => error instanceof ReleaseError && error.message.includes(file) && /\bbytes\b/.test(error.message),
    );
    await failsWithReleaseError(() => promote(store, 'shop', releases[0].id), /bytes/);
  });

  test('a registry entry that is not an object is refused with the file named, not a crash', async () => {
    const { store } = await storeWithReleases('shop', 1);
    writeFileSync(registryFile(store), JSON.stringify({ schema: 1, frontEnds: { shop: null }, history: [] }));
    assert.throws(
      () => readRegistry(store),
      (error) =>
        error instanceof ReleaseError &&
        /shop is not an object/.test(error.message) &&
        error.message.includes(registryFile(store)),
    );
  });

  test('a promote waiting for the lock while a prune removes its release fails, and never points at a removed release', async () => {
    const { store, releases } = await storeWithReleases('shop', 3);
    const [oldest, second, newest] = releases.map((r) => r.id);
    await promote(store, 'shop', second);
    await promote(store, 'shop', newest);
    let pending;
    await withRegistryLock(store, async () => {
      pending = promote(store, 'shop', oldest); // waits for the lock the prune holds
      return pruneReleases(store, readRegistry(store), { keep: 2 });
    });
    await failsWithReleaseError(() => pending, /no release/);
    assert.equal(readRelease(store, 'shop', oldest), null);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: newest, previous: second });
  });

  test('a lock file left over by a crashed command (older than 60 s) is taken over', async () => {
    const { store, releases } = await storeWithReleases('shop', 1);
    const lock = join(store, 'registry.lock');
    writeFileSync(lock, '999999\n');
    const longAgo = new Date(Date.now() - 120_000);
    utimesSync(lock, longAgo, longAgo);

    const { event } = await promote(store, 'shop', releases[0].id);
    assert.equal(event.release, releases[0].id);
    assert.equal(readRegistry(store).frontEnds.shop.live, releases[0].id);
    assert.equal(existsSync(lock), false);
  });

  test('after a successful promote no lock or temporary file remains beside registry.json', async () => {
    const { store, releases } = await storeWithReleases('shop', 2);
    await promote(store, 'shop', releases[0].id);
    await promote(store, 'shop', releases[1].id);
    const leftovers = readdirSync(store).filter((name) => name === 'registry.lock' || name.endsWith('.tmp'));
    assert.deepEqual(leftovers, []);
    assert.deepEqual(readdirSync(store).sort(), ['registry.json', 'shop']);
  });

  test('a change that fails leaves the registry as it was', async () => {
    const { store, releases } = await storeWithReleases('shop', 1);
    await promote(store, 'shop', releases[0].id);
    const bytes = registryBytes(store);
    await assert.rejects(
      updateRegistry(store, (registry) => {
        registry.frontEnds.shop.live = 'not a release id';
        return { frontEnd: 'shop', action: 'promote', release: 'not a release id' };
      }),
      ReleaseError,
    );
    assert.deepEqual(registryBytes(store), bytes);
    assert.equal(existsSync(join(store, 'registry.lock')), false);
  });
});

describe('prune', () => {
  test('keeps the newest N, the live and the previous release, and removes the others', async () => {
    const { store, releases } = await storeWithReleases('shop', 5); // published on 1 to 5 January
    const [oldest, second, third, fourth, newest] = releases.map((r) => r.id);
    assert.equal(new Set(releases.map((r) => r.id)).size, 5);
    await promote(store, 'shop', second);
    await promote(store, 'shop', oldest);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: oldest, previous: second });

    const removed = await pruneReleases(store, readRegistry(store), { keep: 2 });
    assert.deepEqual(removed, [`shop/${third}`]);
    assert.deepEqual(readdirSync(join(store, 'shop')).sort(), [oldest, second, fourth, newest].sort());
    assert.deepEqual(
      listReleases(store, 'shop').map((r) => r.id),
      [newest, fourth, second, oldest],
    );

    // Nothing more to prune.
    assert.deepEqual(await pruneReleases(store, readRegistry(store), { keep: 2 }), []);
  });

  test('removes leftovers of publishes interrupted more than an hour ago, not newer ones', async () => {
    const { store } = await storeWithReleases('shop', 1);
    const old = join(store, 'shop', '.incoming-0123456-aaaaaaaa-1');
    const recent = join(store, 'shop', '.incoming-0123456-bbbbbbbb-2');
    mkdirSync(old);
    mkdirSync(recent);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);

    await pruneReleases(store, readRegistry(store), { keep: 2 });
    assert.equal(existsSync(old), false);
    assert.equal(existsSync(recent), true);
  });

  test('keep below 2 or not a whole number is refused and removes nothing', async () => {
    const { store } = await storeWithReleases('shop', 3);
    const before = snapshot(store);
    await failsWithReleaseError(() => pruneReleases(store, readRegistry(store), { keep: 1 }), /at least 2/);
    await failsWithReleaseError(() => pruneReleases(store, readRegistry(store), { keep: 0 }), /at least 2/);
    await failsWithReleaseError(() => pruneReleases(store, readRegistry(store), { keep: 2.5 }), /at least 2/);
    assert.deepEqual(snapshot(store), before);
  });
});

describe('move', () => {
  test('normaliseBaseUrl gives an http(s) base ending in one slash', () => {
    assert.equal(normaliseBaseUrl('https://cdn.example/shop'), 'https://cdn.example/shop/');
    assert.equal(normaliseBaseUrl('https://cdn.example/shop//'), 'https://cdn.example/shop/');
    assert.equal(normaliseBaseUrl('https://cdn.example'), 'https://cdn.example/');
    assert.equal(normaliseBaseUrl('HTTP://CDN.Example:80/shop'), 'http://cdn.example/shop/');
  });

  test('serves a remote from a normalised base URL; default resets it', async () => {
    const { store, releases } = await storeWithReleases('shop', 1);
    await promote(store, 'shop', releases[0].id);

    const moved = await move(store, 'shop', 'https://cdn.example/shop');
    assert.equal(moved.event.url, 'https://cdn.example/shop/');
    assert.equal(moved.event.from, null);
    assert.deepEqual(readRegistry(store).frontEnds.shop, {
      live: releases[0].id,
      previous: null,
      url: 'https://cdn.example/shop/',
    });

    const bytes = registryBytes(store);
    const same = await move(store, 'shop', 'https://cdn.example/shop/');
    assert.equal(same.event, null);
    assert.deepEqual(registryBytes(store), bytes);

    const reset = await move(store, 'shop', null);
    assert.equal(reset.event.url, null);
    assert.equal(reset.event.from, 'https://cdn.example/shop/');
    assert.equal(readRegistry(store).frontEnds.shop.url, null);
    assert.equal(readRegistry(store).frontEnds.shop.live, releases[0].id);
  });

  test('refuses non-http URLs, URLs with a query, and moving the shell', async () => {
    const store = freshDir('store');
    await move(store, 'account', 'https://cdn.example/account/');
    const bytes = registryBytes(store);

    await failsWithReleaseError(() => move(store, 'account', 'ftp://x'), /http or https/);
    await failsWithReleaseError(() => move(store, 'account', 'https://cdn.example/account/?v=2'), /without query/);
    await failsWithReleaseError(
      () => move(store, 'account', 'https://cdn.example/account/#top'),
      /without query, fragment/,
    );
    await failsWithReleaseError(() => move(store, 'account', 'https://user:pw@cdn.example/account/'), /credentials/);
    await failsWithReleaseError(() => move(store, 'account', 'cdn.example/account'), /not a URL/);
    await failsWithReleaseError(() => move(store, 'shell', 'https://cdn.example/shell/'), /only remotes can be moved/);

    assert.deepEqual(registryBytes(store), bytes);
    assert.equal(readRegistry(store).frontEnds.account.url, 'https://cdn.example/account/');
    assert.equal(readRegistry(store).frontEnds.shell, undefined);
  });
});

describe('LiveReleases', () => {
  const ENV = {
    PUBLIC_HOST: 'localhost',
    SHELL_PORT: '4100',
    SHOP_PORT: '4101',
    ACCOUNT_PORT: '4102',
    AUCTION_PORT: '4103',
    API_PORT: '4200',
    SHELL_URL: undefined,
    SHOP_URL: undefined,
    ACCOUNT_URL: undefined,
    AUCTION_URL: undefined,
    API_URL: undefined,
    PORT: undefined,
  };
  const saved = {};
  before(() => {
    for (const [name, value] of Object.entries(ENV)) {
      saved[name] = process.env[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  after(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const quietLog = () => {
    const errors = [];
    return { errors, log: { error: (message) => errors.push(message), log() {}, warn() {}, info() {} } };
  };

  /** shell, shop and account published and promoted; auction published only. */
  async function liveStore() {
    const store = freshDir('store');
    const shell = (await storeWithReleases('shell', 1, { store })).releases[0].id;
    const shop = (await storeWithReleases('shop', 2, { store })).releases.map((r) => r.id);
    const account = (await storeWithReleases('account', 1, { store })).releases[0].id;
    await storeWithReleases('auction', 1, { store });
    await promote(store, 'shell', shell);
    await promote(store, 'shop', shop[0]);
    await promote(store, 'account', account);
    return { store, shell, shop, account };
  }

  test('runtimeConfig lists each promoted remote at <base>/<id>/mf-manifest.json with its routes', async () => {
    const { store, shell, shop, account } = await liveStore();
    const { log, errors } = quietLog();
    const live = new LiveReleases(store, { log });

    assert.deepEqual(live.runtimeConfig(), {
      apiUrl: 'http://localhost:4200',
      remotes: {
        shop: `http://localhost:4101/${shop[0]}/mf-manifest.json`,
        account: `http://localhost:4102/${account}/mf-manifest.json`,
      },
      routes: { shop: ROUTES, account: ROUTES },
      releases: { shell, shop: shop[0], account },
    });
    assert.deepEqual(live.frontEndSources(), [
      'http://localhost:4100',
      'http://localhost:4101',
      'http://localhost:4102',
      'http://localhost:4103',
    ]);
    assert.deepEqual(errors, []);
  });

  test('an empty store has nothing live', () => {
    const { log } = quietLog();
    const live = new LiveReleases(freshDir('store'), { log });
    assert.deepEqual(live.runtimeConfig(), { apiUrl: 'http://localhost:4200', remotes: {}, routes: {}, releases: {} });
  });

  test('a promote, a move and a move back reach the same LiveReleases without a restart', async () => {
    const { store, shop } = await liveStore();
    const { log, errors } = quietLog();
    const live = new LiveReleases(store, { log });
    assert.equal(live.runtimeConfig().remotes.shop, `http://localhost:4101/${shop[0]}/mf-manifest.json`);

    await promote(store, 'shop', shop[1]);
    assert.equal(live.runtimeConfig().remotes.shop, `http://localhost:4101/${shop[1]}/mf-manifest.json`);
    assert.equal(live.runtimeConfig().releases.shop, shop[1]);

    await move(store, 'shop', 'https://cdn.example/shop');
    assert.equal(live.runtimeConfig().remotes.shop, `https://cdn.example/shop/${shop[1]}/mf-manifest.json`);
    assert.deepEqual(live.frontEndSources(), [
      'http://localhost:4100',
      'https://cdn.example/shop/',
      'http://localhost:4102',
      'http://localhost:4103',
    ]);

    await move(store, 'shop', 'https://cdn.example');
    assert.equal(live.runtimeConfig().remotes.shop, `https://cdn.example/${shop[1]}/mf-manifest.json`);
    assert.equal(live.frontEndSources()[1], 'https://cdn.example');

    await move(store, 'shop', null);
    assert.equal(live.runtimeConfig().remotes.shop, `http://localhost:4101/${shop[1]}/mf-manifest.json`);
    assert.equal(live.frontEndSources()[1], 'http://localhost:4101');
    assert.deepEqual(errors, []);
  });

  test('when registry.json becomes garbage the last good pointer is served, and the error logged once', async () => {
    const { store, shop } = await liveStore();
    const { log, errors } = quietLog();
    const live = new LiveReleases(store, { log });
    await move(store, 'shop', 'https://cdn.example/shop/');
    const good = live.runtimeConfig();
    const goodSources = live.frontEndSources();
    assert.equal(good.remotes.shop, `https://cdn.example/shop/${shop[0]}/mf-manifest.json`);

    const goodBytes = registryBytes(store);
    writeFileSync(registryFile(store), 'garbage, not JSON');
    assert.deepEqual(live.runtimeConfig(), good);
    assert.deepEqual(live.runtimeConfig(), good);
    assert.deepEqual(live.frontEndSources(), goodSources);
    assert.equal(errors.length, 1);
    assert.match(errors[0], /registry\.json cannot be read/);

    // Once the registry is readable again, changes reach the servers again.
    writeFileSync(registryFile(store), goodBytes);
    await promote(store, 'shop', shop[1]);
    assert.equal(live.runtimeConfig().remotes.shop, `https://cdn.example/shop/${shop[1]}/mf-manifest.json`);
  });

  test("runtimeConfig names each remote's private routes and links from its release's facts, a preview's in place of the live one's", async () => {
    const store = freshDir('store');
    const facts = (privatePaths) =>
      JSON.stringify({
        routes: ['/', '/compare'],
        pages: ['/', '/compare'].map((path) => ({
          path,
          serverRendered: false,
          private: privatePaths.includes(path),
          staleOn: 'catalogue',
          link: path === '/' ? 'home' : 'compare',
        })),
      });
    const publish = async (routes, variant) =>
      (await publishBuild(store, 'shop', writeBuild('shop', { routes, variant }), { commit: COMMIT })).release.id;
    const live = await publish(facts(['/compare']), 'live');
    const preview = await publish(facts([]), 'preview');
    await promote(store, 'shop', live);
    const { log, errors } = quietLog();
    const releases = new LiveReleases(store, { log });

    assert.deepEqual(releases.runtimeConfig().privateRoutes, { shop: ['/compare'] });
    assert.deepEqual(releases.runtimeConfig().links, { home: '/', compare: '/compare' });
    assert.equal(releases.runtimeConfig({ preview: `shop@${preview}` }).privateRoutes, undefined);
    assert.deepEqual(errors, []);
  });

  test('a live release missing from the store is left out of the runtime config', async () => {
    const { store, shop, account } = await liveStore();
    rmSync(join(store, 'shop', shop[0]), { recursive: true });
    const { log } = quietLog();
    const config = new LiveReleases(store, { log }).runtimeConfig();
    assert.deepEqual(Object.keys(config.remotes), ['account']);
    assert.deepEqual(config.releases.account, account);
    assert.equal(config.releases.shop, undefined);
  });
});

describe('CLI main()', () => {
  const quiet = (t) => {
    const lines = [];
    t.mock.method(console, 'log', (...args) => lines.push(args.join(' ')));
    return lines;
  };

  test("'status' answers 0 and shows each front end's live and previous release", async (t) => {
    const { store, releases } = await storeWithReleases('shop', 2);
    await promote(store, 'shop', releases[0].id);
    await promote(store, 'shop', releases[1].id);
    const lines = quiet(t);
    assert.equal(await main(['status'], store), 0);
    const output = lines.join('\n');
    assert.match(output, new RegExp(`shop: live ${releases[1].id}, previous ${releases[0].id}`));
    assert.match(output, /account: live \(none\), previous \(none\)/);
  });

  test("'status' on an empty store answers 0", async (t) => {
    quiet(t);
    assert.equal(await main(['status'], freshDir('store')), 0);
  });

  test("'promote shop nope' rejects with ReleaseError and writes no registry", async (t) => {
    const { store } = await storeWithReleases('shop', 1);
    quiet(t);
    await failsWithReleaseError(() => main(['promote', 'shop', 'nope'], store), /'nope' is not a release id/);
    assert.equal(existsSync(registryFile(store)), false);
  });

  test("'prune --keep 1' rejects with ReleaseError and removes nothing", async (t) => {
    const { store } = await storeWithReleases('shop', 3);
    const before = snapshot(store);
    quiet(t);
    await failsWithReleaseError(() => main(['prune', '--keep', '1'], store), /at least 2, got '1'/);
    assert.deepEqual(snapshot(store), before);
  });

  test("'prune --keep 2' answers 0, removes the releases beyond the newest 2 and leaves no lock", async (t) => {
    const { store, releases } = await storeWithReleases('shop', 3);
    // A lock left by a crashed command does not stop the prune (it runs under the registry's lock).
    const lock = join(store, 'registry.lock');
    writeFileSync(lock, '999999\n');
    const longAgo = new Date(Date.now() - 120_000);
    utimesSync(lock, longAgo, longAgo);
    quiet(t);
    assert.equal(await main(['prune', '--keep', '2'], store), 0);
    assert.deepEqual(
      listReleases(store, 'shop').map((r) => r.id),
      [releases[2].id, releases[1].id],
    );
    assert.equal(existsSync(lock), false);
  });

  test("'rollback shop' after two promotes answers 0 and swaps live and previous", async (t) => {
    const { store, releases } = await storeWithReleases('shop', 2);
    const [a, b] = releases.map((r) => r.id);
    const lines = quiet(t);
    assert.equal(await main(['promote', 'shop', a], store), 0);
    assert.equal(await main(['promote', 'shop', b], store), 0);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: b, previous: a });
    assert.equal(await main(['rollback', 'shop'], store), 0);
    assert.deepEqual(readRegistry(store).frontEnds.shop, { live: a, previous: b });
    assert.ok(
      lines.some((line) => line.includes(`shop: rollback ${a} (was ${b})`)),
      lines.join('\n'),
    );
  });

  test("'move' needs a URL, and 'move shop default' answers 0 and resets the base", async (t) => {
    const store = freshDir('store');
    quiet(t);
    await failsWithReleaseError(() => main(['move', 'shop'], store), /needs a base URL/);
    assert.equal(await main(['move', 'shop', 'https://cdn.example/shop'], store), 0);
    assert.equal(readRegistry(store).frontEnds.shop.url, 'https://cdn.example/shop/');
    assert.equal(await main(['move', 'shop', 'default'], store), 0);
    assert.equal(readRegistry(store).frontEnds.shop.url, null);
  });

  test('no command prints the usage and answers 2; an unknown command is refused before any build', async (t) => {
    const lines = quiet(t);
    assert.equal(await main([], freshDir('store')), 2);
    assert.match(lines.join('\n'), /Usage: npm run release/);
    await failsWithReleaseError(() => main(['deploy'], freshDir('store')), /Unknown front end 'deploy'/);
  });
});
