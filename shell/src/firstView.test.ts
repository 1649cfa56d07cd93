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

it('on a page rendered in the browser, starts the app at once', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await loadAppAfterFirstView(APP);
  expect(appScripts()).toHaveLength(1);
});
