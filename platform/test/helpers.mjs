// What the release tool's tests share: scratch folders of one run, and the refusal they expect.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { ReleaseError } from '../src/releases/store';

/** A commit id for fake releases. */
export const COMMIT = '0123456789abcdef0123456789abcdef01234567';

/**
 * A temporary folder for this test file, removed after it; returns `freshDir(label)`, which makes
 * a new empty folder in it.
 */
export function scratchFolders(label) {
  let root;
  let counter = 0;
  before(() => {
    root = mkdtempSync(join(tmpdir(), `marketplace-${label}-test-`));
  });
  after(() => rmSync(root, { recursive: true, force: true }));
  return function freshDir(name) {
    counter += 1;
    const dir = join(root, `${name}-${counter}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
}

/** Asserts that calling fn fails (synchronously or by rejecting) with a ReleaseError matching `message`. */
export async function failsWithReleaseError(fn, message) {
  await assert.rejects(
    async () => fn(),
    (/** @type {Error} */ error) => {
      assert.ok(error instanceof ReleaseError, `expected a ReleaseError, got ${error?.name}: ${error?.message}`);
      if (message) assert.match(error.message, message);
      return true;
    },
  );
}

/** Resolves once `check()` is true (polled every 20 ms); rejects with `what` after `limitMs`. */
export async function eventually(check, what, limitMs = 60000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A port nothing listens on now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Writes a fake build folder of `frontEnd` into `dir` (a remote's routes: / and /compare).
 * `variant` changes a file's content (a different build); `omit` leaves files out; `manifest`/`routes` replace what would be written.
 * @param {string} dir
 * @param {string} frontEnd
 * @param {{ variant?: string, omit?: string[], manifest?: object | string, routes?: string[] | string, files?: Record<string, string> }} [build]
 */
export function writeFakeBuild(dir, frontEnd, { variant = 'a', omit = [], manifest, routes, files = {} } = {}) {
  const put = (name, content) => {
    if (omit.includes(name)) return;
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  };
  if (frontEnd === 'shell') {
    put('index.html', `<!doctype html><title>shell</title><script src="main.1a2b3c4d.js"></script>`);
    put('main.1a2b3c4d.js', `console.log('shell ${variant}');`);
  } else {
    put('index.html', `<!doctype html><title>${frontEnd}</title><script src="remoteEntry.js"></script>`);
    put('remoteEntry.js', `var ${frontEnd};/* build ${variant} */`);
    put('static/js/123.abcdef01.js', `export const page = '${frontEnd} ${variant}';`);
    put('routes.json', typeof routes === 'string' ? routes : JSON.stringify({ routes: routes ?? ['/', '/compare'] }));
    put(
      'mf-manifest.json',
      typeof manifest === 'string'
        ? manifest
        : JSON.stringify(
            manifest ?? {
              id: frontEnd,
              name: frontEnd,
              metaData: { name: frontEnd, buildInfo: { buildVersion: '1.0.0', buildName: frontEnd } },
            },
          ),
    );
  }
  for (const [name, content] of Object.entries(files)) put(name, content);
  return dir;
}

/**
 * The API at the edge of a rendering test: its catalogue change stream only. `send` writes a
 * change to every stream open (the rendering server's, once it follows); `close` ends them.
 */
export async function fakeChangeStream() {
  /** @type {http.ServerResponse[]} */
  const streams = [];
  const api = http.createServer((req, res) => {
    if (req.url !== '/catalogue/changes') return void res.writeHead(404).end('{}');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('event: ready\ndata: {}\n\n');
    streams.push(res);
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (api.address());
  return {
    url: `http://127.0.0.1:${port}`,
    /** @param {object} change */
    send(change) {
      for (const stream of streams) stream.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
    },
    async close() {
      for (const stream of streams) stream.end();
      api.closeAllConnections();
      await new Promise((resolve) => api.close(() => resolve(undefined)));
    },
  };
}
