// Section 9 (issue 28): Lighthouse as shops are judged by it. Lighthouse (pinned in bench's
// package.json) in its default mobile mode — Moto G Power emulation, 4× CPU and slow 4G, simulated
// (Lantern) — on six pages of the production stack served as section 3 serves it (releases, the
// shell's server rendering the pages), each beside its static floor measured in the same run: the
// page's server HTML without scripts, served as a static file. Then the INP of a scripted tap on each
// page (the phone menu; Add to Cart on the product page) in a Lighthouse timespan with DevTools
// throttling (4× CPU, slow 4G), after the page has loaded and hydrated. Medians of the runs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { startTimespan } from 'lighthouse';
import { phonePage } from './phone.mjs';
import puppeteer from 'puppeteer-core';
import { startApi, stopChild } from './stack.mjs';
import {
  HOST,
  auctionItemName,
  catalogueNames,
  checkRendered,
  renderLogOf,
  releaseStoreOf,
  serveFolder,
  serveFrontEnds,
  stackEnv,
} from './frontend-bench.mjs';
import { assertRendered, rawGet } from './render-bench.mjs';
import { telemetryCost } from './telemetry-cost.mjs';
import { FLOOR_PORTS, PORTS, http, loadavg, log, median, round, sleep } from './util.mjs';

const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;
const CHROME = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-component-update',
];
/** The audits behind the figures, and the opportunities Lighthouse names (the largest savings kept). */
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
  mainThreadMs: 'mainthread-work-breakdown',
  bootupMs: 'bootup-time',
  totalBytes: 'total-byte-weight',
};
const NAMED_CAUSES = 5;

/** The issue's targets: score ≥ 95, TBT ≤ 150 ms, LCP ≤ 1.25 × the floor's, INP ≤ 100 ms, CLS 0. */
export const LIGHTHOUSE_TARGETS = { performance: 95, tbtMs: 150, lcpOverFloor: 1.25, inpMs: 100, cls: 0 };
/** Issue 29's target for the field telemetry's main-thread time in a view of the home page. */
export const TELEMETRY_TARGET_MS = 5;
/** The CPU slowdowns the telemetry's time is measured at: this machine's own speed, and a phone's. */
const TELEMETRY_CPU = [1, 4];

/**
 * The page's HTML as the rendering server sends it, its scripts taken out (the embedded data, the
 * JSON-LD, the shell's code and what preloads it), its paths made absolute to the shell's origin
 * (the stylesheets stay where they are served from): what the page costs without its app.
 * @param {string} html
 * @param {string} origin
 */
export function floorOf(html, origin) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?(?:modulepreload|preload)["']?[^>]*\bas=["']?script\b[^>]*>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '')
    .replace(/\b(href|src)=(["']?)\/(?!\/)/g, `$1=$2${origin}/`);
}

/** Chromium for one measurement, headless, through chrome-launcher (what Lighthouse's CLI uses). */
function launchChrome() {
  return launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
}

/**
 * @typedef {{ performance: number, fcp: number, lcp: number, tbt: number, cls: number, si: number,
 *   mainThreadMs: number, bootupMs: number, totalBytes: number, benchmarkIndex: number | null,
 *   observedFcp: number | null, observedLcp: number | null, apiReads: string[], warnings: string[],
 *   causes: { id: string, title: string, savingsMs: number, savingsKB: number | null }[] }} NavigationFigures
 */

/**
 * One Lighthouse navigation (performance only, default mobile settings); its figures and named causes.
 * @returns {Promise<NavigationFigures>}
 */
async function navigationFigures(url, port, apiOrigin, artifactsDir = null) {
  // BENCH_LIGHTHOUSE_ARTIFACTS: Lighthouse's artifacts (trace, devtools log) and report of each
  // load kept there, to see what its simulation put on the LCP's path (`lighthouse -A=<dir>` re-audits).
  const keep = artifactsDir ? { gatherMode: artifactsDir, auditMode: artifactsDir } : {};
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...keep,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (artifactsDir) writeFileSync(join(artifactsDir, 'lhr.json'), JSON.stringify(lhr));
  /** @type {Record<string, number | null>} */
  const figures = { performance: round(lhr.categories.performance.score * 100, 0) };
  for (const [name, id] of Object.entries(METRICS)) figures[name] = lhr.audits[id]?.numericValue ?? null;
  const causes = Object.values(lhr.audits)
    .map((audit) => ({
      audit,
      details: /** @type {{ type?: string, overallSavingsMs?: number, overallSavingsBytes?: number }} */ (
        audit.details ?? {}
      ),
    }))
    .filter(({ details }) => details.type === 'opportunity' && (details.overallSavingsMs ?? 0) > 0)
    .sort((x, y) => y.details.overallSavingsMs - x.details.overallSavingsMs)
    .slice(0, NAMED_CAUSES)
    .map(({ audit, details }) => ({
      id: audit.id,
      title: audit.title,
      savingsMs: round(details.overallSavingsMs, 0),
      savingsKB: details.overallSavingsBytes ? round(details.overallSavingsBytes / 1024, 1) : null,
    }));
  // The unthrottled load Lighthouse watched (its simulation starts from it): a late observed LCP
  // (painted after the app's code ran) puts the code on the simulated LCP's path.
  const observed = /** @type {any} */ (lhr.audits.metrics?.details)?.items?.[0] ?? {};
  // The page's own reads of the API (photos and event streams aside): a page that came complete
  // from the server makes none; one the server left to the browser (a read or a remote's code too
  // slow for its budget on a busy machine) reads its data here, after the app has started.
  const requests = /** @type {any} */ (lhr.audits['network-requests']?.details)?.items ?? [];
  const apiReads = requests
    .map((r) => String(r.url))
    .filter((u) => u.startsWith(apiOrigin) && !/\/(images|auctionevents|noticeevents)\b/.test(u))
    .map((u) => u.slice(apiOrigin.length));
  return /** @type {NavigationFigures} */ ({
    ...figures,
    observedFcp: observed.observedFirstContentfulPaint ?? null,
    observedLcp: observed.observedLargestContentfulPaint ?? null,
    apiReads,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    warnings: lhr.runWarnings ?? [],
    causes,
  });
}

/** Waits until the page has loaded, its shell has hydrated (the newsletter's SUBSCRIBE is enabled) and the network is quiet. */
async function settled(page) {
  await page.waitForFunction(
    () => {
      const subscribe = document.querySelector('footer form button[type="submit"]');
      return document.readyState === 'complete' && subscribe instanceof HTMLButtonElement && !subscribe.disabled;
    },
    { timeout: 60000 },
  );
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 60000 });
}

/**
 * Runs in the page before its scripts: keeps the last LCP candidate (Lighthouse 12.2.3 cannot name
 * it with this Chromium: its trace-elements gatherer fails on the newer trace format).
 */
const OBSERVE_LCP = `new PerformanceObserver((list) => {
  const e = list.getEntries().at(-1);
  const el = e.element;
  window.__lcp = { time: Math.round(e.startTime), url: e.url || null,
    element: el ? el.tagName.toLowerCase() + (el.getAttribute('class') ? '.' + el.getAttribute('class').split(' ')[0] : '') : null };
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

const nextPaint = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * The taps whose INP is measured on a page: the phone menu on every page; Add to Cart where the page
 * has it (a visitor's goes to /login, which brings them back).
 */
const TAPS = {
  menu: {
    selector: 'header button[aria-label="Menu"]',
    done: (page) =>
      page.waitForFunction(
        () =>
          [...document.querySelectorAll('[role="dialog"]')].some(
            (d) => d.checkVisibility() && /Menu/.test(d.textContent),
          ),
        { timeout: 30000 },
      ),
  },
  addToCart: {
    selector: 'main a[href^="/viewcart/"]',
    done: (page) => page.waitForFunction(() => location.pathname === '/login', { timeout: 30000 }),
  },
};

/**
 * The INP of one tap (Lighthouse's interaction-to-next-paint) in a timespan with DevTools throttling
 * (4× CPU, slow 4G), on a page loaded as Lighthouse's mobile mode shows it and left to settle.
 */
async function tapInp(browser, url, tap, artifactsDir = null) {
  const page = await phonePage(browser);
  try {
    await page.evaluateOnNewDocument(OBSERVE_LCP);
    await page.goto(url, { waitUntil: 'load', timeout: 90000 });
    await settled(page);
    // The LCP element as this phone-sized, unthrottled load saw it (before the tap: input ends LCP).
    const lcp = await page.evaluate(() => /** @type {any} */ (window).__lcp ?? null);
    const timespan = await startTimespan(page, {
      flags: { throttlingMethod: 'devtools', onlyCategories: ['performance'], logLevel: 'error' },
    });
    await page.tap(TAPS[tap].selector);
    await TAPS[tap].done(page);
    await nextPaint(page);
    const result = await timespan.endTimespan();
    const audit = result?.lhr.audits['interaction-to-next-paint'];
    if (artifactsDir && result) {
      writeFileSync(join(artifactsDir, 'lhr.json'), JSON.stringify(result.lhr));
      // The tap's trace (4× CPU): where its time goes.
      const trace = /** @type {any} */ (result.artifacts)?.Trace;
      if (trace) writeFileSync(join(artifactsDir, 'trace.json'), JSON.stringify(trace));
    }
    return {
      lcp,
      inp: audit?.numericValue ?? null,
      // Not applicable: no interaction long enough for the trace to record it.
      recorded: audit?.scoreDisplayMode !== 'notApplicable',
    };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/**
 * The pages of issue 28 (product 1 and auction item 1 of the demo data), the names each shows
 * when rendered with its data, and the taps measured on each.
 */
async function pagesOf(apiOrigin) {
  const product = await http('GET', `${apiOrigin}/product/1`);
  if (product.status !== 200) throw new Error('the demo data has no product 1');
  const names = await catalogueNames(apiOrigin);
  return [
    { name: 'home', path: '/', texts: names.products, taps: ['menu'] },
    { name: 'newarrival', path: '/newarrival', texts: names.arrivals, taps: ['menu'] },
    { name: 'product', path: '/productdetails/1', texts: [product.json.data.productname], taps: ['menu', 'addToCart'] },
    { name: 'auctionhome', path: '/auctionhome', texts: names.auctions, taps: ['menu'] },
    { name: 'auctionitem', path: '/auctionproduct/1', texts: [await auctionItemName(apiOrigin, 1)], taps: ['menu'] },
    { name: 'login', path: '/login', taps: ['menu'] },
  ];
}

/** Attempts at getting a page rendered whole before its measured load (a second apart). */
const WARM_ATTEMPTS = 10;

/**
 * Requests the page until the rendering server answers it whole (its data and its area rendered:
 * such a page is kept, and the measured load that follows gets it from memory, as most visitors
 * do); on a busy machine a render may miss its budgets, and a page rendered without some of its
 * parts is not kept. Resolves the attempts it took (WARM_ATTEMPTS + 1: never whole).
 */
async function warmWhole(url, texts) {
  for (let attempt = 1; attempt <= WARM_ATTEMPTS; attempt++) {
    try {
      await assertRendered(url, { texts });
      return attempt;
    } catch {
      await sleep(1000);
    }
  }
  return WARM_ATTEMPTS + 1;
}

const FIGURES = ['performance', ...Object.keys(METRICS), 'benchmarkIndex'];

function medians(list) {
  const out = {};
  for (const f of FIGURES) out[f] = median(list.map((r) => r[f]));
  out.performance = round(out.performance, 0);
  for (const f of ['fcp', 'lcp', 'tbt', 'si', 'mainThreadMs', 'bootupMs']) out[f] = round(out[f], 0);
  out.cls = round(out.cls, 4);
  out.benchmarkIndex = round(out.benchmarkIndex, 0);
  out.totalKB = out.totalBytes === null ? null : round(out.totalBytes / 1024, 1);
  return out;
}

/**
 * Issue 29: the field telemetry's main-thread time in a view of the home page (loaded, a tap, left),
 * at each CPU slowdown, beside the view's whole main-thread time in the same trace; medians of `runs`
 * views each, the slowdowns taking turns. Null when the home page is not measured.
 */
async function measureTelemetry(base, pages, runs) {
  const home = pages.find((p) => p.name === 'home');
  if (!home) return null;
  const views = Object.fromEntries(TELEMETRY_CPU.map((cpu) => [cpu, []]));
  const chrome = await launchChrome();
  let browser;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    for (let run = 0; run < runs; run++)
      for (const cpu of TELEMETRY_CPU) {
        await warmWhole(base + home.path, home.texts);
        const load = loadavg();
        const view = await telemetryCost(browser, base + home.path, { tap: TAPS.menu, settled, cpu });
        log(
          `[lighthouse] telemetry ${cpu}× CPU, run ${run + 1}/${runs}: ${round(view.ms, 2)} ms (web-vitals ${round(view.webVitals, 2)}, beacon ${round(view.beacon, 2)}) of ${round(view.mainThreadMs, 0)} ms on the main thread, CPU time ${round(view.cpuMs, 2)} of ${round(view.cpuMainThreadMs, 0)} ms; ${view.beacons} beacon(s); load ${load.join(' / ')}`,
        );
        views[cpu].push({ ...view, loadavg: load });
      }
  } finally {
    if (browser) await browser.disconnect().catch(() => undefined);
    await chrome.kill();
  }
  const byCpu = {};
  for (const [cpu, list] of Object.entries(views)) {
    const sent = list.filter((v) => v.beacons > 0);
    byCpu[cpu] = {
      ms: round(median(sent.map((v) => v.ms)), 2),
      webVitals: round(median(sent.map((v) => v.webVitals)), 2),
      beacon: round(median(sent.map((v) => v.beacon)), 2),
      mainThreadMs: round(median(sent.map((v) => v.mainThreadMs)), 0),
      cpuMs: round(median(sent.map((v) => v.cpuMs)), 2),
      cpuMainThreadMs: round(median(sent.map((v) => v.cpuMainThreadMs)), 0),
      share: round(median(sent.map((v) => (100 * v.ms) / v.mainThreadMs)), 2),
      views: list.length,
      sent: sent.length,
      runs: list,
    };
  }
  return { path: home.path, targetMs: TELEMETRY_TARGET_MS, byCpu };
}

export async function benchLighthouse({ copy, runs, workRoot, opts }) {
  if (!copy) throw new Error('no production build to serve');
  const workDir = mkdtempSync(join(workRoot, 'lighthouse-'));
  const store = releaseStoreOf(workDir);
  const env = { ...stackEnv(), RELEASES_DIR: store };
  const apiOrigin = `http://${HOST}:${PORTS.apiFrontEnd}`;
  const base = `http://${HOST}:${PORTS.shell}`;
  const children = [];
  try {
    log('[lighthouse] starting the API (PGlite, demo data) and the four front ends as releases');
    children.push(
      await startApi({
        port: PORTS.apiFrontEnd,
        workDir,
        logFile: join(workDir, 'api.log'),
        env: { ...env, LOG_LEVEL: opts.apiLogLevel },
      }),
    );
    const served = await serveFrontEnds(copy, { env, workDir, children, store });
    // BENCH_LIGHTHOUSE_PAGES=home,product: only those pages (names as in pagesOf), to study one.
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    const pages = (await pagesOf(apiOrigin)).filter((p) => !only || only.includes(p.name));
    const artifactsRoot = process.env.BENCH_LIGHTHOUSE_ARTIFACTS || null;
    const artifactsOf = (name) => {
      if (!artifactsRoot) return null;
      const dir = join(artifactsRoot, name);
      mkdirSync(dir, { recursive: true });
      return dir;
    };
    if (pages.length > FLOOR_PORTS) throw new Error(`at most ${FLOOR_PORTS} floor pages`);
    // Every page rendered on the server, its area included (/login too).
    await checkRendered(base, pages, 'lighthouse');

    // The floors: each page's server HTML (rendered whole) without scripts, served at the root of its own port.
    for (const [i, p] of pages.entries()) {
      if ((await warmWhole(base + p.path, p.texts)) > WARM_ATTEMPTS)
        throw new Error(`${p.path} was never rendered whole in ${WARM_ATTEMPTS} attempts`);
      const res = await rawGet(base + p.path, { 'accept-encoding': 'identity' });
      if (res.status !== 200) throw new Error(`GET ${p.path} answered ${res.status}`);
      const dir = join(workDir, 'floor', p.name);
      mkdirSync(dir, { recursive: true });
      const html = floorOf(res.buffer.toString('utf8'), base);
      writeFileSync(join(dir, 'index.html'), html);
      await serveFolder(`lighthouse-floor-${p.name}`, dir, PORTS.floorPages + i, { env, workDir, children });
      p.floorUrl = `http://${HOST}:${PORTS.floorPages + i}/`;
      p.floorHtmlKB = round(Buffer.byteLength(html) / 1024, 1);
    }

    const loads = Object.fromEntries(pages.map((p) => [p.name, { app: [], floor: [], taps: {} }]));
    for (let run = 0; run < runs; run++) {
      for (const p of pages) {
        const chrome = await launchChrome();
        let browser;
        try {
          const load = loadavg();
          const warmAttempts = await warmWhole(base + p.path, p.texts);
          const app = await navigationFigures(
            base + p.path,
            chrome.port,
            apiOrigin,
            artifactsOf(`${p.name}-app-${run + 1}`),
          );
          loads[p.name].app.push({ run, loadavg: load, warmAttempts, ...app });
          const floor = await navigationFigures(
            p.floorUrl,
            chrome.port,
            apiOrigin,
            artifactsOf(`${p.name}-floor-${run + 1}`),
          );
          loads[p.name].floor.push({ run, loadavg: loadavg(), ...floor });
          browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
          const taps = {};
          for (const tap of p.taps) {
            taps[tap] = await tapInp(browser, base + p.path, tap, artifactsOf(`${p.name}-${tap}-${run + 1}`));
            (loads[p.name].taps[tap] ??= []).push({ run, loadavg: loadavg(), ...taps[tap] });
          }
          log(
            `[lighthouse] run ${run + 1}/${runs} ${p.path}: performance ${app.performance} (floor ${floor.performance}), LCP ${round(app.lcp, 0)} ms (floor ${round(floor.lcp, 0)}), TBT ${round(app.tbt, 0)} ms, CLS ${round(app.cls, 3)}, INP ${Object.entries(
              taps,
            )
              .map(([t, x]) => `${t} ${x.recorded ? `${round(x.inp, 0)} ms` : 'none recorded'}`)
              .join(
                ', ',
              )}${app.apiReads.length ? `; the page read ${app.apiReads.join(', ')} itself` : ''}; benchmark index ${round(app.benchmarkIndex, 0)}, load ${load.join(' / ')}`,
          );
        } finally {
          if (browser) await browser.disconnect().catch(() => undefined);
          await chrome.kill();
        }
        // Between measurements: the machine's other work, not the last Chromium's exit, in the next.
        await sleep(500);
      }
    }

    const telemetry = await measureTelemetry(base, pages, runs);

    const out = { pages: {}, telemetry };
    for (const p of pages) {
      const l = loads[p.name];
      const app = medians(l.app);
      const floor = medians(l.floor);
      const taps = {};
      for (const [tap, list] of Object.entries(l.taps)) {
        const recorded = list.filter((x) => x.recorded);
        taps[tap] = { inp: round(median(recorded.map((x) => x.inp)), 0), recorded: recorded.length, runs: list.length };
      }
      // A page's INP is its slowest interaction: the worst of its taps' medians.
      const measured = Object.values(taps).filter((t) => t.inp !== null);
      out.pages[p.name] = {
        path: p.path,
        rendered: p.rendered,
        floorHtmlKB: p.floorHtmlKB,
        app,
        floor,
        lcpOverFloor: app.lcp && floor.lcp ? round(app.lcp / floor.lcp, 2) : null,
        taps,
        inp: measured.length ? Math.max(...measured.map((t) => t.inp)) : null,
        // What Lighthouse names in the page's worst run (a good run names little).
        causes: [...l.app].sort((x, y) => x.performance - y.performance)[0]?.causes ?? [],
        lcpElements: [
          ...new Set(
            Object.values(l.taps)[0]
              ?.map((t) => t.lcp?.element)
              .filter(Boolean) ?? [],
          ),
        ],
        runs: l,
      };
    }
    return {
      how: `Lighthouse ${LIGHTHOUSE_VERSION}, performance category, default mobile settings (Moto G Power emulation 412×823 at 1.75×, simulated slow 4G and 4× CPU); Chromium ${CHROME} through chrome-launcher, headless, a new Chromium per page and run; each page requested by plain HTTP before its measured load until the rendering server answered it whole (so the load gets it from the server's memory, as section 3); floor = the page's server HTML without scripts, served as a static file; INP = Lighthouse timespan with DevTools throttling (4× CPU, slow 4G), one tap on the loaded, hydrated page`,
      releases: served.releases,
      // Pages left to the browser, failed renders, errors (none expected).
      renderLog: renderLogOf(served.logs.shell),
      targets: LIGHTHOUSE_TARGETS,
      ...out,
    };
  } finally {
    for (const c of children.reverse()) await stopChild(c);
    if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
  }
}
