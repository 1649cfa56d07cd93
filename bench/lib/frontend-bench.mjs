// Section 3: first load of four pages of the production build, served as `npm start` serves it
// (scripts/serve-static.mjs: gzip, cache headers, CSP), in the system Chromium through the
// DevTools protocol: cold cache, 4× CPU throttling, bytes per resource type (encodedDataLength),
// requests, FCP, LCP, CLS, long tasks. The floor: a plain static HTML page with the same visible
// content (the rendered DOM, scripts removed, CSS inlined, images kept) served the same way.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { startApi, stopChild } from './stack.mjs';
import { PORTS, ROOT, http, loadavg, log, median, round, sleep, spawnChild, waitForUrl } from './util.mjs';

const require = createRequire(import.meta.url);
export const HOST = '127.0.0.1';
export const AREA_PORTS = { shell: PORTS.shell, shop: PORTS.shop, account: PORTS.account, auction: PORTS.auction };
export const AREA_DIRS = { shell: 'shell', shop: 'shop-remote', account: 'account-remote', auction: 'auction-remote' };
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
async function snapshot(browser, url) {
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
  const file = join(copy.dir, AREA_DIRS[area], 'dist', u.pathname.replace(/^\//, ''));
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
    if (/Design tokens shared by every front end/.test(text)) holds.push('@marketplace/shared');
    if (/File Upload Successfully/.test(text)) holds.push('@marketplace/shared/photo-uploader');
    if (/getInitialState/.test(text) && text.length < 3000) holds.push('zustand');
    if (/unavailable right now/.test(text)) holds.push('shell pages');
    if (/add to cart/i.test(text) && !holds.length) holds.push('shop pages');
    if (/Place BID|Place Bid|Your BID/.test(text) && !holds.length) holds.push('auction pages');
    if (!holds.length)
      holds.push(u.pathname.includes('__federation_expose_') ? `${AREA_DIRS[area]} exposed module` : 'unidentified');
  }
  return { frontEnd: AREA_DIRS[area], holds };
}

/** Serves a folder as `npm start` serves a build (scripts/serve-static.mjs) on port; the child joins `children`. */
export async function serveFolder(label, root, port, { env, workDir, children }) {
  const child = spawnChild(label, process.execPath, [join(ROOT, 'scripts', 'serve-static.mjs'), root, String(port)], {
    env,
    logFile: join(workDir, `${label}.log`),
  });
  children.push(child);
  await waitForUrl(`http://${HOST}:${port}/config.json`, child, `${label} server`, 30000);
}

/** The four production front ends of the build copy, each on its bench port. */
export async function serveFrontEnds(copy, { env, workDir, children }) {
  for (const [area, port] of Object.entries(AREA_PORTS))
    await serveFolder(area, join(copy.dir, AREA_DIRS[area], 'dist'), port, { env, workDir, children });
}

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

export async function benchFrontEnd({ copy, runs, workRoot, opts }) {
  if (!copy) throw new Error('no production build to serve');
  for (const fe of copy.frontEnds)
    if (!existsSync(join(fe.dist, 'index.html'))) throw new Error(`${fe.dir} has no production build`);
  const workDir = mkdtempSync(join(workRoot, 'frontend-'));
  const env = stackEnv();
  const apiOrigin = `http://${HOST}:${PORTS.apiFrontEnd}`;
  const children = [];
  let browser;
  try {
    log('[frontend] starting the API (PGlite, demo data) and the four production front ends');
    children.push(
      await startApi({
        port: PORTS.apiFrontEnd,
        workDir,
        logFile: join(workDir, 'api.log'),
        env: { ...env, LOG_LEVEL: opts.apiLogLevel },
      }),
    );
    const serve = (label, root, port) => serveFolder(label, root, port, { env, workDir, children });
    await serveFrontEnds(copy, { env, workDir, children });

    const products = await http('GET', `${apiOrigin}/products`);
    const productId = products.json.data[0].productid;
    const pages = [
      { name: 'home', path: '/' },
      { name: 'product', path: `/productdetails/${productId}` },
      { name: 'auctionhome', path: '/auctionhome' },
      { name: 'login', path: '/login' },
    ];

    browser = await launchChromium();
    const base = `http://${HOST}:${PORTS.shell}`;

    // The floor pages, from one unthrottled load of each page.
    const floorDir = join(workDir, 'floor');
    for (const p of pages) {
      const snap = await snapshot(browser, base + p.path);
      mkdirSync(join(floorDir, p.name), { recursive: true });
      writeFileSync(join(floorDir, p.name, 'index.html'), snap.html);
      p.floorHtmlBytes = Buffer.byteLength(snap.html);
      p.visibleTextLength = snap.textLength;
    }
    await serve('floor', floorDir, PORTS.floor);
    const floorBase = `http://${HOST}:${PORTS.floor}`;

    const loads = { app: {}, floor: {} };
    for (const p of pages) {
      loads.app[p.name] = [];
      loads.floor[p.name] = [];
    }
    for (let run = 0; run < runs; run++) {
      for (const p of pages) {
        const load = loadavg();
        const app = await measureLoad(browser, base + p.path, { throttle: CPU_THROTTLING, apiOrigin });
        loads.app[p.name].push({ run, loadavg: load, ...app });
        const floor = await measureLoad(browser, `${floorBase}/${p.name}/`, { throttle: CPU_THROTTLING, apiOrigin });
        loads.floor[p.name].push({ run, loadavg: loadavg(), ...floor });
        log(
          `[frontend] run ${run + 1}/${runs} ${p.path}: JS ${round((app.bytes.js ?? 0) / 1024, 1)} KB, ${app.requests} requests, FCP ${app.fcp} ms, LCP ${app.lcp} ms, CLS ${app.cls} | floor LCP ${floor.lcp} ms`,
        );
      }
    }

    const summarize = (list) => {
      const med = (f) => median(list.map(f));
      return {
        jsKB: round(
          med((l) => (l.bytes.js ?? 0) / 1024),
          1,
        ),
        cssKB: round(
          med((l) => (l.bytes.css ?? 0) / 1024),
          1,
        ),
        imgKB: round(
          med((l) => (l.bytes.img ?? 0) / 1024),
          1,
        ),
        docKB: round(
          med((l) => (l.bytes.doc ?? 0) / 1024),
          1,
        ),
        apiKB: round(
          med((l) => (l.bytes.api ?? 0) / 1024),
          1,
        ),
        otherKB: round(
          med((l) => (l.bytes.other ?? 0) / 1024),
          1,
        ),
        transferredKB: round(
          med((l) => l.transferredTotal / 1024),
          1,
        ),
        requests: med((l) => l.requests),
        jsRequests: med((l) => l.count.js ?? 0),
        fcp: med((l) => l.fcp),
        lcp: med((l) => l.lcp),
        cls: med((l) => l.cls),
        longTaskMs: med((l) => l.longTaskMs),
        tbt: med((l) => l.tbt),
        jsHeapMB: med((l) => l.jsHeapMB),
        lcpElement: list[list.length - 1]?.lcpElement ?? null,
        failedRequests: Math.max(...list.map((l) => l.failedRequests)),
        pageErrors: [...new Set(list.flatMap((l) => l.pageErrors))],
      };
    };
    const out = { pages: {} };
    for (const p of pages) {
      const app = loads.app[p.name];
      const first = app[0];
      const jsFiles = first.requestList
        .filter((r) => r.kind === 'js')
        .map((r) => ({
          url: r.url,
          gzipKB: round((r.body ?? 0) / 1024, 1),
          encoding: r.encoding,
          ...describeChunk(r.url, copy),
        }))
        .sort((a, b) => b.gzipKB - a.gzipKB);
      out.pages[p.name] = {
        path: p.path,
        app: summarize(app),
        floor: summarize(loads.floor[p.name]),
        floorHtmlKB: round(p.floorHtmlBytes / 1024, 1),
        jsFiles,
        federationRuntimeCopies: jsFiles.filter((f) => f.holds.includes('federation runtime')).length,
        runs: { app, floor: loads.floor[p.name] },
      };
    }
    return {
      how: `Chromium ${browser.version()} (headless, ${VIEWPORT.width}×${VIEWPORT.height}), CDP: new context per load, cache cleared and disabled, CPU throttling ${CPU_THROTTLING}×, no network throttling (localhost); KB = 1024 bytes of response bodies as sent (gzip)`,
      chromium: browser.version(),
      cpuThrottling: CPU_THROTTLING,
      ...out,
    };
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    for (const c of children.reverse()) await stopChild(c);
    if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
  }
}
