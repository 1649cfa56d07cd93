// Nothing scrolls sideways (issue 24): at phone, tablet and desktop widths, including the edges of
// the footer's breakpoints (520, 900 px), no element is wider than the window and the footer fits
// its own box. Signed in and signed out: the footer's links differ.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../src/browser';
import { signInByUi, signUpByApi, uniqueUser } from '../src/accounts';
import { appStarted, main } from '../src/journey';

const WIDTHS = [320, 390, 521, 600, 601, 768, 901, 1024, 1280];
const PATHS = ['/', '/about'];

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

interface Overflow {
  page: number;
  window: number;
  body: number;
  footer: { scroll: number; client: number };
  /** The deepest elements whose right edge is past the window's: what to fix. */
  widest: string[];
}

/** How wide the page is against its window, and which elements stick out. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const footer = document.querySelector('footer')!;
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    const deepest = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return {
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
      body: document.body.scrollWidth,
      footer: { scroll: footer.scrollWidth, client: footer.clientWidth },
      widest: deepest
        .slice(0, 5)
        .map(
          (el) => `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`,
        ),
    };
  });
}

/** Every width × path where something is wider than the window, as readable lines. */
async function overflowsAt(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PATHS) {
      await page.goto(`${BASE_URL}${path}`);
      await main(page).waitFor();
      await appStarted(page);
      const m = await measure(page);
      if (m.page > m.window || m.body > m.window || m.footer.scroll > m.footer.client)
        problems.push(
          `${width} px ${path}: page ${m.page}, body ${m.body}, footer ${m.footer.scroll}/${m.footer.client}; ` +
            `past the edge: ${m.widest.join(', ')}`,
        );
    }
  }
  return problems;
}

test('signed out, no page or footer is wider than the window at 320 to 1280 px', async () => {
  const context = await browser.newContext();
  try {
    assert.deepEqual(await overflowsAt(await context.newPage()), []);
  } finally {
    await context.close();
  }
});

test('signed in (the footer adds Contact Us), no page or footer is wider than the window', async () => {
  const user = uniqueUser('layout');
  await signUpByApi(user);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInByUi(page, user.email, user.password);
    assert.deepEqual(await overflowsAt(page), []);
  } finally {
    await context.close();
  }
});
