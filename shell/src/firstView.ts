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

/**
 * Resolves once the page's main photos (`fetchpriority="high"`) have loaded and been decoded, or
 * failed, and a frame has been painted; at most FIRST_VIEW_WAIT_MS (a slow photo does not hold
 * the app back).
 */
export function firstViewPainted(limitMs = FIRST_VIEW_WAIT_MS): Promise<void> {
  const photos = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const ready = Promise.all(photos.map(readyToPaint));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  return Promise.race([ready, limit]).then(
    () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        afterNextPaint(resolve);
      }),
  );
}

/**
 * The page's first script (the shell's build puts it in place of the app's entry, which it only
 * preloads): on a page rendered on the server, the app's code runs once the first view has painted
 * (its main photo decoded and included), so none of it (the federation runtime's start, React, hydration) runs
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
