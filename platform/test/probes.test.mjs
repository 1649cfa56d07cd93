// The front-end servers' probes and graceful stop (platform/src/server/frontEndServer.ts): GET /healthz (the
// process answers), GET /readyz (it can serve: the registry reads and names a live release whose
// page is there), never cached; on SIGTERM /readyz says 503 at once, the files in flight are sent
// whole, then the process exits 0.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { COMMIT, eventually, freePort, scratchFolders } from './helpers.mjs';
import { ROOT } from '../src/root';
import { startReleaseServer, stopGracefully } from '../src/server/frontEndServer';
import { publishBuild } from '../src/releases/store';
import { promote } from '../src/releases/registry';

const freshDir = scratchFolders('probes');

/** One request on a connection of its own: status, headers, body (text). */
function get(port, path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe("a front end's release server", () => {
  let store;
  let server;
  let port;
  before(async () => {
    store = freshDir('store');
    server = await startReleaseServer({ store, frontEnd: 'shell', port: 0, host: '127.0.0.1', renderer: null });
    port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  });
  after(() => stopGracefully(server));

  test('is alive at once, ready only once a release is live, not ready when the registry cannot be read', async () => {
    const alive = await get(port, '/healthz');
    assert.equal(alive.status, 200);
    assert.deepEqual(JSON.parse(alive.body), { status: 200, msg: 'ok', data: null });
    assert.equal(alive.headers['cache-control'], 'no-store');

    const early = await get(port, '/readyz');
    assert.equal(early.status, 503);
    assert.equal(JSON.parse(early.body).msg, 'Not ready: no release of shell is live yet');
    assert.equal(early.headers['cache-control'], 'no-store');

    const build = freshDir('shell-build');
    writeFileSync(join(build, 'index.html'), '<!doctype html><title>shell</title>');
    const { release } = await publishBuild(store, 'shell', build, { commit: COMMIT });
    await promote(store, 'shell', release.id);
    const ready = await get(port, '/readyz');
    assert.equal(ready.status, 200, ready.body);
    assert.deepEqual(JSON.parse(ready.body), { status: 200, msg: 'ready', data: null });

    writeFileSync(join(store, 'registry.json'), '{ not json');
    const broken = await get(port, '/readyz');
    assert.equal(broken.status, 503);
    assert.match(JSON.parse(broken.body).msg, /^Not ready: The release registry .*registry\.json cannot be read/);
    // It still serves the last good release meanwhile.
    assert.equal((await get(port, '/')).status, 200);
  });
});

describe('a front-end server process on SIGTERM', () => {
  let root;
  const BIG = 8 * 1024 * 1024;
  before(() => {
    root = freshDir('build');
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    // A PNG is streamed from disk, not compressed: it stays in flight while its reader waits.
    writeFileSync(join(root, 'big.png'), Buffer.alloc(BIG, 7));
  });

  /** node scripts/serve-static.mjs on a free port, its output collected. */
  async function serve(env = {}) {
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/serve-static.mjs', root, String(port)], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (c) => (log += c));
    child.stderr.on('data', (c) => (log += c));
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    await eventually(() => log.includes('Serving'), 'the server listens');
    return { port, child, exited, log: () => log };
  }

  test('sends a file in flight whole, refuses new connections, and exits 0', async () => {
    const { port, child, exited } = await serve();
    assert.equal((await get(port, '/readyz')).status, 200);
    // A download in flight whose reader has stopped reading.
    let received = 0;
    /** @type {import('node:http').IncomingMessage | undefined} */
    let download;
    const done = new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/big.png', agent: false }, (res) => {
        download = res;
        res.pause();
        res.on('data', (c) => (received += c.length));
        res.on('end', resolve);
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    await eventually(() => download !== undefined, 'the download started');
    child.kill('SIGTERM');
    await eventually(
      () =>
        get(port, '/healthz').then(
          () => false,
          (error) => error.code === 'ECONNREFUSED',
        ),
      'new connections are refused',
    );
    assert.equal(child.exitCode, null, 'still running while the download is in flight');
    // The reader reads again: every byte arrives, then the process exits by itself.
    download.resume();
    await done;
    assert.equal(received, BIG);
    assert.equal(await exited, 0);
  });

  test('with SHUTDOWN_DELAY_SECONDS, says not ready while it still answers, then exits 0', async () => {
    const { port, child, exited } = await serve({ SHUTDOWN_DELAY_SECONDS: '1' });
    child.kill('SIGTERM');
    /** @type {{ status?: number, body: string }} */
    let probe = { body: '' };
    await eventually(async () => (probe = await get(port, '/readyz')).status === 503, 'not ready');
    assert.deepEqual(JSON.parse(probe.body), {
      status: 503,
      msg: 'Not ready: this server is shutting down',
      data: null,
    });
    const page = await get(port, '/');
    assert.equal(page.status, 200);
    assert.equal(page.headers.connection, 'close');
    assert.equal(await exited, 0);
  });
});
