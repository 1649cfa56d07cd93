// The main-thread time of the shell's field telemetry (issue 29) in one page view, from a Chromium
// trace (no profiler, so no sampling overhead in the figure): the web-vitals chunk's compile and
// evaluation, every callback the browser calls in it (its performance observers and listeners), and
// the telemetry's own listeners that send the beacon when the page is hidden. Beside it, the view's
// whole main-thread time in the same trace.
import { phonePage } from './phone.mjs';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'toplevel'];
/** Trace events that run script on the main thread, each naming the script it runs. */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.compile', 'v8.evaluateModule', 'FunctionCall']);
/** The events whose listeners in the page's own scripts are the telemetry's alone (they send the beacon). */
const HIDING = new Set(['visibilitychange', 'pagehide']);
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

const urlOf = (event) => event.args?.data?.url ?? '';
const isWebVitals = (url) => /\/web-vitals\.[0-9a-f]+\.js$/.test(url);

/**
 * The telemetry's main-thread milliseconds in a trace of one page view: the outermost script events
 * in the web-vitals chunk, and the page's own listeners of visibilitychange/pagehide (the app has no
 * others: they send the beacon); beside them, the view's main-thread total.
 */
export function telemetryTime(traceEvents, origin) {
  const byThread = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || typeof e.dur !== 'number') continue;
    const key = `${e.pid}:${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  // The page's main thread: the one that evaluated the page's scripts.
  const evaluated = (list) => list.filter((e) => e.name === 'EvaluateScript' && urlOf(e).startsWith(origin)).length;
  const onMain = [...byThread.values()].sort((a, b) => evaluated(b) - evaluated(a))[0] ?? [];
  onMain.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Wall time, and the main thread's CPU time (tdur: without the time the machine's other work or
  // the CPU slowdown held the thread; a figure a shared machine's load does not inflate).
  const parts = { webVitals: 0, beacon: 0 };
  const cpuParts = { webVitals: 0, beacon: 0 };
  let total = 0;
  let cpuTotal = 0;
  let taskUntil = -Infinity;
  let countedUntil = -Infinity;
  const dispatching = [];
  for (const e of onMain) {
    if (TASKS.has(e.name) && e.ts >= taskUntil) {
      total += e.dur / 1000;
      cpuTotal += (e.tdur ?? 0) / 1000;
      taskUntil = e.ts + e.dur;
    }
    while (dispatching.length && dispatching.at(-1).ts + dispatching.at(-1).dur <= e.ts) dispatching.pop();
    if (e.name === 'EventDispatch') dispatching.push(e);
    if (!SCRIPT_EVENTS.has(e.name) || e.ts < countedUntil) continue;
    const url = urlOf(e);
    const hiding = HIDING.has(dispatching.at(-1)?.args?.data?.type);
    const part = isWebVitals(url)
      ? 'webVitals'
      : hiding && e.name === 'FunctionCall' && url.startsWith(origin)
        ? 'beacon'
        : null;
    if (!part) continue;
    parts[part] += e.dur / 1000;
    cpuParts[part] += (e.tdur ?? 0) / 1000;
    countedUntil = e.ts + e.dur;
  }
  return {
    ms: parts.webVitals + parts.beacon,
    ...parts,
    mainThreadMs: total,
    cpuMs: cpuParts.webVitals + cpuParts.beacon,
    cpuMainThreadMs: cpuTotal,
  };
}

/** The beacons the shell's server at `url`'s origin has taken (its /metrics). */
async function beaconsTaken(url) {
  const text = await (await fetch(new URL('/metrics', url))).text();
  return Number(/^marketplace_telemetry_beacons_total\{[^}]*status="204"[^}]*\} (\d+)/m.exec(text)?.[1] ?? 0);
}

/**
 * One page view as a phone (CPU slowed `cpu` times): loaded, settled, a tap (so the INP observer has
 * an interaction), then left for another page (hidden: the beacon is sent). Resolves with the
 * telemetry's time, the view's main-thread total and the beacons sent.
 */
export async function telemetryCost(browser, url, { tap, settled, cpu = 4 }) {
  const before = await beaconsTaken(url);
  const page = await phonePage(browser);
  try {
    await page.emulateCPUThrottling(cpu);
    await page.tracing.start({ categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load', timeout: 90000 });
    await settled(page);
    await page.tap(tap.selector);
    await tap.done(page);
    await page.goto('about:blank');
    // The trace ends once the server has the beacon: the page's hiding is in it, whenever it ran.
    let beacons = 0;
    for (let tries = 0; tries < 100 && !beacons; tries++) {
      beacons = (await beaconsTaken(url)) - before;
      if (!beacons) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
    return { ...telemetryTime(trace.traceEvents, new URL(url).origin), beacons };
  } finally {
    await page.close().catch(() => undefined);
  }
}
