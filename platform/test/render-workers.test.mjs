// A visitor a canary serves gets their releases' page rendered on the server (issue 29): in a
// render worker of those releases (platform/src/render/renderWorkers.ts), beside the live ones the
// main thread renders; kept and dropped as the live pages are, counted in /metrics, ended with the
// canary, and a worker that crashes takes nothing else down.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { COMMIT, eventually, fakeChangeStream, scratchFolders, writeFakeBuild } from './helpers.mjs';
import { bucketOf, VISITOR_COOKIE } from '../src/canary/bucket';
import { LiveReleases } from '../src/releases/live';
import { endCanary, promote, startCanary } from '../src/releases/registry';
import { publishBuild } from '../src/releases/store';
import styleUseLoader from '../src/render/styleUseLoader';
import { PageRenderer, renderSettings } from '../src/render/renderer';
import { startReleaseServer } from '../src/server/frontEndServer';

const freshDir = scratchFolders('render-workers');

/**
 * A shell build whose server/main.js renders, for every URL, the shop release of the page's config,
 * the thread it ran in and its own `variant`, with the CSS its render used (a CSS module made by the
 * server builds' loader: its class read notes it in the render under way). /crash ends the thread
 * that renders it (a worker only: the test's own thread throws instead).
 */
function shellBuild(variant) {
  const dir = freshDir(`shell-${variant}`);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  mkdirSync(join(dir, 'server'));
  const homeStyles = styleUseLoader.call(
    { getOptions: () => ({ frontEnd: 'shop', root: '/repo' }), resourcePath: '/repo/shop-remote/src/Home.module.css' },
    `module.exports = ${JSON.stringify({ home: 'shop_home' })};`,
  );
  writeFileSync(
    join(dir, 'server', 'main.js'),
    `const { threadId } = require('node:worker_threads');
     const homeStyles = (() => { const module = { exports: {} }; ${homeStyles}; return module.exports; })();
     exports.renderPage = async (request) => {
       if (new URL(request.url, 'http://localhost').pathname === '/crash') {
         if (threadId === 0) throw new Error('not in a worker');
         process.exit(3);
       }
       const className = homeStyles.home;
       const sheets = request.pageStylesheets('shop').map((s) => '<style data-href="' + s.href + '">' + s.css + '</style>');
       return {
         status: 200, complete: true, products: [],
         html: '<!doctype html>' + sheets.join('') + '<main class="' + className + '" data-thread="' + threadId +
           '" data-shell="${variant}">shop ' + request.config.releases.shop + '</main>',
       };
     };
     exports.preloadAreas = async () => [];
     exports.pathStatus = async () => 200;`,
  );
  return dir;
}

/** A shop build whose Home.module.css is in home.<variant>.css (its styles.json says so). */
function shopBuild(variant) {
  return writeFakeBuild(freshDir(`shop-${variant}`), 'shop', {
    variant,
    files: {
      'styles.json': JSON.stringify({
        files: [
          { name: `home.${variant}.css`, hash: variant, modules: ['shop-remote/src/Home.module.css'], global: false },
        ],
      }),
      [`home.${variant}.css`]: `.shop_home{color:${variant}}`,
    },
  });
}

/** The port a server listens on. */
const portOf = (server) => /** @type {import('node:net').AddressInfo} */ (server.address()).port;

/** A visitor id whose bucket for `frontEnd` a 50 % canary serves (true) or not. */
function visitorOf(frontEnd, onCanary) {
  for (let i = 0; ; i += 1) {
    const id = i.toString(16).padStart(32, '0');
    if (bucketOf(id, frontEnd) < 50 === onCanary) return id;
  }
}

/** What the page shows: the shop release, the thread and shell that rendered it, the CSS inlined. */
function shown(html) {
  const main = /<main class="([^"]*)" data-thread="(\d+)" data-shell="(\w+)">shop (\S+)<\/main>/.exec(html);
  return main
    ? {
        shop: main[4],
        inWorker: main[2] !== '0',
        shell: main[3],
        styles: [...html.matchAll(/<style data-href="([^"]+)">([^<]*)<\/style>/g)].map((m) => `${m[1]} ${m[2]}`),
      }
    : { notRendered: html };
}

/** The value of the sample of `name` with (at least) these labels in a Prometheus text, or undefined. */
function sample(text, name, labels = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-z0-9_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    if (Object.entries(labels).every(([k, v]) => match[2].includes(`${k}="${v}"`))) return Number(match[3]);
  }
  return undefined;
}

describe("the pages of a canary's visitors, rendered on the server in a render worker", () => {
  let store;
  const ids = { shell: [], shop: [] };
  let changes;
  let renderer;
  let server;
  let base;
  const errors = [];

  before(async () => {
    store = freshDir('store');
    for (const frontEnd of /** @type {const} */ (['shell', 'shop']))
      for (const variant of ['one', 'two']) {
        const build = frontEnd === 'shell' ? shellBuild(variant) : shopBuild(variant);
        const { release } = await publishBuild(store, frontEnd, build, { commit: COMMIT });
        ids[frontEnd].push(release.id);
      }
    await promote(store, 'shell', ids.shell[0]);
    await promote(store, 'shop', ids.shop[0]);
    changes = await fakeChangeStream();
    const live = new LiveReleases(store);
    renderer = new PageRenderer({
      store,
      live,
      settings: { ...renderSettings(), apiUrl: changes.url },
      log: { warn: () => undefined, error: (...args) => errors.push(args.join(' ')) },
    });
    server = await startReleaseServer({ store, frontEnd: 'shell', port: 0, host: '127.0.0.1', live, renderer });
    base = `http://127.0.0.1:${portOf(server)}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await changes.close();
  });

  /** The page at `path` as the visitor `visitor` gets it from the shell's server. */
  const page = async (path, visitor) => {
    const reply = await fetch(`${base}${path}`, { headers: { Cookie: `${VISITOR_COOKIE}=${visitor}` } });
    assert.equal(reply.status, 200, path);
    return shown(await reply.text());
  };
  const metrics = async () => (await fetch(`${base}/metrics`)).text();

  test("a shop canary's visitor gets the canary's page with its CSS, rendered in a worker; the others the live one's; each kept", async () => {
    const [liveShop, nextShop] = ids.shop;
    await startCanary(store, 'shop', nextShop, 50);
    const onCanary = visitorOf('shop', true);
    const onLive = visitorOf('shop', false);
    const shell = 'one';

    assert.deepEqual(await page('/', onCanary), {
      shop: nextShop,
      inWorker: true,
      shell,
      styles: ['home.two.css .shop_home{color:two}'],
    });
    assert.deepEqual(await page('/', onLive), {
      shop: liveShop,
      inWorker: false,
      shell,
      styles: ['home.one.css .shop_home{color:one}'],
    });
    const rendered = renderer.rendered;
    assert.equal((await page('/', onCanary)).shop, nextShop);
    assert.equal((await page('/', onLive)).shop, liveShop);
    assert.equal(renderer.rendered, rendered, 'both pages were kept');

    const text = await metrics();
    assert.equal(sample(text, 'marketplace_frontend_renders_total', { release: ids.shell[0], result: 'rendered' }), 2);
    assert.equal(sample(text, 'marketplace_frontend_render_workers'), 1);
    assert.deepEqual(errors, []);
  });

  test("a change to the catalogue drops the canary's kept pages as it drops the live ones", async () => {
    const [liveShop, nextShop] = ids.shop;
    const onCanary = visitorOf('shop', true);
    const onLive = visitorOf('shop', false);
    await eventually(() => renderer.changes?.connected, 'the renderer follows the change stream');
    // What was kept before the stream connected is dropped then: keep both pages again.
    await page('/', onCanary);
    await page('/', onLive);
    const kept = renderer.rendered;
    assert.equal((await page('/', onCanary)).shop, nextShop);
    assert.equal(renderer.rendered, kept);

    const sweeps = renderer.sweeps;
    changes.send({ scope: 'catalogue', id: 7 });
    await eventually(() => renderer.sweeps > sweeps, 'a sweep');
    assert.equal((await page('/', onCanary)).shop, nextShop);
    assert.equal((await page('/', onLive)).shop, liveShop);
    assert.equal(renderer.rendered, kept + 2, 'both were rendered again');
  });

  test('a worker that crashes: its page renders in the browser, the server serves on, the next page starts another worker', async () => {
    const onCanary = visitorOf('shop', true);
    const started = renderer.workers.started;
    const failed = sample(await metrics(), 'marketplace_frontend_renders_total', {
      release: ids.shell[0],
      result: 'failed',
    });

    assert.deepEqual(await page('/crash', onCanary), {
      notRendered: '<!doctype html><title>shell</title><div id="root"></div>',
    });
    assert.match(errors.join('\n'), /the render worker of shop failed: .*exit code 3/);
    assert.match(errors.join('\n'), /\/crash could not be rendered on the server; it renders in the browser/);
    const text = await metrics();
    assert.equal(
      sample(text, 'marketplace_frontend_renders_total', { release: ids.shell[0], result: 'failed' }),
      failed + 1,
    );
    assert.equal(sample(text, 'marketplace_frontend_render_workers'), 0);

    assert.equal((await page('/', visitorOf('shop', false))).inWorker, false, 'the live pages render on');
    assert.deepEqual(await page('/?q=after', onCanary), {
      shop: ids.shop[1],
      inWorker: true,
      shell: 'one',
      styles: ['home.two.css .shop_home{color:two}'],
    });
    assert.equal(renderer.workers.started, started + 1);
    errors.length = 0;
  });

  test("a shell canary's server build is loaded in its worker only; the canary ended, its worker is ended", async () => {
    await endCanary(store, 'shop');
    await startCanary(store, 'shell', ids.shell[1], 50);
    assert.deepEqual(await page('/', visitorOf('shell', true)), {
      shop: ids.shop[0],
      inWorker: true,
      shell: 'two',
      styles: ['home.one.css .shop_home{color:one}'],
    });
    assert.equal((await page('/', visitorOf('shell', false))).shell, 'one');
    const canaryMain = join(store, 'shell', ids.shell[1], 'server', 'main.js');
    assert.equal(
      createRequire(import.meta.url).cache[canaryMain],
      undefined,
      "the main thread never loaded the canary's",
    );
    assert.equal(renderer.workers.size, 1, "the shop canary's worker was ended with it");

    await endCanary(store, 'shell');
    assert.deepEqual(await page('/', visitorOf('shell', true)), {
      shop: ids.shop[0],
      inWorker: false,
      shell: 'one',
      styles: ['home.one.css .shop_home{color:one}'],
    });
    assert.equal(sample(await metrics(), 'marketplace_frontend_render_workers'), 0);
    assert.deepEqual(errors, []);
  });

  test("a canary's worker starts when the server sees the canary, before the first visitor it serves", async () => {
    await startCanary(store, 'shop', ids.shop[1], 50);
    const started = renderer.workers.started;
    // A live visitor's page (kept from before): the server reads the registry and sees the canary.
    assert.equal((await page('/', visitorOf('shop', false))).inWorker, false);
    await eventually(() => renderer.workers.size === 1, "the canary's worker is started");
    assert.equal(renderer.workers.started, started + 1);
    assert.deepEqual(await page('/?q=first-canary-visit', visitorOf('shop', true)), {
      shop: ids.shop[1],
      inWorker: true,
      shell: 'one',
      styles: ['home.two.css .shop_home{color:two}'],
    });
    assert.equal(renderer.workers.started, started + 1, 'the first visitor used the worker started before');
    await endCanary(store, 'shop');
    assert.equal((await page('/', visitorOf('shop', true))).inWorker, false);
    await eventually(() => renderer.workers.size === 0, 'the ended canary ends its worker');
    assert.deepEqual(errors, []);
  });
});
