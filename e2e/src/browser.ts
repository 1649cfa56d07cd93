import { appendFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3500';
export const API_URL = process.env.E2E_API_URL ?? 'http://localhost:4500';

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const log = process.env.E2E_CONSOLE_ERRORS_LOG;
  if (log) logConsoleErrors(browser, log);
  return browser;
}

/**
 * Appends every console error of every page of `browser` to the file `log`, one line each (journey
 * file, page address, message), to count them across the journeys (issue 24: the target is none).
 */
function logConsoleErrors(browser: Browser, log: string): void {
  const file = basename(process.argv[1] ?? 'unknown');
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text().replace(/\s+/g, ' ').slice(0, 300);
      appendFileSync(log, `${file}\t${message.page()?.url() ?? ''}\t${text}\n`);
    });
    return context;
  };
}

/** A fresh context and page that records uncaught page errors, so a test can assert there were none. */
export async function openPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

/**
 * With E2E_SCREENSHOT_DIR set, screenshots of the page (whole, or the view at `scrollTo`) at 1280 and 390 px wide
 * (`{name}-1280.png`, `{name}-390.png`); the viewport is put back to 1280 × 900 after.
 */
export async function screenshotWidths(
  page: Page,
  name: string,
  { fullPage = true, scrollTo }: { fullPage?: boolean; scrollTo?: string } = {},
): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (scrollTo) await page.locator(scrollTo).first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
