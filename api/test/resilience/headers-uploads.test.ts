/**
 * Headers and uploads. The API's replies (JSON, errors, preflights, images, event streams, even
 * requests the HTTP parser refuses) carry a strict Content-Security-Policy (`default-src 'none'`:
 * nothing they hold may run or load) and no framework banner. The front ends' static server
 * (platform/src/server/frontEndServer.ts) sends a CSP whose script sources are only our own front-end
 * origins. Uploads that lie about their type, exceed the size limit (also when only announced),
 * declare absurd dimensions or inflate beyond what they declare are refused with 400/413 and
 * store nothing. (The single-file PNG checks are in shop-listing.test.ts; these are the attacks.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { startServer, type TestServer } from '../helpers/server';
import { signedInUser } from '../helpers/accounts';
import { makePng } from '../helpers/shop';
import { send, sendBytes, type RawReply } from './helpers/http';
import { multipartFile } from './helpers/multipart';
import { chunk, pngWithIhdr } from './helpers/png';
import { freePort, REPO_ROOT } from './helpers/processes';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { frontEndOrigins } = require(path.join(REPO_ROOT, 'scripts', 'runtime-config.cjs')) as {
  frontEndOrigins(): string[];
};

/** CSP directives by name. */
function parseCsp(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

const BANNERS = ['x-powered-by', 'server', 'x-aspnet-version', 'x-runtime'];

function apiHeaderProblems(what: string, headers: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const csp = parseCsp(headers['content-security-policy'] as string | undefined);
  if (csp['default-src']?.join(' ') !== "'none'")
    problems.push(`${what}: CSP default-src is ${JSON.stringify(csp['default-src'])}`);
  // Nothing loosens it: no script-src at all (it falls back to 'none').
  if (csp['script-src']) problems.push(`${what}: CSP has a script-src ${csp['script-src'].join(' ')}`);
  if (csp['frame-ancestors']?.join(' ') !== "'none'")
    problems.push(`${what}: CSP frame-ancestors is ${JSON.stringify(csp['frame-ancestors'])}`);
  if (headers['x-content-type-options'] !== 'nosniff') problems.push(`${what}: no X-Content-Type-Options: nosniff`);
  for (const b of BANNERS) if (headers[b] !== undefined) problems.push(`${what}: banner header ${b}: ${headers[b]}`);
  if (/fastify/i.test(JSON.stringify(headers))) problems.push(`${what}: a header names the framework`);
  return problems;
}

/** Headers of a raw HTTP reply head. */
function headOf(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of raw.split('\r\n').slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

describe('API response headers', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite', { logLevel: 'warn' });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("every kind of reply carries CSP default-src 'none', nosniff and no framework banner", async () => {
    const u = await signedInUser(s);
    const products = await send(s.url, { method: 'GET', path: '/products', headers: {} });
    const image = products.json.data[0].photo.replace(/^https?:\/\/[^/]+/, '');
    const cases: Array<[string, Promise<RawReply>]> = [
      ['GET /products (200)', Promise.resolve(products)],
      ['HEAD /products', send(s.url, { method: 'HEAD', path: '/products', headers: {} })],
      ['GET /product/999999 (404)', send(s.url, { method: 'GET', path: '/product/999999', headers: {} })],
      ['unknown route (404)', send(s.url, { method: 'GET', path: '/admin', headers: {} })],
      [
        'malformed JSON (400)',
        send(s.url, {
          method: 'POST',
          path: '/products',
          headers: { 'content-type': 'application/json' },
          body: '{"productname":',
        }),
      ],
      [
        'wrong content type (415)',
        send(s.url, { method: 'POST', path: '/products', headers: { 'content-type': 'text/plain' }, body: 'x' }),
      ],
      [
        'too large body (413)',
        send(s.url, {
          method: 'POST',
          path: '/products',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ productname: 'x'.repeat(200_000) }),
        }),
      ],
      ['no token (401)', send(s.url, { method: 'GET', path: '/getuserdata', headers: {} })],
      ['signed in (200)', send(s.url, { method: 'GET', path: '/getuserdata', headers: { authtoken: u.token } })],
      ['bad URL encoding (400)', send(s.url, { method: 'GET', path: '/product/%E0%A4%A', headers: {} })],
      [
        'CORS preflight',
        send(s.url, {
          method: 'OPTIONS',
          path: '/addtocartproduct',
          headers: {
            origin: 'http://localhost:3000',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, authtoken',
          },
        }),
      ],
      ['image', send(s.url, { method: 'GET', path: image, headers: {} })],
      [
        'event stream',
        send(s.url, { method: 'GET', path: '/auctionevents/1', headers: { accept: 'text/event-stream' } }),
      ],
    ];
    const problems: string[] = [];
    for (const [what, p] of cases) {
      const r = await p;
      if (r.status >= 500) problems.push(`${what}: ${r.status}`);
      problems.push(...apiHeaderProblems(what, r.headers));
    }
    // Refused by the HTTP parser before any route: still our headers and our JSON shape.
    for (const [what, bytes] of [
      ['header overflow (431)', `GET /products HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(70_000)}\r\n\r\n`],
      ['garbage request line (400)', 'HELLO WORLD\r\n\r\n'],
    ]) {
      const r = await sendBytes(s.url, bytes);
      if (r.status >= 500 || r.status <= 0) problems.push(`${what}: ${r.status}`);
      problems.push(...apiHeaderProblems(what, headOf(r.head)));
    }
    expect(problems).toEqual([]);
  });
});

describe('front-end static server (platform/src/server/frontEndServer.ts)', () => {
  let child: ReturnType<typeof spawn> | undefined;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resil-static-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><title>t</title><script src="/main.0123abcd.js"></script>',
    );
    fs.writeFileSync(path.join(dir, 'main.0123abcd.js'), 'console.log(1)');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['scripts/serve-static.mjs', dir, String(port)], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: '', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    for (let i = 0; i < 100 && !/Serving/.test(out); i++) await new Promise((r) => setTimeout(r, 50));
    if (!/Serving/.test(out)) throw new Error(`static server did not start: ${out}`);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a CSP whose script sources are only our own front-end origins, no banner, and CORS on build files only', async () => {
    const ours = new Set(["'self'", ...frontEndOrigins()]);
    const problems: string[] = [];
    const paths = [
      '/',
      '/main.0123abcd.js',
      '/config.json',
      '/productdetails/3',
      '/missing.js',
      '/%E0%A4%A',
      '/..%2f..%2fetc%2fpasswd',
      '/%00',
    ];
    for (const p of [...paths.map((x) => ['GET', x]), ['POST', '/'], ['HEAD', '/']]) {
      const r = await send(base, { method: p[0], path: p[1], headers: { 'accept-encoding': 'gzip' } });
      const what = `${p[0]} ${p[1]} (${r.status})`;
      if (r.status >= 500) problems.push(`${what}: server error`);
      const csp = parseCsp(r.headers['content-security-policy'] as string | undefined);
      const scripts = csp['script-src'] ?? csp['default-src'];
      if (!scripts) problems.push(`${what}: no CSP script sources`);
      for (const src of scripts ?? [])
        if (!ours.has(src)) problems.push(`${what}: script source ${src} is not one of our origins`);
      if (!csp['object-src']?.includes("'none'")) problems.push(`${what}: object-src is not 'none'`);
      if (!csp['base-uri']) problems.push(`${what}: no base-uri`);
      if (!csp['frame-ancestors']) problems.push(`${what}: no frame-ancestors`);
      if (r.headers['x-content-type-options'] !== 'nosniff') problems.push(`${what}: no nosniff`);
      for (const b of BANNERS) if (r.headers[b] !== undefined) problems.push(`${what}: banner header ${b}`);
    }
    // Cross-origin reads: a build's files (federation fetches a remote's across origins), not pages or the config.
    for (const [p, allowed] of [
      ['/main.0123abcd.js', '*'],
      ['/', undefined],
      ['/productdetails/3', undefined],
      ['/config.json', undefined],
    ] as const) {
      const r = await send(base, { method: 'GET', path: p, headers: { origin: 'https://elsewhere.example' } });
      if (r.headers['access-control-allow-origin'] !== allowed)
        problems.push(`GET ${p}: Access-Control-Allow-Origin ${r.headers['access-control-allow-origin']}`);
    }
    // Traversal never leaves the folder.
    const passwd = await send(base, { method: 'GET', path: '/..%2f..%2f..%2f..%2fetc%2fpasswd', headers: {} });
    expect(passwd.text).not.toMatch(/root:/);
    expect(problems).toEqual([]);
  });
});

describe('uploads that lie', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer('pglite', { logLevel: 'warn' });
    token = (await signedInUser(s)).token;
  });
  afterAll(async () => {
    await s?.stop();
  });

  const imageCount = async () =>
    Number(
      (
        await s.app.ctx.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const uploadBytes = (content: Buffer, type = 'image/png', filename = 'photo.png') => {
    const { body, contentType } = multipartFile(content, { type, filename });
    return send(s.url, {
      method: 'POST',
      path: '/uploadimage',
      headers: { authtoken: token, 'content-type': contentType, 'content-length': String(body.length) },
      body,
    });
  };

  it('refuses wrong types, absurd dimensions, oversized files and inflation bombs with 400/413, storing nothing', async () => {
    const before = await imageCount();
    // A 10 × 10 header whose image data inflates to 64 MB of zeros: stopped as soon as it passes what 10 × 10 needs.
    const bomb = pngWithIhdr(10, 10, zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }));
    // 100000 × 100000 pixels announced in 8000 bytes of valid, well-formed data.
    const absurd = pngWithIhdr(100_000, 100_000, zlib.deflateSync(Buffer.alloc(100_000), { level: 9 }));
    // A real PNG followed by an HTML page inside a private chunk: the bytes after IEND are junk.
    const polyglot = Buffer.concat([makePng(2, 2, 77), chunk('htMl', Buffer.from('<script>alert(1)</script>'))]);
    const cases: Array<[string, Buffer, string, number, RegExp]> = [
      [
        'an HTML page sent as image/png',
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        'image/png',
        400,
        /not a PNG/,
      ],
      [
        'an SVG with a script, named .png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'image/png',
        400,
        /not a PNG/,
      ],
      [
        'a GIF named .png',
        Buffer.from(
          'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
          'latin1',
        ),
        'image/png',
        400,
        /not a PNG/,
      ],
      ['a PNG claiming 100000 × 100000 pixels', absurd, 'image/png', 400, /at most 8000 × 8000 pixels/],
      [
        'a PNG claiming 4294967295 × 1 pixels',
        pngWithIhdr(0xffffffff, 1),
        'image/png',
        400,
        /at most 8000 × 8000|damaged/,
      ],
      ['a 10 × 10 PNG whose data inflates to 64 MB', bomb, 'image/png', 400, /damaged/],
      ['a PNG with an HTML page after its end', polyglot, 'text/html', 400, /damaged|not a PNG/],
      [
        '5 MB and one byte',
        Buffer.concat([makePng(2, 2, 5), Buffer.alloc(5 * 1024 * 1024 + 1)]),
        'image/png',
        413,
        /at most 5 MB/,
      ],
    ];
    const problems: string[] = [];
    for (const [what, content, type, status, msg] of cases) {
      const t0 = Date.now();
      const r = await uploadBytes(content, type);
      const ms = Date.now() - t0;
      if (r.status !== status || !msg.test(r.json?.msg ?? ''))
        problems.push(`${what}: ${r.status} ${r.json?.msg} (expected ${status} ${msg})`);
      if (ms > 5000) problems.push(`${what}: took ${ms} ms`);
    }
    // 50 MB announced up front: refused at once (413), without waiting for (or reading) the body.
    const head = `POST /uploadimage HTTP/1.1\r\nHost: x\r\nauthtoken: ${token}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n--b\r\n`;
    const announced = await sendBytes(s.url, head, 5000);
    if (announced.status !== 413) problems.push(`50 MB announced: ${announced.status}`);
    expect(problems).toEqual([]);
    expect(await imageCount()).toBe(before);
    // Still serving.
    expect((await uploadBytes(makePng(3, 3, 4242))).status).toBe(200);
  }, 60_000);

  it('serves stored photos as image/png with nosniff and a CSP that runs nothing', async () => {
    const r = await uploadBytes(makePng(3, 3, 4343), 'text/html', 'x.html');
    expect(r.status).toBe(200);
    const img = await send(s.url, { method: 'GET', path: new URL(r.json.data).pathname, headers: {} });
    expect(img.headers['content-type']).toBe('image/png');
    expect(apiHeaderProblems('image', img.headers)).toEqual([]);
  });
});
