// node bench/image-bytes.mjs [--url http://localhost:3000/] [--runs 3] [--width 390] [--dpr 2]
//
// The image bytes of a page's first view on a phone (issue 28): the real Chromium, a viewport
// 390 CSS pixels wide at 2 device pixels per CSS pixel, a cold cache, no scrolling; counts the
// bytes transferred (headers included, as the network carries them) of every image response
// until the page settles (the load event, then no request in flight for 1.5 s: the lazy photos
// near the first screen start around the load event, some before it, some after), those before
// the load event apart, and the layout shift until then. Against a running stack (`npm start`, or
// any shell URL); prints one line per run and the medians, and the figures as JSON on the last line.
import { launchChromium } from './lib/frontend-bench.mjs';
import { median } from './lib/util.mjs';

function options(argv) {
  const o = { url: 'http://localhost:3000/', runs: 3, width: 390, dpr: 2 };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${name} needs a value`);
    if (name === '--url') o.url = value;
    else if (name === '--runs') o.runs = Number(value);
    else if (name === '--width') o.width = Number(value);
    else if (name === '--dpr') o.dpr = Number(value);
    else throw new Error(`Unknown option ${name}`);
  }
  return o;
}

/** One cold load: the image responses until it settles (type, bytes on the wire, URL, before load or not) and the layout shift. */
async function firstView(browser, { url, width, dpr }) {
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    deviceScaleFactor: dpr,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      globalThis.__shift = 0;
      new PerformanceObserver((list) => {
        // Layout-shift entries (LayoutShift is not in TypeScript's DOM types).
        const shifts = /** @type {Array<PerformanceEntry & { value: number, hadRecentInput: boolean }>} */ (
          list.getEntries()
        );
        for (const e of shifts) if (!e.hadRecentInput) globalThis.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map();
    let loaded = false;
    let inflight = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', () => {
      inflight++;
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Image')
        requests.set(e.requestId, { url: e.response.url, mime: e.response.mimeType, bytes: 0, beforeLoad: !loaded });
    });
    const finished = (e) => {
      inflight--;
      lastActivity = Date.now();
      const r = requests.get(e.requestId);
      if (r && e.encodedDataLength !== undefined) r.bytes = e.encodedDataLength;
    };
    cdp.on('Network.loadingFinished', finished);
    cdp.on('Network.loadingFailed', finished);
    await page.goto(url, { waitUntil: 'load', timeout: 90000 });
    loaded = true;
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline && !(inflight <= 0 && Date.now() - lastActivity > 1500))
      await new Promise((r) => setTimeout(r, 100));
    const cls = await page.evaluate(() => globalThis.__shift);
    const images = [...requests.values()];
    const early = images.filter((r) => r.beforeLoad);
    return {
      bytes: images.reduce((s, r) => s + r.bytes, 0),
      count: images.length,
      bytesBeforeLoad: early.reduce((s, r) => s + r.bytes, 0),
      countBeforeLoad: early.length,
      cls,
      images,
    };
  } finally {
    await context.close();
  }
}

const o = options(process.argv.slice(2));
const browser = await launchChromium();
const runs = [];
try {
  for (let i = 0; i < o.runs; i++) {
    const run = await firstView(browser, o);
    runs.push(run);
    const byType = {};
    for (const r of run.images) byType[r.mime] = (byType[r.mime] ?? 0) + r.bytes;
    const types = Object.entries(byType)
      .map(([t, b]) => `${t} ${(b / 1024).toFixed(1)} KB`)
      .join(', ');
    console.log(
      `run ${i + 1}: ${run.count} images, ${(run.bytes / 1024).toFixed(1)} KB (${types}); before the load event ` +
        `${run.countBeforeLoad}, ${(run.bytesBeforeLoad / 1024).toFixed(1)} KB; CLS ${run.cls.toFixed(4)}`,
    );
  }
} finally {
  await browser.close();
}
const figures = {
  url: o.url,
  viewport: `${o.width} × 844 CSS px at ${o.dpr}×`,
  imageBytes: median(runs.map((r) => r.bytes)),
  images: median(runs.map((r) => r.count)),
  imageBytesBeforeLoad: median(runs.map((r) => r.bytesBeforeLoad)),
  imagesBeforeLoad: median(runs.map((r) => r.countBeforeLoad)),
  cls: median(runs.map((r) => r.cls)),
};
console.log(
  `median: ${figures.images} images, ${(figures.imageBytes / 1024).toFixed(1)} KB of images in the first view ` +
    `(${(figures.imageBytesBeforeLoad / 1024).toFixed(1)} KB before the load event), CLS ${figures.cls.toFixed(4)}`,
);
console.log(JSON.stringify(figures));
