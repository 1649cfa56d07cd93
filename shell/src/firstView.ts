import { afterNextPaint } from './afterNextPaint';
import { holdEarlyTaps } from './earlyTaps';
import { EMBEDDED_PAGE_ID } from './embeddedPage';

/** How long the app's code waits for the page's main photo. */
const FIRST_VIEW_WAIT_MS = 1500;

/** Resolves once the photo has loaded, or failed. */
function loaded(photo: HTMLImageElement): Promise<void> {
  if (photo.complete) return Promise.resolve();
  return new Promise<void>((resolve) => {
    photo.addEventListener('load', () => resolve(), { once: true });
    photo.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * Resolves once the photo is decoded, ready to paint (or cannot be). A loaded photo may still be
 * decoding, and be painted frames later than the page around it: the app's code would then run
 * before the page's largest paint, and hold it back.
 */
function readyToPaint(photo: HTMLImageElement): Promise<void> {
  return loaded(photo).then(() =>
    typeof photo.decode === 'function' ? photo.decode().catch(() => undefined) : undefined,
  );
}

/** An Element Timing entry (not yet in TypeScript's DOM types). */
interface ElementPaint extends PerformanceEntry {
  readonly element: Element | null;
}

/**
 * Watches for the browser's report that each photo has been painted on screen (Element Timing:
 * the main photos carry `elementtiming`); null where the browser does not report it. A frame that
 * is committed is not yet on screen: the photo's own raster and decode can take frames more.
 */
function watchPaints(
  photos: readonly HTMLImageElement[],
): { painted: Promise<void>; skip: (photo: Element) => void } | null {
  // No photo to wait for: the caller waits for the first paint instead.
  if (photos.length === 0 || !reports('element')) return null;
  const waiting = new Set<Element>(photos);
  let done: () => void = () => undefined;
  const painted = new Promise<void>((resolve) => (done = resolve));
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) skip((entry as ElementPaint).element);
  });
  function skip(photo: Element | null): void {
    if (photo) waiting.delete(photo);
    if (waiting.size > 0) return;
    observer.disconnect();
    done();
  }
  // Buffered: a photo painted before this script ran is reported too.
  observer.observe({ type: 'element', buffered: true });
  return { painted, skip };
}

/** Whether the browser reports entries of this type to a PerformanceObserver. */
function reports(type: string): boolean {
  return typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes(type);
}

/**
 * Resolves once the page's first contentful paint is on screen (the browser's `paint` entry, which
 * comes once the frame is presented, not when it is committed); null where it is not reported.
 */
function firstContentfulPaint(): Promise<void> | null {
  if (!reports('paint')) return null;
  return new Promise<void>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Resolves once the page's main photos (`fetchpriority="high"`) have been painted on screen (where
 * the browser reports it; elsewhere once they are decoded and a frame has been painted), those
 * that failed to load aside, or, on a page without one, once its first contentful paint is on
 * screen; at most FIRST_VIEW_WAIT_MS (a slow photo does not hold the app back).
 */
export function firstViewPainted(limitMs = FIRST_VIEW_WAIT_MS): Promise<void> {
  const photos = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const paints = watchPaints(photos);
  const ready = Promise.all(
    photos.map((photo) =>
      readyToPaint(photo).then(() => {
        // A photo that could not be loaded or decoded is never painted.
        if (photo.naturalWidth === 0) paints?.skip(photo);
      }),
    ),
  );
  // A page without a main photo: its text is its largest paint, on screen with the first one.
  const textOnly = photos.length === 0 ? firstContentfulPaint() : null;
  const onScreen = paints
    ? ready.then(() => paints.painted)
    : (textOnly ?? ready.then(() => new Promise<void>((resolve) => afterNextPaint(resolve))));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(() => afterNextPaint(resolve), limitMs);
  });
  return Promise.race([onScreen, limit]).then(() => clearTimeout(timer));
}

/**
 * The page's first script (the shell's build puts it in place of the app's entry): on a page
 * rendered on the server, the app's code is fetched and run once the first view has painted (its
 * main photo on screen), so none of it (the federation runtime's start, React, hydration) runs
 * before that paint; a tap on a header button meanwhile is held until the app has hydrated. A page
 * rendered in the browser loads the app at once.
 */
export function loadAppAfterFirstView(appUrl: string): Promise<void> {
  const start = () => {
    const script = document.createElement('script');
    script.src = appUrl;
    document.head.append(script);
  };
  if (!document.getElementById(EMBEDDED_PAGE_ID)) {
    start();
    return Promise.resolve();
  }
  holdEarlyTaps();
  return firstViewPainted().then(start);
}
