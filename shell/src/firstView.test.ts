import { loadAppAfterFirstView } from './firstView';
import { replayEarlyTaps } from './earlyTaps';
import { afterNextPaint } from './afterNextPaint';

const APP = 'http://localhost:3000/main.0123abcd.js';
const appScripts = () => [...document.querySelectorAll('script[src]')].filter((s) => s.getAttribute('src') === APP);

afterEach(() => {
  replayEarlyTaps();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

it('on a server-rendered page, starts the app only once the main photo has loaded and a frame has painted', async () => {
  document.body.innerHTML = `<header><button type="button">Menu</button></header><div id="root"><img fetchpriority="high" src="/images/a.png" alt="A lamp"></div><script type="application/json" id="marketplace-page">{}</script>`;
  const photo = document.querySelector('img')!;
  Object.defineProperty(photo, 'complete', { value: false });
  const started = loadAppAfterFirstView(APP);
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  expect(appScripts()).toHaveLength(0);

  // A tap on a header button meanwhile is held for the app (earlyTaps.ts), not lost.
  const menu = document.querySelector('button')!;
  const tapped = jest.fn();
  menu.addEventListener('click', tapped);
  menu.click();
  expect(tapped).not.toHaveBeenCalled();

  photo.dispatchEvent(new Event('load'));
  await started;
  expect(appScripts()).toHaveLength(1);
  replayEarlyTaps();
  expect(tapped).toHaveBeenCalledTimes(1);
});

it('starts the app only once the loaded main photo is decoded, so its code never runs before the photo paints', async () => {
  document.body.innerHTML = `<div id="root"><img fetchpriority="high" src="/images/a.avif" alt="A lamp"></div><script type="application/json" id="marketplace-page">{}</script>`;
  const photo = document.querySelector('img')!;
  Object.defineProperty(photo, 'complete', { value: true });
  let decoded: () => void = () => undefined;
  photo.decode = () => new Promise<void>((resolve) => (decoded = resolve));
  const started = loadAppAfterFirstView(APP);
  // Frames paint meanwhile (the page's text): the photo is not on screen yet.
  for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => afterNextPaint(() => resolve(null)));
  expect(appScripts()).toHaveLength(0);

  decoded();
  await started;
  expect(appScripts()).toHaveLength(1);
});

it('starts the app when the main photo cannot be decoded (a damaged file)', async () => {
  document.body.innerHTML = `<div id="root"><img fetchpriority="high" src="/images/a.avif" alt="A lamp"></div><script type="application/json" id="marketplace-page">{}</script>`;
  const photo = document.querySelector('img')!;
  Object.defineProperty(photo, 'complete', { value: true });
  photo.decode = () => Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError'));
  await loadAppAfterFirstView(APP);
  expect(appScripts()).toHaveLength(1);
});

describe('where the browser reports when an element is painted (Element Timing)', () => {
  let report: ((elements: Element[]) => void) | null = null;
  beforeEach(() => {
    // The browser's side of Element Timing: entries for the painted elements, to the observer.
    class ElementTimingObserver {
      static supportedEntryTypes = ['element'];
      constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {}
      observe(): void {
        report = (elements) => this.callback({ getEntries: () => elements.map((element) => ({ element })) });
      }
      disconnect(): void {
        report = null;
      }
    }
    Object.assign(window, { PerformanceObserver: ElementTimingObserver });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'PerformanceObserver');
  });

  const page = (photos: number) =>
    `<div id="root">${'<img fetchpriority="high" elementtiming="main-photo" src="/images/a.avif" alt="">'.repeat(photos)}<h1>Lamps</h1></div><script type="application/json" id="marketplace-page">{}</script>`;
  const decodedPhotos = () =>
    [...document.querySelectorAll('img')].map((photo) => {
      Object.defineProperty(photo, 'complete', { value: true });
      Object.defineProperty(photo, 'naturalWidth', { value: 400 });
      photo.decode = () => Promise.resolve();
      return photo;
    });

  it('starts the app only once the browser has painted every main photo on screen, not when a frame is committed', async () => {
    document.body.innerHTML = page(2);
    const [first, second] = decodedPhotos();
    const started = loadAppAfterFirstView(APP);
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => afterNextPaint(() => resolve(null)));
    report?.([document.querySelector('h1')!, first]);
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => afterNextPaint(() => resolve(null)));
    expect(appScripts()).toHaveLength(0);

    report?.([second]);
    await started;
    expect(appScripts()).toHaveLength(1);
  });

  it('on a page without a main photo, starts the app only once a frame has painted', async () => {
    document.body.innerHTML = page(0);
    let painted: FrameRequestCallback = () => undefined;
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      painted = callback;
      return 1;
    });
    try {
      const started = loadAppAfterFirstView(APP);
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
      expect(appScripts()).toHaveLength(0);
      painted(0);
      await started;
      expect(appScripts()).toHaveLength(1);
    } finally {
      frame.mockRestore();
    }
  });

  it("on a page without a main photo, starts the app once its first contentful paint is on screen, not at a frame's commit", async () => {
    const browser: { paint?: (names: string[]) => void } = {};
    class PaintObserver {
      static supportedEntryTypes = ['element', 'paint'];
      constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {}
      observe(): void {
        browser.paint = (names) => this.callback({ getEntries: () => names.map((name) => ({ name })) });
      }
      disconnect(): void {
        delete browser.paint;
      }
    }
    Object.assign(window, { PerformanceObserver: PaintObserver });
    document.body.innerHTML = page(0);
    const started = loadAppAfterFirstView(APP);
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => afterNextPaint(() => resolve(null)));
    browser.paint?.(['first-paint']);
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => afterNextPaint(() => resolve(null)));
    expect(appScripts()).toHaveLength(0);

    browser.paint?.(['first-contentful-paint']);
    await started;
    expect(appScripts()).toHaveLength(1);
  });

  it('does not wait for a main photo that failed to load (it is never painted)', async () => {
    document.body.innerHTML = page(1);
    const photo = document.querySelector('img')!;
    Object.defineProperty(photo, 'complete', { value: true });
    photo.decode = () => Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError'));
    await loadAppAfterFirstView(APP);
    expect(appScripts()).toHaveLength(1);
  });
});

it('on a page rendered in the browser, starts the app at once', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await loadAppAfterFirstView(APP);
  expect(appScripts()).toHaveLength(1);
});
