// The front-end servers' compression (platform/src/server/frontEndServer.ts): npm test -w platform
// Text replies (pages, scripts, styles, JSON, SVG) go out in brotli or gzip as Accept-Encoding
// asks, compressed once and kept within a byte budget; images and small replies as they are.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMMIT, scratchFolders } from './helpers.mjs';
import {
  CompressedBodies,
  acceptedEncoding,
  startReleaseServer,
  startStaticServer,
} from '../src/server/frontEndServer';
import { publishBuild } from '../src/releases/store';
import { promote } from '../src/releases/registry';

const freshDir = scratchFolders('static-server');

/** Text that compresses like code does (repeated words), `n` bytes. */
const text = (n, seed = '') =>
  Array.from({ length: Math.ceil(n / 40) }, (_, i) => `/* ${seed} line ${i} */ const v${i} = ${i * 7};\n`)
    .join('')
    .slice(0, n);
/** Bytes that do not compress (xorshift: the same `n` bytes every time). */
function noise(n) {
  let x = 2463534242;
  return Buffer.from(
    Array.from({ length: n }, () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x & 0xff;
    }),
  );
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), noise(4000)]);

function get(port, path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(r) {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(r.body);
  if (coding === 'gzip') return gunzipSync(r.body);
  assert.equal(coding, undefined, `unexpected content-encoding ${coding}`);
  return r.body;
}

const portOf = (server) => server.address().port;
const close = (server) => new Promise((resolve) => server.close(resolve));

describe('Accept-Encoding', () => {
  test('brotli first, gzip next, else the body as it is; q-values, * and x-gzip read', () => {
    const cases = [
      [undefined, undefined],
      ['', undefined],
      ['identity', undefined],
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['GZIP, BR', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.4, gzip;q=0.5', 'gzip'],
      ['br;q=0.5, gzip;q=0.5', 'br'],
      ['br ; q=0.2 , gzip ; q=0.1', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['x-gzip', 'gzip'],
      ['*', 'br'],
      // @fastify/accept-negotiator's reading (the API's too): `*` stands for the first coding
      // offered, brotli, whatever else the header says of it; a q-value above 1 counts as given.
      ['*;q=0.5, br;q=0', 'br'],
      ['*;q=0', undefined],
      ['br;q=2, gzip', 'br'],
      ['deflate, compress', undefined],
    ];
    for (const [header, coding] of cases) assert.equal(acceptedEncoding(header), coding, `Accept-Encoding: ${header}`);
  });
});

describe('a build folder (startStaticServer)', () => {
  let server;
  let port;
  const files = {
    'index.html': `<!doctype html><title>t</title><script src="/main.0123abcd.js"></script>${text(3000, 'page')}`,
    'main.0123abcd.js': text(40_000, 'main'),
    'style.0123abcd.css': `body { color: red; }\n${text(2000, 'css')}`,
    'logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`,
    'mf-manifest.json': JSON.stringify({
      name: 'shop',
      exposes: Array.from({ length: 50 }, (_, i) => ({ id: `shop:${i}`, path: `./Page${i}` })),
    }),
    'tiny.js': 'console.log(1)',
    'photo.png': PNG,
  };
  let root;
  before(async () => {
    root = freshDir('build');
    for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content);
    server = await startStaticServer({ root, port: 0, host: '127.0.0.1' });
    port = portOf(server);
  });
  after(() => close(server));

  test('text files, the page and /config.json go out in the coding asked for, with Vary and their own length', async () => {
    const texts = [
      '/main.0123abcd.js',
      '/style.0123abcd.css',
      '/logo.svg',
      '/mf-manifest.json',
      '/',
      '/productdetails/3',
      '/config.json',
    ];
    for (const path of texts) {
      const plain = await get(port, path);
      assert.equal(plain.status, 200, path);
      assert.equal(plain.headers['content-encoding'], undefined, path);
      for (const [acceptEncoding, coding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', undefined],
      ]) {
        const r = await get(port, path, { 'accept-encoding': acceptEncoding });
        const what = `${path} [${acceptEncoding}]`;
        assert.equal(r.status, 200, what);
        assert.equal(r.headers['content-encoding'], coding, what);
        assert.equal(r.headers.vary, 'Accept-Encoding', what);
        assert.equal(r.headers['content-length'], String(r.body.length), what);
        assert.ok(decoded(r).equals(plain.body), `${what}: decodes to the file`);
        if (coding) assert.ok(r.body.length < plain.body.length, `${what}: smaller`);
      }
    }
  });

  test('PNG images and replies under 512 bytes are sent as they are', async () => {
    for (const path of ['/photo.png', '/tiny.js']) {
      const r = await get(port, path, { 'accept-encoding': 'br, gzip' });
      assert.equal(r.status, 200, path);
      assert.equal(r.headers['content-encoding'], undefined, path);
      assert.equal(r.headers.vary, 'Accept-Encoding', path);
      assert.ok(r.body.equals(Buffer.from(files[path.slice(1)])), path);
    }
  });

  test('HEAD says what GET would send: the coding and its length, no body', async () => {
    const getReply = await get(port, '/main.0123abcd.js', { 'accept-encoding': 'gzip' });
    const head = await get(port, '/main.0123abcd.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-encoding'], 'gzip');
    assert.equal(head.headers['content-length'], String(getReply.body.length));
    assert.equal(head.body.length, 0);
  });

  test('a file is compressed once per coding, not at every request; brotli is made smaller once, in the background', async () => {
    const bodies = server.compressedBodies;
    writeFileSync(join(root, 'once.0123abcd.js'), text(100_000, 'once'));
    await bodies.upgraded(); // the earlier tests' background work, not counted here
    const before = bodies.compressions;
    const first = await get(port, '/once.0123abcd.js', { 'accept-encoding': 'br' });
    await Promise.all(Array.from({ length: 10 }, () => get(port, '/once.0123abcd.js', { 'accept-encoding': 'gzip' })));
    await bodies.upgraded();
    const best = await get(port, '/once.0123abcd.js', { 'accept-encoding': 'br' });
    for (let i = 0; i < 10; i++) await get(port, '/once.0123abcd.js', { 'accept-encoding': i % 2 ? 'br' : 'gzip' });
    // brotli at first request and its background upgrade, gzip once.
    assert.equal(bodies.compressions - before, 3);
    assert.ok(best.body.length <= first.body.length, `${best.body.length} <= ${first.body.length}`);
    assert.ok(brotliDecompressSync(best.body).equals(brotliDecompressSync(first.body)));
  });

  test('a changed file of a build folder is compressed again (its key has its modification time and size)', async () => {
    writeFileSync(join(root, 'changing.js'), text(5000, 'before'));
    const a = await get(port, '/changing.js', { 'accept-encoding': 'gzip' });
    writeFileSync(join(root, 'changing.js'), text(6000, 'after'));
    const b = await get(port, '/changing.js', { 'accept-encoding': 'gzip' });
    assert.equal(decoded(a).toString(), text(5000, 'before'));
    assert.equal(decoded(b).toString(), text(6000, 'after'));
  });
});

describe('the memory of compressed replies', () => {
  test('many files never hold more than the budget; a reply larger than it is compressed and sent, not kept', async () => {
    const root = freshDir('budget');
    for (let i = 0; i < 30; i++)
      writeFileSync(join(root, `chunk${i}.js`), `${noise(1500).toString('base64')}${text(2000, `chunk${i}`)}`);
    writeFileSync(join(root, 'big.js'), noise(30_000).toString('base64'));
    const budget = 20_000;
    const server = await startStaticServer({ root, port: 0, host: '127.0.0.1', compressedCacheBytes: budget });
    try {
      const port = portOf(server);
      for (let i = 0; i < 30; i++) {
        for (const coding of ['br', 'gzip']) {
          const r = await get(port, `/chunk${i}.js`, { 'accept-encoding': coding });
          assert.equal(r.headers['content-encoding'], coding);
          assert.ok(server.compressedBodies.bytes <= budget, `${server.compressedBodies.bytes} bytes held`);
        }
      }
      await server.compressedBodies.upgraded();
      assert.ok(server.compressedBodies.bytes <= budget);
      assert.ok(server.compressedBodies.bytes > budget / 2);
      const big = await get(port, '/big.js', { 'accept-encoding': 'gzip' });
      assert.equal(big.headers['content-encoding'], 'gzip');
      assert.equal(decoded(big).toString(), noise(30_000).toString('base64'));
      assert.ok(server.compressedBodies.bytes <= budget);
    } finally {
      await close(server);
    }
  });

  test('the cache alone: oldest first out, a body larger than the budget not kept', async () => {
    const bodies = new CompressedBodies(3000);
    const body = (seed) => async () => Buffer.concat([noise(1000), Buffer.from(seed)]);
    for (const key of ['a', 'b', 'c', 'd']) await bodies.get(key, 'gzip', body(key));
    assert.ok(bodies.bytes <= 3000);
    const count = bodies.compressions;
    await bodies.get('d', 'gzip', body('d')); // kept
    assert.equal(bodies.compressions, count);
    await bodies.get('a', 'gzip', body('a')); // the oldest, gone
    assert.equal(bodies.compressions, count + 1);
    const huge = await bodies.get('huge', 'gzip', async () => noise(5000));
    assert.ok(gunzipSync(huge).equals(noise(5000)));
    const held = bodies.bytes;
    await bodies.get('huge', 'gzip', async () => noise(5000));
    assert.equal(bodies.compressions, count + 3);
    assert.equal(bodies.bytes, held);
  });
});

describe('a release (startReleaseServer)', () => {
  let server;
  let port;
  let id;
  before(async () => {
    const store = freshDir('store');
    const build = freshDir('shop-build');
    const put = (name, content) => {
      mkdirSync(join(build, name, '..'), { recursive: true });
      writeFileSync(join(build, name), content);
    };
    put('index.html', `<!doctype html><title>shop</title><script src="remoteEntry.js"></script>${text(2000, 'page')}`);
    put('remoteEntry.js', text(20_000, 'remote'));
    // Routes enough for /config.json (which lists them) to be worth compressing, as a real store's is.
    put(
      'routes.json',
      JSON.stringify({ routes: ['/', '/compare', ...Array.from({ length: 30 }, (_, i) => `/shop-page-${i}`)] }),
    );
    put(
      'mf-manifest.json',
      JSON.stringify({
        id: 'shop',
        name: 'shop',
        metaData: { name: 'shop', buildInfo: { buildVersion: '1.0.0', buildName: 'shop' } },
        exposes: Array.from({ length: 30 }, (_, i) => ({ id: `shop:${i}` })),
      }),
    );
    ({
      release: { id },
    } = await publishBuild(store, 'shop', build, { commit: COMMIT }));
    await promote(store, 'shop', id);
    server = await startReleaseServer({ store, frontEnd: 'shop', port: 0, host: '127.0.0.1' });
    port = portOf(server);
  });
  after(() => close(server));

  test("a release's files, the live page and /config.json go out compressed, decoding to what is served as it is", async () => {
    for (const path of [`/${id}/remoteEntry.js`, `/${id}/mf-manifest.json`, '/', '/compare', '/config.json']) {
      const plain = await get(port, path);
      assert.equal(plain.status, 200, path);
      for (const coding of ['br', 'gzip']) {
        const r = await get(port, path, { 'accept-encoding': coding });
        assert.equal(r.headers['content-encoding'], coding, path);
        assert.equal(r.headers['content-length'], String(r.body.length), path);
        assert.ok(decoded(r).equals(plain.body), path);
      }
    }
  });
});
