// The rendering server's own figures (issue 19), used by sections 3 and 6: that a page was really
// rendered on the server, time to first byte of uncached and cached pages from plain HTTP requests,
// cached pages per second against the node:http baseline serving the same bytes, and the gzip size
// of the JavaScript a page loads.
import { request } from 'node:http';
import { measure } from './api-bench.mjs';
import { fixtureOf } from './load.mjs';
import { median, round, sleep } from './util.mjs';
import { platform } from '../../scripts/platform.mjs';

const { CLIENT_LIMITS } = await platform('server/frontEndServer.ts');

/** What Chromium gets from the servers (it asks for br first); the TTFB and throughput requests ask the same. */
export const BR = { 'accept-encoding': 'br' };
/** The id of the element holding the page's embedded state (shell/src/embeddedPage.ts). */
const EMBEDDED_PAGE = 'marketplace-page';
/** The digest of a boundary the server left to the browser (shell/src/federation/areaApps.ts). */
const AREA_IN_BROWSER = 'area-rendered-in-browser';

/**
 * One GET on a new connection; resolves its status, headers (a Headers object), the body as sent
 * (not decompressed), the time to the response's first byte (its status line and headers) and to
 * its last byte, in ms.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, headers: Headers, buffer: Buffer, ttfb: number, total: number }>}
 */
export function timedGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers, agent: false }, (res) => {
      const ttfb = performance.now() - started;
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
        resolve({
          status: res.statusCode,
          headers: out,
          buffer: Buffer.concat(chunks),
          ttfb,
          total: performance.now() - started,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30000, () => req.destroy(new Error(`GET ${url}: no answer within 30 s`)));
    req.end();
  });
}

/** A GET whose body is kept as sent (fetch would decompress it): what the baseline must answer. */
export const rawGet = (url, headers) => timedGet(url, headers);

/** Text as React writes it into markup. */
const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/**
 * Fetches a page once (identity) and checks that the rendering server rendered it: 200, the
 * embedded state (`<script id="marketplace-page">`), and at least one of `texts` (names the page
 * shows: a product's, an auction item's) in the markup; `serverArea: true` also requires that no
 * area was left to the browser. Throws with what is missing; resolves what it saw.
 * @param {string} url
 * @param {{ texts?: string[], serverArea?: boolean }} [expect]
 */
export async function assertRendered(url, { texts = [], serverArea = true } = {}) {
  const res = await timedGet(url, { 'accept-encoding': 'identity' });
  const html = res.buffer.toString('utf8');
  const embedded = html.includes(`id="${EMBEDDED_PAGE}"`) || html.includes(`id=${EMBEDDED_PAGE}`);
  const found = texts.filter((t) => html.includes(t) || html.includes(escapeHtml(t)));
  const areaLeftToBrowser = html.includes(AREA_IN_BROWSER);
  const problems = [];
  if (res.status !== 200) problems.push(`status ${res.status}`);
  if (!embedded) problems.push(`no <script id="${EMBEDDED_PAGE}"> (the page the browser renders was served)`);
  if (texts.length && !found.length)
    problems.push(`none of ${texts.length} expected names (e.g. '${texts[0]}') in the markup`);
  if (serverArea && areaLeftToBrowser) problems.push(`its area was left to the browser (${AREA_IN_BROWSER})`);
  if (problems.length)
    throw new Error(
      `${url} was not rendered on the server: ${problems.join('; ')}. Is the rendering server's log clean?`,
    );
  return { htmlKB: round(res.buffer.length / 1024, 1), namesFound: found.length, areaLeftToBrowser };
}

/**
 * TTFB of the rendering server from plain HTTP requests (a new connection each, Accept-Encoding:
 * br): `uncached` is the first request of each page (none of `paths` may have been asked before),
 * `cached` the same pages again (3 rounds, a second after the first requests), `baseline` the
 * node:http baseline answering the cached replies' bytes. Medians (and the slowest) in ms.
 * @param {{ base: string, paths: string[], baseline: { url: string, set: (f: object[]) => Promise<number> } }} options
 */
export async function measureTtfb({ base, paths, baseline }) {
  const get = async (origin, path) => {
    const r = await timedGet(origin + path, BR);
    if (r.status !== 200) throw new Error(`GET ${origin}${path} answered ${r.status}`);
    return r;
  };
  const first = [];
  for (const path of paths) first.push({ path, ...(await get(base, path)) });
  await sleep(1000);
  const again = [];
  for (let pass = 0; pass < 3; pass++) for (const path of paths) again.push({ path, ...(await get(base, path)) });
  const fixtures = paths.map((path) => fixtureOf('GET', path, undefined, again.filter((r) => r.path === path).pop()));
  await baseline.set(fixtures);
  const fromBaseline = [];
  for (let pass = 0; pass < 3; pass++)
    for (const path of paths) fromBaseline.push({ path, ...(await get(baseline.url, path)) });
  const stat = (list) => ({
    ms: round(median(list.map((r) => r.ttfb)), 1),
    maxMs: round(Math.max(...list.map((r) => r.ttfb)), 1),
  });
  return {
    pages: paths.length,
    paths,
    encoding: again[0]?.headers.get('content-encoding') ?? 'identity',
    bodyKB: round(median(again.map((r) => r.buffer.length)) / 1024, 1),
    uncached: stat(first),
    cached: stat(again),
    baseline: stat(fromBaseline),
    uncachedEach: first.map((r) => round(r.ttfb, 1)),
  };
}

/**
 * Cached pages per second: autocannon against one page of the rendering server (Accept-Encoding:
 * br, keep-alive, `opts.connections`), interleaved with the node:http baseline answering the same
 * bytes, as section 1 measures the API. The page is rendered (and its brotli settled) just before.
 * @param {{ base: string, path: string, baseline: any, opts: any }} options
 */
export async function measurePageThroughput({ base, path, baseline, opts }) {
  await rawGet(base + path, BR);
  // The first brotli of a page is made fast, a smaller one in the background: serve that one.
  await sleep(1500);
  const ep = {
    name: 'page',
    label: `GET ${path} (rendered page, cached, br)`,
    connections: opts.connections,
    bytes: null,
    async capture() {
      const res = await rawGet(base + path, BR);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
      this.bytes = { sent: res.buffer.length, encoding: res.headers.get('content-encoding') ?? 'identity' };
      return [fixtureOf('GET', path, undefined, res)];
    },
    // A front-end server closes a connection after CLIENT_LIMITS.requestsPerConnection requests
    // (autocannon would go on sending on it): a new one each time, for the baseline too.
    load: () => ({
      requests: [{ method: 'GET', path, headers: BR }],
      reconnectRate: CLIENT_LIMITS.requestsPerConnection,
    }),
  };
  const m = await measure(ep, { apiUrl: base, baseline, opts });
  return {
    path,
    connections: ep.connections,
    bytes: ep.bytes,
    reqPerSec: m.api.reqPerSec,
    p50: m.api.p50,
    p99: m.api.p99,
    errors: m.api.errors,
    non2xx: m.api.non2xx,
    baselineReqPerSec: m.baseline.reqPerSec,
    baselineP99: m.baseline.p99,
    ratio: m.ratio,
    runs: m.runs,
  };
}

/**
 * The gzip size of every JS response a page loaded: each URL fetched again with Accept-Encoding:
 * gzip (what the server sends a client that does not take brotli), bodies as sent, summed.
 * @param {{ url: string, kind: string }[]} requestList
 */
export async function jsGzipSizes(requestList) {
  const urls = [...new Set(requestList.filter((r) => r.kind === 'js').map((r) => r.url))];
  const files = [];
  for (const url of urls) {
    const res = await rawGet(url, { 'accept-encoding': 'gzip' });
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    files.push({ url, bytes: res.buffer.length, encoding: res.headers.get('content-encoding') ?? 'identity' });
  }
  return { kB: round(files.reduce((s, f) => s + f.bytes, 0) / 1024, 1), files: files.length, each: files };
}
