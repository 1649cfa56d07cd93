// Section 3: first load of five pages of the production build, served as `npm start` serves it:
// each front end's build published into a release store and served from there
// (scripts/serve-releases.mjs: brotli or gzip, cache headers, CSP), the shell's server rendering
// the public pages on the server (platform/src/render/). In the system Chromium through the DevTools
// protocol: cold cache, 4× CPU throttling, bytes per resource type (encodedDataLength), requests,
// FCP, LCP, CLS, long tasks. The floor: a plain static HTML page with the same visible content
// (the rendered DOM, scripts removed, CSS inlined, images kept) served by scripts/serve-static.mjs.
// Then the rendering server's own figures (render-bench.mjs): TTFB, cached pages per second, the
// gzip size of each page's JavaScript.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startApi, stopChild } from './stack.mjs';
import { BR, assertRendered, jsGzipSizes, measurePageThroughput, measureTtfb, rawGet } from './render-bench.mjs';
import { platform } from '../../scripts/platform.mjs';
import { FLOOR_PORTS, PORTS, ROOT, http, loadavg, log, median, round, sleep, spawnChild, waitForUrl } from './util.mjs';

const { RELEASE_ID } = await platform('releases/store.ts');

const require = createRequire(import.meta.url);
export const HOST = '127.0.0.1';
export const AREA_PORTS = { shell: PORTS.shell, shop: PORTS.shop, account: PORTS.account, auction: PORTS.auction };
export const AREA_DIRS = Object.fromEntries((await platform('frontEnds.ts')).FRONT_ENDS.map((fe) => [fe.area, fe.dir]));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CPU_THROTTLING = 4;
const VIEWPORT = { width: 1280, height: 900 };

/** Environment of every server of this section: /config.json, CSP and CORS point at the bench ports. */
export function stackEnv() {
  const origins = Object.values(AREA_PORTS).map((p) => `http://${HOST}:${p}`);
  return {
    PUBLIC_HOST: HOST,
    HOST,
    SHELL_PORT: String(PORTS.shell),
    SHOP_PORT: String(PORTS.shop),
    ACCOUNT_PORT: String(PORTS.account),
    AUCTION_PORT: String(PORTS.auction),
    API_PORT: String(PORTS.apiFrontEnd),
    API_URL: `http://${HOST}:${PORTS.apiFrontEnd}`,
    CORS_ORIGINS: [...origins, `http://${HOST}:${PORTS.floor}`].join(','),
    SHOP_URL: '',
    ACCOUNT_URL: '',
    AUCTION_URL: '',
    REMOTES_JSON: '',
  };
}

// Runs in the page before its own scripts: records paint, LCP, layout shifts and long tasks.
const OBSERVERS = `(() => {
  const b = { fcp: null, lcp: null, lcpSize: null, lcpElement: null, lcpUrl: null, shifts: [], longTasks: [] };
  window.__bench = b;
  const observe = (type, fn) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch (e) {}
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') b.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => {
    b.lcp = e.startTime; b.lcpSize = e.size; b.lcpUrl = e.url || null;
    const el = e.element;
    b.lcpElement = el ? el.tagName.toLowerCase() + (el.getAttribute('class') ? '.' + el.getAttribute('class').split(' ')[0] : '') : null;
  });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) b.shifts.push([e.startTime, e.value]); });
  observe('longtask', (e) => b.longTasks.push([e.startTime, e.duration]));
})();`;

/** CLS as Chrome defines it: the largest session window (gaps < 1 s, at most 5 s) of shifts. */
function cumulativeLayoutShift(shifts) {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const [t, v] of shifts) {
    if (t - last < 1000 && t - first < 5000) sum += v;
    else {
      first = t;
      sum = v;
    }
    last = t;
    best = Math.max(best, sum);
  }
  return best;
}

function classify(r, apiOrigin) {
  if (r.type === 'Script') return 'js';
  if (r.type === 'Stylesheet') return 'css';
  if (r.type === 'Image') return 'img';
  if (r.type === 'Document') return 'doc';
  if (r.url.startsWith(apiOrigin)) return 'api';
  return 'other';
}

/** One cold first load of url; resolves the page's figures and its requests. */
export async function measureLoad(browser, url, { throttle, apiOrigin, session = null }) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVERS);
    // A signed-in page: the session the shop keeps in sessionStorage ('data'), before its scripts run.
    if (session) await page.addInitScript((data) => sessionStorage.setItem('data', data), JSON.stringify(session));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const requests = new Map();
    let inflight = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!/^https?:/.test(e.request.url) || requests.has(e.requestId)) return;
      requests.set(e.requestId, { url: e.request.url, type: e.type, done: false });
      if (e.type !== 'EventSource') inflight++;
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.type = e.type;
      r.status = e.response.status;
      r.mime = e.response.mimeType;
      const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      r.contentLength = h['content-length'] !== undefined ? Number(h['content-length']) : null;
      r.encoding = h['content-encoding'] ?? null;
    });
    cdp.on('Network.responseReceivedExtraInfo', (e) => {
      const r = requests.get(e.requestId);
      if (r && e.headersText) r.headerBytes = Buffer.byteLength(e.headersText);
    });
    const finish = (e, failed) => {
      const r = requests.get(e.requestId);
      if (!r || r.done) return;
      r.done = true;
      if (failed) r.failed = e.errorText;
      else r.transferred = e.encodedDataLength;
      if (r.type !== 'EventSource') inflight--;
      lastActivity = Date.now();
    };
    cdp.on('Network.loadingFinished', (e) => finish(e, false));
    cdp.on('Network.loadingFailed', (e) => finish(e, true));

    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const t0 = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: 90000 });
    // Settled: no request in flight for 1.5 s (at most 45 s after the load event).
    const deadline = Date.now() + 45000;
    while (Date.now() < deadline && !(inflight <= 0 && Date.now() - lastActivity > 1500)) await sleep(100);
    const settledMs = Date.now() - t0;
    // The page's JS heap once settled (what its data and rendering hold).
    const { metrics } = await cdp.send('Performance.getMetrics');
    const jsHeapBytes = metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? null;
    const m = await page.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming | undefined} */ (
        performance.getEntriesByType('navigation')[0]
      );
      const { __bench } = /** @type {Window & { __bench?: object }} */ (window); // set by OBSERVERS
      return {
        ...__bench,
        responseStart: nav?.responseStart ?? null,
        domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
        loadEvent: nav?.loadEventEnd ?? null,
      };
    });
    const list = [...requests.values()].map((r) => {
      const body = r.contentLength ?? (r.transferred != null ? r.transferred - (r.headerBytes ?? 0) : null);
      return {
        url: r.url,
        type: r.type,
        kind: classify(r, apiOrigin),
        status: r.status ?? null,
        transferred: r.transferred ?? null,
        body,
        encoding: r.encoding,
        failed: r.failed,
      };
    });
    const bytes = {};
    const transferred = {};
    const count = {};
    for (const r of list) {
      bytes[r.kind] = (bytes[r.kind] ?? 0) + (r.body ?? 0);
      transferred[r.kind] = (transferred[r.kind] ?? 0) + (r.transferred ?? 0);
      count[r.kind] = (count[r.kind] ?? 0) + 1;
    }
    const fcp = m.fcp;
    const longTaskMs = m.longTasks.reduce((s, [, d]) => s + d, 0);
    // The longest task that started before LCP (0 when none over 50 ms did): what held the first view.
    const longestTaskBeforeLcp =
      m.lcp === null ? null : m.longTasks.filter(([t]) => t < m.lcp).reduce((s, [, d]) => Math.max(s, d), 0);
    const tbt = m.longTasks.filter(([t]) => fcp === null || t >= fcp).reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
    return {
      fcp: round(fcp, 0),
      lcp: round(m.lcp, 0),
      lcpElement: m.lcpElement,
      lcpUrl: m.lcpUrl,
      cls: round(cumulativeLayoutShift(m.shifts), 4),
      longTasks: m.longTasks.length,
      longTaskMs: round(longTaskMs, 0),
      tbt: round(tbt, 0),
      longestTaskBeforeLcp: round(longestTaskBeforeLcp, 0),
      docTtfb: round(m.responseStart, 1),
      domContentLoaded: round(m.domContentLoaded, 0),
      loadEvent: round(m.loadEvent, 0),
      settledMs,
      jsHeapMB: jsHeapBytes === null ? null : round(jsHeapBytes / 1048576, 1),
      requests: list.length,
      failedRequests: list.filter((r) => r.failed || (r.status ?? 0) >= 400).length,
      bytes,
      transferred,
      transferredTotal: Object.values(transferred).reduce((s, n) => s + n, 0),
      count,
      pageErrors,
      requestList: list,
    };
  } finally {
    await context.close();
  }
}

/**
 * The floor of a page: its rendered DOM after the first load, without scripts, with every CSS
 * rule the page used inlined in one <style>, images kept (absolute URLs).
 */
export async function snapshot(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 90000 });
    await page.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => undefined);
    await sleep(500);
    const html = await page.evaluate(async () => {
      const css = [];
      for (const sheet of document.styleSheets) {
        try {
          for (const rule of sheet.cssRules) css.push(rule.cssText);
        } catch {
          // A remote's stylesheet (another origin: its rules are not readable here); its file is,
          // over CORS. Its relative URLs are made absolute.
          const text = await fetch(sheet.href).then((r) => r.text());
          css.push(
            text.replace(
              /url\((['"]?)(?!data:|https?:)([^'")]+)\1\)/g,
              (_, q, u) => `url(${q}${new URL(u, sheet.href).href}${q})`,
            ),
          );
        }
      }
      const doc = /** @type {HTMLElement} */ (document.documentElement.cloneNode(true));
      doc
        .querySelectorAll(
          'script, style, noscript, link[rel="stylesheet"], link[rel="preload"], link[rel="modulepreload"], link[rel="prefetch"]',
        )
        .forEach((n) => n.remove());
      doc.querySelectorAll('img[src], link[href], source[srcset]').forEach((n) => {
        for (const attr of ['src', 'href'])
          if (n.getAttribute(attr)) n.setAttribute(attr, new URL(n.getAttribute(attr), location.href).href);
      });
      const style = document.createElement('style');
      style.textContent = css.join('\n');
      doc.querySelector('head').appendChild(style);
      return '<!DOCTYPE html>\n' + doc.outerHTML;
    });
    const text = await page.evaluate(() => document.body.innerText.length);
    return { html, textLength: text };
  } finally {
    await context.close();
  }
}

/** Names what a JS file holds, from its license file and a few markers (for the per-chunk table). */
function describeChunk(url, copy) {
  const u = new URL(url);
  const area = Object.entries(AREA_PORTS).find(([, p]) => String(p) === u.port)?.[0];
  if (!area) return { frontEnd: null, holds: [] };
  // A release's files are served under its id (/<release id>/…); the build folder has them at its root.
  const [, first, ...rest] = u.pathname.split('/');
  const inBuild = RELEASE_ID.test(first) ? rest.join('/') : u.pathname.replace(/^\//, '');
  const file = join(copy.dir, AREA_DIRS[area], 'dist', inBuild);
  const holds = [];
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8');
    if (existsSync(`${file}.LICENSE.txt`)) {
      const names =
        readFileSync(`${file}.LICENSE.txt`, 'utf8').match(/^ \* ([a-z@][\w@./-]*(\.production\.js| v\d[\w.]*))/gim) ??
        [];
      for (const n of names) holds.push(n.replace(/^ \* /, ''));
    }
    // The runtime proper (its hook names); a remote's container shares it and holds only the
    // bundler glue (its own error codes) when it uses the shell's.
    if (text.includes('beforeInitContainer')) holds.push('federation runtime');
    else if (text.includes('RUNTIME-001')) holds.push('federation container');
    if ((text.match(/axios/g) ?? []).length > 2 || text.includes('AxiosError')) holds.push('axios');
    if ((text.match(/Toastify/g) ?? []).length > 5) holds.push('react-toastify');
    // The shared kit: its API client (Idempotency-Key) and its structured-data builders (schema.org).
    if (
      /Design tokens shared by every front end/.test(text) ||
      (text.includes('https://schema.org') && text.includes('Idempotency-Key'))
    )
      holds.push('@marketplace/shared');
    if (/File Upload Successfully/.test(text)) holds.push('@marketplace/shared/photo-uploader');
    if (/getInitialState/.test(text) && text.length < 3000) holds.push('zustand');
    if (/unavailable right now/.test(text)) holds.push('shell pages');
    if (/add to cart/i.test(text) && !holds.length) holds.push('shop pages');
    if (/Place BID|Place Bid|Your BID/.test(text) && !holds.length) holds.push('auction pages');
    if (!holds.length)
      holds.push(inBuild.includes('__federation_expose_') ? `${AREA_DIRS[area]} exposed module` : 'unidentified');
  }
  return { frontEnd: AREA_DIRS[area], holds };
}

/** Serves a folder with scripts/serve-static.mjs (the floor pages) on port; the child joins `children`. */
export async function serveFolder(label, root, port, { env, workDir, children }) {
  const child = spawnChild(label, process.execPath, [join(ROOT, 'scripts', 'serve-static.mjs'), root, String(port)], {
    env,
    logFile: join(workDir, `${label}.log`),
  });
  children.push(child);
  await waitForUrl(`http://${HOST}:${port}/config.json`, child, `${label} server`, 30000);
}

/** The bench's release store, in its work folder (RELEASES_DIR of the API and the front-end servers). */
export const releaseStoreOf = (workDir) => join(workDir, 'releases');

/**
 * Publishes the build copy's four production builds into the release store and makes each live,
 * as `npm start` does (ensureLive of the copy's platform/src/releases/publish.ts); resolves the live ids.
 * @param {{ dir: string }} copy
 * @param {string} store
 * @returns {Promise<Record<string, string>>}
 */
export async function publishFrontEnds(copy, store) {
  const { ensureLive } = await import(pathToFileURL(join(copy.dir, 'platform', 'src', 'releases', 'publish.ts')).href);
  /** @type {Record<string, string>} */
  const releases = {};
  for (const [area, dir] of Object.entries(AREA_DIRS))
    releases[area] = (await ensureLive(store, area, join(copy.dir, dir, 'dist'))).release.id;
  return releases;
}

/**
 * The four front ends served as `npm start` serves them: published into the release store, then
 * each served from it by the build copy's scripts/serve-releases.mjs on its bench port, the remotes
 * first (the shell's server, the rendering server, loads their server code when it starts).
 * `logSuffix` names the log files of a second start in the same work folder.
 * @param {{ dir: string }} copy
 * @param {{ env: Record<string, string>, workDir: string, children: object[], store?: string, logSuffix?: string }} options
 */
export async function serveFrontEnds(
  copy,
  { env, workDir, children, store = releaseStoreOf(workDir), logSuffix = '' },
) {
  const releases = await publishFrontEnds(copy, store);
  /** @type {Record<string, string>} */
  const logs = {};
  for (const area of ['shop', 'account', 'auction', 'shell']) {
    const port = AREA_PORTS[area];
    logs[area] = join(workDir, `${area}${logSuffix}.log`);
    const child = spawnChild(
      area,
      process.execPath,
      [join(copy.dir, 'scripts', 'serve-releases.mjs'), area, String(port)],
      { env: { ...env, RELEASES_DIR: store }, logFile: logs[area] },
    );
    children.push(child);
    await waitForUrl(`http://${HOST}:${port}/config.json`, child, `${area} server`, 30000);
  }
  return { store, releases, logs };
}

/**
 * What the rendering server wrote to its log: lines that report a page left to the browser, a
 * failed render or any error (none expected), counted, with the first few.
 * @param {string} file
 */
export function renderLogOf(file) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const lines = text.split('\n').filter((l) => /\[render\]|error|warn|unavailable/i.test(l));
  return { lines: lines.length, first: lines.slice(0, 8).map((l) => l.slice(0, 300)) };
}

/**
 * Loads a page once without measuring, by a plain HTTP request as Chromium asks for it: the
 * measured load that follows gets the page from the rendering server's memory, as most visitors
 * do within its cache time (the uncached render is timed apart, by measureTtfb).
 */
export const warmPage = (url) => rawGet(url, BR);

/** The system Chromium, headless. */
export async function launchChromium() {
  const { chromium } = require('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * Names the list pages are expected to show when rendered (some of them: a list shows one page of
 * its items): products of home (the catalogue and what trends), of /newarrival (the search it
 * runs with no words), auction items, review titles.
 * @param {string} apiOrigin
 */
export async function catalogueNames(apiOrigin) {
  const list = async (method, path, body) => (await http(method, apiOrigin + path, { body })).json?.data ?? [];
  const names = (rows, field) => rows.map((x) => x[field]).filter((x) => typeof x === 'string' && x);
  return {
    products: names([...(await list('GET', '/products')), ...(await list('GET', '/products/trending'))], 'productname'),
    arrivals: names(await list('POST', '/products', { productname: '' }), 'productname'),
    auctions: names(await list('GET', '/getauction'), 'productname'),
    reviews: names(await list('GET', '/getreviews'), 'title'),
  };
}

/** An auction item's name (GET /getparticularaucpro/{id}). */
export async function auctionItemName(apiOrigin, id) {
  const res = await http('GET', `${apiOrigin}/getparticularaucpro/${id}`);
  if (res.status !== 200) throw new Error(`GET /getparticularaucpro/${id} answered ${res.status}`);
  return res.json.data.productname;
}

/** Medians over the runs of one page's loads. */
export function summarizeLoads(list) {
  const med = (f) => median(list.map(f));
  const kb = (f) =>
    round(
      med((l) => f(l) / 1024),
      1,
    );
  return {
    jsKB: kb((l) => l.bytes.js ?? 0),
    cssKB: kb((l) => l.bytes.css ?? 0),
    imgKB: kb((l) => l.bytes.img ?? 0),
    docKB: kb((l) => l.bytes.doc ?? 0),
    apiKB: kb((l) => l.bytes.api ?? 0),
    otherKB: kb((l) => l.bytes.other ?? 0),
    transferredKB: kb((l) => l.transferredTotal),
    requests: med((l) => l.requests),
    jsRequests: med((l) => l.count.js ?? 0),
    apiRequests: med((l) => l.count.api ?? 0),
    docTtfb: med((l) => l.docTtfb),
    fcp: med((l) => l.fcp),
    lcp: med((l) => l.lcp),
    cls: med((l) => l.cls),
    longTaskMs: med((l) => l.longTaskMs),
    longestTaskBeforeLcp: med((l) => l.longestTaskBeforeLcp),
    tbt: med((l) => l.tbt),
    jsHeapMB: med((l) => l.jsHeapMB),
    lcpElement: list[list.length - 1]?.lcpElement ?? null,
    failedRequests: Math.max(...list.map((l) => l.failedRequests)),
    pageErrors: [...new Set(list.flatMap((l) => l.pageErrors))],
  };
}

/**
 * The floor pages of `pages` (one unthrottled load of each: its DOM as static HTML), each written
 * to floorDir/<name>/index.html and served at the root of its own port by scripts/serve-static.mjs
 * (which serves a folder's index.html at its root only); sets each page's floorUrl and records its
 * floor size and visible text. Fails when a floor does not answer with its page.
 * @param {any} browser
 * @param {string} base
 * @param {any[]} pages
 * @param {{ floorDir: string, env: Record<string, string>, workDir: string, children: object[], label: string }} options
 */
export async function makeFloors(browser, base, pages, { floorDir, env, workDir, children, label }) {
  if (pages.length > FLOOR_PORTS) throw new Error(`at most ${FLOOR_PORTS} floor pages`);
  for (const [i, p] of pages.entries()) {
    const snap = await snapshot(browser, base + p.path);
    const dir = join(floorDir, p.name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), snap.html);
    p.floorHtmlBytes = Buffer.byteLength(snap.html);
    p.visibleTextLength = snap.textLength;
    const port = PORTS.floorPages + i;
    await serveFolder(`${label}-${p.name}`, dir, port, { env, workDir, children });
    p.floorUrl = `http://${HOST}:${port}/`;
    const res = await http('GET', p.floorUrl);
    if (res.status !== 200 || res.buffer.length !== p.floorHtmlBytes)
      throw new Error(
        `the floor of ${p.path} answered ${res.status} with ${res.buffer.length} bytes, not its ${p.floorHtmlBytes}-byte page`,
      );
  }
}

/** Checks, page by page, that the rendering server rendered it (fails the section loudly if not). */
export async function checkRendered(base, pages, label) {
  for (const p of pages) {
    p.rendered = await assertRendered(base + p.path, { texts: p.texts ?? [], serverArea: p.serverArea !== false });
    log(
      `[${label}] ${p.path} rendered on the server: ${p.rendered.htmlKB} KB of HTML, ${p.rendered.namesFound} expected names${p.rendered.areaLeftToBrowser ? ', its area left to the browser' : ''}`,
    );
  }
}

/** Distinct product pages not loaded before (TTFB of an uncached page needs pages never asked). */
export function freshProductPaths(products, used, n) {
  return products
    .map((p) => p.productid)
    .filter((id) => !used.includes(id))
    .slice(0, n)
    .map((id) => `/productdetails/${id}`);
}

/** Pages whose first view issue 19 times: home, a product, an auction item. */
export const ISSUE_19_PAGES = ['home', 'product', 'auctionitem'];
/** Product pages whose TTFB is measured (the first request of each, then the same again). */
const TTFB_PAGES = 12;

export async function benchFrontEnd({ copy, runs, workRoot, opts, baseline }) {
  if (!copy) throw new Error('no production build to serve');
  if (!baseline) throw new Error('no baseline server');
  for (const fe of copy.frontEnds)
    if (!existsSync(join(fe.dist, 'index.html'))) throw new Error(`${fe.dir} has no production build`);
  const workDir = mkdtempSync(join(workRoot, 'frontend-'));
  const store = releaseStoreOf(workDir);
  const env = { ...stackEnv(), RELEASES_DIR: store };
  const apiOrigin = `http://${HOST}:${PORTS.apiFrontEnd}`;
  const children = [];
  let browser;
  let served;
  try {
    log(
      '[frontend] starting the API (PGlite, demo data) and the four front ends as releases (the shell renders pages)',
    );
    children.push(
      await startApi({
        port: PORTS.apiFrontEnd,
        workDir,
        logFile: join(workDir, 'api.log'),
        env: { ...env, LOG_LEVEL: opts.apiLogLevel },
      }),
    );
    served = await serveFrontEnds(copy, { env, workDir, children, store });
    log(
      `[frontend] live releases: ${Object.entries(served.releases)
        .map(([a, id]) => `${a} ${id}`)
        .join(', ')}`,
    );

    const products = (await http('GET', `${apiOrigin}/products`)).json.data;
    const product = products[0];
    const auctions = (await http('GET', `${apiOrigin}/getauction`)).json.data;
    const item = auctions.find((a) => a.status === 'open') ?? auctions[0];
    if (!product || !item) throw new Error('the demo data has no product or no auction item');
    const names = await catalogueNames(apiOrigin);
    const pages = [
      { name: 'home', path: '/', texts: names.products },
      { name: 'product', path: `/productdetails/${product.productid}`, texts: [product.productname] },
      { name: 'auctionitem', path: `/auctionproduct/${item.auctionid}`, texts: [item.productname] },
      { name: 'auctionhome', path: '/auctionhome', texts: names.auctions },
      // Its form rendered on the server (the account's routes.json lists it as server-rendered).
      { name: 'login', path: '/login' },
    ];

    const base = `http://${HOST}:${PORTS.shell}`;
    await checkRendered(base, pages, 'frontend');

    browser = await launchChromium();
    // The floor pages, from one unthrottled load of each page.
    await makeFloors(browser, base, pages, {
      floorDir: join(workDir, 'floor'),
      env,
      workDir,
      children,
      label: 'floor',
    });

    const loads = { app: {}, floor: {} };
    for (const p of pages) {
      loads.app[p.name] = [];
      loads.floor[p.name] = [];
    }
    for (let run = 0; run < runs; run++) {
      for (const p of pages) {
        await warmPage(base + p.path);
        const load = loadavg();
        const app = await measureLoad(browser, base + p.path, { throttle: CPU_THROTTLING, apiOrigin });
        loads.app[p.name].push({ run, loadavg: load, ...app });
        const floor = await measureLoad(browser, p.floorUrl, { throttle: CPU_THROTTLING, apiOrigin });
        loads.floor[p.name].push({ run, loadavg: loadavg(), ...floor });
        log(
          `[frontend] run ${run + 1}/${runs} ${p.path}: JS ${round((app.bytes.js ?? 0) / 1024, 1)} KB, ${app.requests} requests (${app.count.api ?? 0} API), TTFB ${app.docTtfb} ms, FCP ${app.fcp} ms, LCP ${app.lcp} ms (${app.lcpElement}), CLS ${app.cls}, longest task before LCP ${app.longestTaskBeforeLcp} ms | floor LCP ${floor.lcp} ms`,
        );
      }
    }

    const out = { pages: {} };
    for (const p of pages) {
      const app = loads.app[p.name];
      const first = app[0];
      const gzip = await jsGzipSizes(first.requestList);
      const jsFiles = first.requestList
        .filter((r) => r.kind === 'js')
        .map((r) => {
          const g = gzip.each.find((x) => x.url === r.url);
          return {
            url: r.url,
            sentKB: round((r.body ?? 0) / 1024, 1),
            encoding: r.encoding,
            gzipKB: g ? round(g.bytes / 1024, 1) : null,
            ...describeChunk(r.url, copy),
          };
        })
        .sort((a, b) => (b.gzipKB ?? 0) - (a.gzipKB ?? 0));
      out.pages[p.name] = {
        path: p.path,
        rendered: p.rendered,
        app: { ...summarizeLoads(app), jsGzipKB: gzip.kB },
        floor: summarizeLoads(loads.floor[p.name]),
        floorHtmlKB: round(p.floorHtmlBytes / 1024, 1),
        jsFiles,
        federationRuntimeCopies: jsFiles.filter((f) => f.holds.includes('federation runtime')).length,
        runs: { app, floor: loads.floor[p.name] },
      };
    }
    log(`[frontend] JS of / with Accept-Encoding: gzip: ${out.pages.home.app.jsGzipKB} KB`);

    // The rendering server's own figures: TTFB of product pages never asked before, then again;
    // cached pages per second of one more product page.
    const ttfbPaths = freshProductPaths(products, [product.productid], TTFB_PAGES + 1);
    const throughputPath = ttfbPaths.pop();
    const ttfb = await measureTtfb({ base, paths: ttfbPaths, baseline });
    log(
      `[frontend] TTFB of ${ttfb.pages} product pages (br): uncached ${ttfb.uncached.ms} ms (slowest ${ttfb.uncached.maxMs}), cached ${ttfb.cached.ms} ms (slowest ${ttfb.cached.maxMs}), baseline ${ttfb.baseline.ms} ms`,
    );
    const throughput = await measurePageThroughput({ base, path: throughputPath, baseline, opts });
    log(
      `[frontend] ${throughputPath} cached, br: ${throughput.reqPerSec}/s p99 ${throughput.p99} ms vs baseline ${throughput.baselineReqPerSec}/s → ${throughput.ratio}`,
    );
    const renderLog = renderLogOf(served.logs.shell);
    if (renderLog.lines)
      log(`[frontend] the rendering server logged ${renderLog.lines} lines of note, e.g. ${renderLog.first[0]}`);
    return {
      how: `Chromium ${browser.version()} (headless, ${VIEWPORT.width}×${VIEWPORT.height}), CDP: new context per load, cache cleared and disabled, CPU throttling ${CPU_THROTTLING}×, no network throttling (localhost); the front ends served as releases, the shell's server rendering the public pages (each page requested once by plain HTTP before its measured load, so the load gets it from the rendering server's memory); KB = 1024 bytes of response bodies as sent (br: Chromium asks for it)`,
      chromium: browser.version(),
      cpuThrottling: CPU_THROTTLING,
      releases: served.releases,
      ...out,
      render: { ttfb, throughput, log: renderLog },
    };
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    for (const c of children.reverse()) await stopChild(c);
    if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
  }
}
