// The stylesheets of a server-rendered page: every class its first view uses has its CSS in the
// page before it paints, with few render-blocking requests; the browser's chunk loader does not
// fetch again what the page came with; nothing moves on hydration or on the way to another area.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { LOGIN_MESSAGES } from '@marketplace/contract/rules';
import { BASE_URL, launchBrowser } from '../src/browser';
import { appStarted, expectToast, main } from '../src/journey';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The pages a first visit most often lands on (issue 28's Lighthouse pages). */
const FIRST_VIEWS = ['/', '/newarrival', '/productdetails/1', '/auctionhome', '/auctionproduct/1', '/login'];

/** The stylesheets a page's HTML makes the browser fetch before it paints. */
function renderBlockingStylesheets(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link\b[^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => /\srel=["']?stylesheet\b/i.test(tag) && !/\smedia=["']?print\b/i.test(tag));
}

/** Whether the carousel in `area` is laid out by its own CSS: a positioned box that clips its stacked slides. */
async function carouselStyled(area: Locator): Promise<{ position: string; overflow: string }> {
  return area
    .locator('section[aria-roledescription="carousel"]')
    .first()
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return { position: style.position, overflow: style.overflow };
    });
}

const STYLED_CAROUSEL = { position: 'relative', overflow: 'hidden' };

test('the server HTML of each first-view page links at most three render-blocking stylesheets', async (t) => {
  const counts: Record<string, number> = {};
  for (const path of FIRST_VIEWS) {
    const response = await fetch(`${BASE_URL}${path}`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    assert.equal(response.status, 200, path);
    assert.match(html, /<main\b[^>]*>[\s\S]*\S[\s\S]*<\/main>/, `${path} is rendered on the server`);
    counts[path] = renderBlockingStylesheets(html).length;
    const inlined = [...html.matchAll(/<style\b[^>]*>([^<]*)<\/style>/g)].map(([, css]) => css.length);
    t.diagnostic(
      `${path}: ${counts[path]} linked, ${inlined.length} inlined (${inlined.reduce((a, b) => a + b, 0)} bytes of CSS), page ${html.length} bytes`,
    );
  }
  assert.ok(
    Object.values(counts).every((count) => count <= 3),
    `render-blocking stylesheets by page: ${JSON.stringify(counts)}`,
  );
});

test('with JavaScript off, one server renders / and then /auctionhome (and / again) with both carousels styled', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    // Whichever remote's copy of the shared carousel the server loaded first renders on both
    // pages, with that remote's class names: each page needs their CSS.
    for (const path of ['/', '/auctionhome', '/']) {
      await page.goto(`${BASE_URL}${path}`);
      assert.deepEqual(await carouselStyled(main(page)), STYLED_CAROUSEL, `the carousel of ${path}`);
    }
  } finally {
    await context.close();
  }
});

/** Opens a page that records every layout shift not caused by input, from its first paint on. */
async function shiftRecordingPage(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { page, close: () => context.close() };
}

/** The stylesheets the page fetched (file names), and the ones it came with inlined (their data-href). */
function stylesheetFiles(page: Page): Promise<{ fetched: string[]; inlined: string[] }> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(() => ({
    fetched: performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.css'))
      .map((path) => path.slice(path.lastIndexOf('/') + 1)),
    inlined: [...document.querySelectorAll('style[data-href]')].map((style) => {
      const href = style.getAttribute('data-href') ?? '';
      return href.slice(href.lastIndexOf('/') + 1);
    }),
  }));
}

test('once the app has started, nothing has moved and no stylesheet the page came with was fetched again', async () => {
  const { page, close } = await shiftRecordingPage();
  try {
    for (const path of FIRST_VIEWS) {
      await page.goto(`${BASE_URL}${path}`);
      await appStarted(page);
      assert.equal(
        await page.evaluate(() => (window as unknown as { __shift: number }).__shift),
        0,
        `${path}: no shift`,
      );
      const { fetched, inlined } = await stylesheetFiles(page);
      assert.deepEqual(
        fetched.filter((name) => inlined.includes(name)),
        [],
        `${path}: the chunk loader fetched again a stylesheet inlined in the page`,
      );
    }
  } finally {
    await close();
  }
});

test('going from the home page to the auctions in the app, the auction carousel shows styled', async () => {
  const { page, close } = await shiftRecordingPage();
  try {
    await page.goto(BASE_URL);
    await appStarted(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Auction', exact: true }).click();
    const carousel = main(page).locator('section[aria-roledescription="carousel"][aria-label="Auction categories"]');
    await carousel.waitFor({ state: 'visible' });
    assert.deepEqual(await carouselStyled(main(page)), STYLED_CAROUSEL, 'the carousel as soon as it shows');
  } finally {
    await close();
  }
});

test("react-toastify's stylesheet is in the page once when a toast shows", async () => {
  const { page, close } = await shiftRecordingPage();
  try {
    await page.goto(`${BASE_URL}/login`);
    await appStarted(page);
    await main(page).getByRole('button', { name: 'LOGIN' }).click();
    await expectToast(page, LOGIN_MESSAGES.empty);
    const sheets = await page.evaluate(
      () =>
        [...document.styleSheets].filter((sheet) => {
          try {
            return [...sheet.cssRules].some((rule) => rule.cssText.includes('.Toastify__toast-container'));
          } catch {
            return false; // another origin's: not react-toastify's, which the shell serves
          }
        }).length,
    );
    assert.equal(sheets, 1);
  } finally {
    await close();
  }
});
