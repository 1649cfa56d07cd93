// The front-end servers under hostile clients (platform/src/server/frontEndServer.ts), each flood bounded in
// count: a real server process (scripts/serve-releases.mjs) whose open files and memory are read
// from /proc before, during and after, with a normal request answered beside the flood.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { COMMIT, fakeChangeStream, scratchFolders } from './helpers.mjs';
import { ROOT } from '../src/root';
import { publishBuild } from '../src/releases/store';
import { promote } from '../src/releases/registry';
import { LiveReleases } from '../src/releases/live';
import { PageRenderer, renderSettings } from '../src/render/renderer';
import { routesFile } from '../src/routes/routeManifest';
import { CompressedBodies, startReleaseServer } from '../src/server/frontEndServer';

const freshDir = scratchFolders('hostile');

/** Bytes that do not compress, `n` of them. */
function noise(n) {
  let x = 88172645;
  const bytes = Buffer.alloc(n);
  for (let i = 0; i < n; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

/** @param {import('node:net').Server} server */
const portOf = (server) => /** @type {import('node:net').AddressInfo} */ (server.address()).port;
/** A GET from `localAddress` (a client address of its own on loopback), read whole. */
function getFrom(localAddress, port, path) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Open files of a process. */
const openFiles = (pid) => readdirSync(`/proc/${pid}/fd`).length;
/** Resident memory of a process, in MB. */
const residentMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Resolves once `check()` is true, checking every few milliseconds; rejects with `what` after `limitMs`. */
async function eventually(check, what, limitMs = 20000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A shop release with a 207 KB file, live in a fresh store. */
async function shopStore() {
  const store = freshDir('store');
  const build = freshDir('shop-build');
  writeFileSync(join(build, 'index.html'), '<!doctype html><title>shop</title><script src="remoteEntry.js"></script>');
  writeFileSync(join(build, 'remoteEntry.js'), 'globalThis.shop = {};');
  writeFileSync(join(build, 'routes.json'), JSON.stringify({ routes: ['/'] }));
  mkdirSync(join(build, 'img'));
  writeFileSync(join(build, 'img', 'photo.12345678.png'), noise(207 * 1024));
  writeFileSync(
    join(build, 'mf-manifest.json'),
    JSON.stringify({ id: 'shop', name: 'shop', metaData: { name: 'shop', buildInfo: { buildVersion: '1.0.0' } } }),
  );
  const { release } = await publishBuild(store, 'shop', build, { commit: COMMIT });
  await promote(store, 'shop', release.id);
  return { store, id: release.id };
}

/** scripts/serve-releases.mjs serving `frontEnd` of `store` on a free port, as npm start runs it. */
async function serveReleases(store, frontEnd) {
  const child = spawn(process.execPath, ['scripts/serve-releases.mjs', frontEnd, '0'], {
    cwd: ROOT,
    env: { ...process.env, RELEASES_DIR: store, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  await eventually(() => /on http:\/\/[^:]+:(\d+)/.test(log) || child.exitCode !== null, 'the server listens');
  assert.equal(child.exitCode, null, log);
  const port = Number(/on http:\/\/[^:]+:(\d+)/.exec(log)[1]);
  return { child, port, log: () => log };
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });

/**
 * `connections` sockets, each sending `pipelined` requests at once for `path` and going away as
 * soon as the first bytes of an answer arrive (the server has started on them by then).
 */
function pipelinedFlood(port, path, { connections, pipelined }) {
  const request = `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`.repeat(pipelined);
  return Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise((resolve) => {
          const socket = connect(port, '127.0.0.1', () => socket.write(request));
          socket.once('data', () => socket.destroy());
          socket.on('error', () => undefined);
          socket.on('close', resolve);
        }),
    ),
  );
}

describe('a client that pipelines requests for files and goes away', () => {
  let server;
  let id;
  before(async () => {
    let store;
    ({ store, id } = await shopStore());
    server = await serveReleases(store, 'shop');
  });
  after(() => stop(server.child));

  test('closes every file it opened, stays up and answers others beside it', async () => {
    const { pid } = server.child;
    const path = `/${id}/img/photo.12345678.png`;
    assert.equal((await fetch(`http://127.0.0.1:${server.port}${path}`)).status, 200);
    const baseline = openFiles(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, openFiles(pid))), 10);
    try {
      for (let round = 0; round < 3; round += 1) {
        await pipelinedFlood(server.port, path, { connections: 80, pipelined: 200 });
        // Another visitor (another address: the flood's holds its own caps) is answered.
        const beside = await getFrom('127.0.0.2', server.port, path);
        assert.equal(beside.status, 200, 'a normal request beside the flood');
        assert.equal(beside.body.length, 207 * 1024);
      }
    } finally {
      clearInterval(sampler);
    }
    // Every file and socket of the flood closed: back to where it was (a few for timers and logs).
    await eventually(() => openFiles(pid) <= baseline + 4, `open files back to ${baseline} (now ${openFiles(pid)})`);
    assert.equal(server.child.exitCode, null, server.log());
    console.log(
      `# open files: ${baseline} before, ${peak} at peak, ${openFiles(pid)} after; ${residentMb(pid).toFixed(0)} MB resident`,
    );
  });
});

/**
 * A shell release whose server build renders a page of 40 KB for every URL, at once or, while
 * globalThis.__holdRenders, only when the test lets it (so the render slots can be held busy), and
 * serves '/' and '/about' only, as its pathStatus says (its routes.json names the product pages
 * too, for the cache).
 */
async function shellStore() {
  const store = freshDir('shell-store');
  const build = freshDir('shell-build');
  writeFileSync(join(build, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  mkdirSync(join(build, 'server'));
  writeFileSync(
    join(build, 'server', 'main.js'),
    `const served = ['/', '/about'];
     const pathOf = (url) => new URL(url, 'http://localhost').pathname;
     // A page of 40 KB that compresses as markup with data does, different for every URL.
     const pageOf = (url) => {
       let x = [...url].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7) || 1;
       const words = [];
       for (let i = 0; i < 5000; i += 1) {
         x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
         words.push((x >>> 0).toString(36).slice(0, 7));
       }
       return '<!doctype html><p>' + url + '</p><p>' + words.join(' ') + '</p>';
     };
     exports.renderPage = (request) => new Promise((resolve) => {
       // A product's page shows it and the next one (a related product); the home page none.
       const [, first, id, more] = pathOf(request.url).split('/');
       const product = first === 'productdetails' && /^[0-9]+$/.test(id ?? '') && more === undefined ? Number(id) : null;
       const answer = () => resolve({
         status: served.includes(pathOf(request.url)) || product !== null ? 200 : 404, html: pageOf(request.url), complete: true,
         products: product ? [product, product + 1] : [],
       });
       if (globalThis.__holdRenders) (globalThis.__heldRenders ??= []).push(answer);
       else answer();
     });
     exports.preloadAreas = async () => [];
     exports.pathStatus = async ({ url }) => (served.includes(pathOf(url)) ? 200 : 404);`,
  );
  // Its routes' facts, as a build writes them from a manifest: a product's page is stale only when
  // a product it shows changes (what the cache's invalidation reads from the live releases).
  const load = async () => null;
  writeFileSync(
    join(build, 'routes.json'),
    JSON.stringify(
      routesFile({
        '/': { load, serverRendered: true },
        '/about': { load, serverRendered: true },
        '/productdetails/:id': { load, serverRendered: true, staleOn: 'shownProducts' },
      }),
    ),
  );
  const { release } = await publishBuild(store, 'shell', build, { commit: COMMIT });
  await promote(store, 'shell', release.id);
  return store;
}

describe('a page not rendered because every render slot is busy', () => {
  let server;
  let port;
  before(async () => {
    const store = await shellStore();
    const live = new LiveReleases(store);
    const renderer = new PageRenderer({
      store,
      live,
      settings: { ...renderSettings(), concurrentRenders: 1, apiUrl: 'http://127.0.0.1:9' },
      log: { warn: () => undefined, error: () => undefined },
    });
    server = await startReleaseServer({ store, frontEnd: 'shell', port: 0, host: '127.0.0.1', live, renderer });
    port = portOf(server);
  });
  after(async () => {
    globalThis.__holdRenders = false;
    for (const release of globalThis.__heldRenders ?? []) release();
    await new Promise((resolve) => server.close(resolve));
  });

  test('is still a 404 when no route serves its path, and a 200 when one does', async () => {
    globalThis.__holdRenders = true;
    const held = fetch(`http://127.0.0.1:${port}/about`);
    await eventually(() => (globalThis.__heldRenders ?? []).length === 1, 'the first render holds the only slot');
    const unknown = await fetch(`http://127.0.0.1:${port}/no-such-page`);
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /<div id="root"><\/div>/, 'the page that renders in the browser');
    assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 200);
    assert.equal((globalThis.__heldRenders ?? []).length, 1, 'neither was rendered');
    globalThis.__heldRenders[0]();
    assert.equal((await held).status, 200);
  });
});

/** `count` GETs of `paths(i)`, `concurrency` at a time, each read to its end; resolves with their statuses. */
async function flood(port, count, paths, headers, concurrency = 32) {
  const statuses = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const path = paths(next++);
        const reply = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
        await reply.arrayBuffer();
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      }
    }),
  );
  return Object.fromEntries(statuses);
}

describe('a flood of new URLs asked for with brotli', () => {
  let server;
  before(async () => {
    server = await serveReleases(await shellStore(), 'shell');
  });
  after(() => stop(server.child));

  test('memory stops growing once the caches are full (pages 32 MB, compressed replies 64 MB)', async () => {
    const { pid } = server.child;
    const headers = { 'accept-encoding': 'br' };
    await flood(server.port, 200, (i) => `/about?q=warm-${i}`, headers);
    const baseline = residentMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 20);
    const full = [];
    try {
      // Each half is more new pages (2,500 of 40 KB) than both caches hold: the first fills them,
      // the second must find them full and leave nothing else behind.
      for (let half = 0; half < 2; half += 1) {
        const statuses = await flood(server.port, 2_500, (i) => `/?q=flood-${half}-${i}`, headers);
        assert.deepEqual(statuses, { 200: 2_500 });
        full.push(residentMb(pid));
      }
    } finally {
      clearInterval(sampler);
    }
    const beside = await fetch(`http://127.0.0.1:${server.port}/about`, { headers });
    assert.equal(beside.status, 200);
    assert.equal(beside.headers.get('content-encoding'), 'br');
    console.log(
      `# resident memory: ${baseline.toFixed(0)} MB before, ${full[0].toFixed(0)} after 2,500 new pages, ` +
        `${full[1].toFixed(0)} after 5,000, ${peak.toFixed(0)} at peak`,
    );
    assert.ok(full[1] - full[0] < 40, `the second 2,500 pages added ${(full[1] - full[0]).toFixed(0)} MB`);
    assert.equal(server.child.exitCode, null, server.log());
  });

  test('the queue of brotli upgrades is bounded in bodies and bytes', async () => {
    const bodies = new CompressedBodies(64 * 1024 * 1024, { bodies: 3, bytes: 1024 * 1024 });
    // An upgrade reads its body a second time: held until every first brotli is made, so no upgrade
    // can finish (and free its place) while the 50 bodies arrive, however fast the machine.
    /** @type {() => void} */
    let release = () => undefined;
    const held = new Promise((resolve) => (release = () => resolve(undefined)));
    const body = (i) => {
      let reads = 0;
      return async () => {
        reads += 1;
        if (reads > 1) await held;
        return Buffer.from(`${'<p>markup</p>'.repeat(400)}${i}`);
      };
    };
    await Promise.all(Array.from({ length: 50 }, (_, i) => bodies.get(`file:${i}`, 'br', body(i))));
    assert.equal(bodies.upgradesWaiting, 3);
    assert.equal(bodies.upgradesDropped, 47);
    release();
    await bodies.upgraded();
    assert.equal(bodies.upgradesWaiting, 0);
    const big = new CompressedBodies(64 * 1024 * 1024, { bodies: 100, bytes: 1000 });
    await big.get('file:big', 'br', async () => Buffer.from('x'.repeat(100_000)));
    await big.get('file:noise', 'br', async () => noise(5000));
    assert.equal(big.upgradesDropped, 1, 'a body whose first brotli is over the byte budget is not queued');
  });
});

describe('many sitemap requests at once', () => {
  let api;
  let server;
  const seen = { sitemap: 0, pages: 0, connections: 0, open: 0, mostOpen: 0 };
  before(async () => {
    // The API at the edge: its sitemap counts, answered once the test has sent every request.
    api = http.createServer((req, res) => {
      if (req.url === '/sitemap') {
        seen.sitemap += 1;
        setImmediate(() => res.end(JSON.stringify({ products: 3, auctions: 1, pageSize: 50_000 })));
      } else if (req.url?.startsWith('/sitemap/products/')) {
        seen.pages += 1;
        const page = Number(req.url.split('/').pop());
        res.statusCode = page === 1 ? 200 : 404;
        setImmediate(() => res.end(JSON.stringify(page === 1 ? { items: [1, 2, 3] } : { msg: 'no such page' })));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    api.on('connection', (socket) => {
      seen.connections += 1;
      seen.open += 1;
      seen.mostOpen = Math.max(seen.mostOpen, seen.open);
      socket.on('close', () => (seen.open -= 1));
    });
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    const store = await shellStore();
    const live = new LiveReleases(store);
    const renderer = new PageRenderer({
      store,
      live,
      settings: { ...renderSettings(), apiUrl: `http://127.0.0.1:${portOf(api)}` },
      log: { warn: () => undefined, error: () => undefined },
    });
    server = await startReleaseServer({ store, frontEnd: 'shell', port: 0, host: '127.0.0.1', live, renderer });
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => api.close(resolve));
    api.closeAllConnections();
  });

  test('share one build, over a few pooled connections to the API', async () => {
    const port = portOf(server);
    // 400 requests on 250 connections (one address may hold 256).
    const agent = new http.Agent({ maxSockets: 250 });
    const get = (path) =>
      new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode, body }));
          })
          .on('error', reject);
      });
    const replies = (await Promise.all(Array.from({ length: 400 }, () => get('/sitemap.xml')))).map((r) => r.body);
    assert.equal(new Set(replies).size, 1, 'every request got the same sitemap');
    assert.match(replies[0], /<sitemapindex/);
    assert.equal(seen.sitemap, 1, 'one read of the API');
    // Sitemap pages nobody asked for before, 200 at once: the API sees at most 8 connections.
    const pages = await Promise.all(Array.from({ length: 200 }, (_, i) => get(`/sitemaps/products-${i + 1}.xml`)));
    agent.destroy();
    const statuses = new Set(pages.map((r) => r.status));
    assert.ok(
      [...statuses].every((status) => [200, 404, 503].includes(status)),
      [...statuses].join(),
    );
    assert.ok(seen.mostOpen <= 8, `${seen.mostOpen} connections to the API at once`);
    assert.ok(seen.pages <= 200);
  });
});

describe('a flood of catalogue changes', () => {
  let changes;
  let server;
  let renderer;
  before(async () => {
    changes = await fakeChangeStream();
    const store = await shellStore();
    const live = new LiveReleases(store);
    renderer = new PageRenderer({
      store,
      live,
      settings: { ...renderSettings(), apiUrl: changes.url },
      log: { warn: () => undefined, error: () => undefined },
    });
    server = await startReleaseServer({ store, frontEnd: 'shell', port: 0, host: '127.0.0.1', live, renderer });
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await changes.close();
  });

  /** Renders (or serves from memory) each path; resolves with the pages rendered anew. */
  async function visit(paths) {
    const before = renderer.rendered;
    for (const path of paths) assert.equal((await fetch(`http://127.0.0.1:${portOf(server)}${path}`)).status, 200);
    return renderer.rendered - before;
  }

  test('drops only the pages that show the changed product and the lists, at most once a second', async () => {
    const pages = ['/', '/productdetails/1', '/productdetails/5', '/productdetails/9'];
    await visit(pages); // the first render starts following the changes; what it kept before is dropped
    await eventually(() => renderer.changes?.connected, 'the renderer follows the change stream');
    await visit(pages);
    assert.equal(await visit(pages), 0, 'kept');
    const sweeps = renderer.sweeps;
    // Product 6 changed: the home page (a list) and product 5's page (it shows 6) go; 1 and 9 stay.
    changes.send({ scope: 'catalogue', id: 6 });
    await eventually(() => renderer.sweeps > sweeps, 'a sweep');
    assert.equal(await visit(['/productdetails/1', '/productdetails/9']), 0);
    assert.equal(await visit(['/', '/productdetails/5']), 2);
    // 200 changes at once, as a seller's update flood: one or two sweeps, and 9's page stays.
    const flooded = renderer.sweeps;
    for (let i = 0; i < 200; i += 1) changes.send({ scope: 'catalogue', id: 1000 + i });
    changes.send({ scope: 'catalogue', id: 1 });
    await eventually(() => renderer.sweeps > flooded && renderer.pendingChanges.products.size === 0, 'the flood swept');
    assert.ok(renderer.sweeps - flooded <= 2, `${renderer.sweeps - flooded} sweeps`);
    assert.equal(await visit(['/productdetails/9']), 0, 'a page showing none of them is kept');
    assert.equal(await visit(['/productdetails/1']), 1);
    // A change naming no product: everything goes.
    const last = renderer.sweeps;
    changes.send({ scope: 'catalogue' });
    await eventually(() => renderer.sweeps > last, 'a sweep');
    assert.equal(await visit(['/productdetails/9']), 1);
  });
});
