// What every journey uses on a page: its content area, toasts, waits for a path or a condition,
// and a fresh browser context per journey that leaves a screenshot when it fails.
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { openPage } from './browser';

/** The page's content area (the header and footer have their own inputs, e.g. the newsletter's email). */
export function main(page: Page): Locator {
  return page.locator('main');
}

/** Waits for a react-toastify toast (role="alert") with this text. */
export async function expectToast(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
}

/** Does `action` (e.g. a click) while already watching for the toast it should bring, so a toast that closes after 1.5 s is not missed. */
export async function withToast(
  page: Page,
  text: string,
  action: () => Promise<unknown>,
  timeout = 10_000,
): Promise<void> {
  await Promise.all([expectToast(page, text, timeout), action()]);
}

/**
 * Starts recording the text of every alert (toasts included) that appears in the page from now on,
 * until the next full page load; the returned function reads them in order of appearance.
 */
export async function watchToasts(page: Page): Promise<() => Promise<string[]>> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.evaluate(() => {
    const w = window as unknown as { __e2eAlerts?: string[] };
    if (w.__e2eAlerts) return;
    const seen = new WeakSet<Element>();
    const alerts: string[] = [];
    w.__e2eAlerts = alerts;
    new MutationObserver(() => {
      document.querySelectorAll('[role="alert"]').forEach((el) => {
        const text = (el.textContent ?? '').trim();
        if (text && !seen.has(el)) {
          seen.add(el);
          alerts.push(text);
        }
      });
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...((window as unknown as { __e2eAlerts?: string[] }).__e2eAlerts ?? [])]);
}

/** Waits until the page's path (without its query) is `path`. */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/**
 * Waits for the app to have started on a page that came rendered from the server: its content is
 * on screen before the app's code has loaded, so seeing it does not say the app runs.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/**
 * Marks the server's header and the root's first element as the parser adds them, before any
 * script of the page runs, and then stops watching (by the end of the HTML at the latest): a node
 * that still carries the mark after the app has started was hydrated; one rendered again in the
 * browser has none. (A string: tsx would wrap a function's inner functions in a helper the page
 * does not have.)
 */
export const MARK_SERVER_NODES = `const observer = new MutationObserver(() => {
  const nodes = [document.querySelector('header'), document.querySelector('#root > *')];
  for (const node of nodes) if (node) node.fromServer = true;
  if (nodes.every(Boolean)) observer.disconnect();
});
observer.observe(document, { childList: true, subtree: true });
document.addEventListener('DOMContentLoaded', () => observer.disconnect());`;

/** Whether the header and the root's first element are still the nodes the server sent (MARK_SERVER_NODES). */
export const stillFromServer = () =>
  ['header', '#root > *'].map(
    (selector) =>
      (document.querySelector(selector) as (Element & { fromServer?: boolean }) | null)?.fromServer === true,
  );

/** Polls `read` until `ok` holds (or the time is up) and returns the last value read. */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeout = 10_000,
  interval = 100,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, interval));
    value = await read();
  }
  return value;
}

/** A browser-side screenshot into the temp folder, for looking at a failed journey. */
export async function screenshotOnFailure(page: Page, name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const file = join(process.env.E2E_SCREENSHOT_DIR ?? '/tmp', `e2e-${name}-${Date.now()}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`journey ${name} failed at ${page.url()}; screenshot: ${file}`);
    throw error;
  }
}

/**
 * Runs one journey in a fresh browser context (its own session storage and cookies): a failure
 * leaves a screenshot, and an uncaught error in the page fails the journey too.
 */
export async function inFreshContext(
  browser: Browser,
  name: string,
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const { context, page, pageErrors } = await openPage(browser);
  try {
    await screenshotOnFailure(page, name, () => run(page));
    if (pageErrors.length > 0) throw new Error(`uncaught error in the page during ${name}: ${pageErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}

/** Client-side navigation, as a link in the page does it. */
export async function navigate(page: Page, path: string): Promise<void> {
  // A server-rendered page shows its content before the router listens: a popstate sent before
  // then is lost, and the page never leaves where it is.
  await appStarted(page);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
