// Each remote's server stopped in turn (issue 2, issue 7 part 5): the shell and the other areas
// keep working, the missing area says so in words, and Retry brings it back without a reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { launchBrowser, openPage } from '../src/browser';
import { ISOLATION_SHELL_PORT, startFrontEnd, stopChild } from '../src/stack.mjs';

// A second shell whose remote map sends every area to servers this test controls, so stopping
// one leaves the shared stack of the other tests untouched.
const PORTS = {
  shop: ISOLATION_SHELL_PORT + 1,
  account: ISOLATION_SHELL_PORT + 2,
  auction: ISOLATION_SHELL_PORT + 3,
} as const;
type Area = keyof typeof PORTS;
const SHELL_URL = `http://localhost:${ISOLATION_SHELL_PORT}`;
const UNAVAILABLE = 'This part of the shop is unavailable right now';

/** A page of each area and what shows that it rendered. */
const AREA_PAGES: Record<Area, { path: string; ready: (page: Page) => Promise<unknown> }> = {
  shop: { path: '/', ready: (page) => page.getByText('TOP TRENDING').first().waitFor() },
  account: { path: '/login', ready: (page) => page.locator('main').getByRole('button', { name: 'LOGIN' }).waitFor() },
  auction: {
    path: '/auctionhome',
    ready: (page) => page.locator('main').getByRole('heading', { name: 'Auction House' }).waitFor(),
  },
};

let browser: Browser;
let shell: ChildProcess;
const remotes: Partial<Record<Area, ChildProcess>> = {};

before(async () => {
  browser = await launchBrowser();
  const ports = {
    SHOP_PORT: String(PORTS.shop),
    ACCOUNT_PORT: String(PORTS.account),
    AUCTION_PORT: String(PORTS.auction),
  };
  shell = await startFrontEnd('shell', { port: ISOLATION_SHELL_PORT, env: ports });
  for (const area of Object.keys(PORTS) as Area[]) remotes[area] = await startFrontEnd(area, { port: PORTS[area] });
});
after(async () => {
  await browser?.close();
  for (const child of Object.values(remotes)) await stopChild(child);
  await stopChild(shell);
});

for (const down of Object.keys(PORTS) as Area[]) {
  test(`with the ${down} server down, header, footer and the other areas work; the ${down} area says it is unavailable; Retry recovers without a reload`, async () => {
    await stopChild(remotes[down]);
    remotes[down] = undefined;
    const { page, pageErrors, context } = await openPage(browser);
    const reactErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /react\.dev\/errors/.test(message.text())) reactErrors.push(message.text());
    });
    try {
      await page.goto(`${SHELL_URL}${AREA_PAGES[down].path}`);
      await page.getByText(UNAVAILABLE).waitFor();
      assert.ok(
        await page
          .locator('header')
          .getByRole('link', { name: /new arrivals/i })
          .isVisible(),
        'the header works',
      );
      assert.ok(
        await page.locator('footer').getByText(String(new Date().getFullYear())).first().isVisible(),
        'the footer is there',
      );

      // Every other area still loads, by client-side navigation from the broken one.
      for (const other of (Object.keys(PORTS) as Area[]).filter((a) => a !== down)) {
        await page.evaluate((path) => {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, AREA_PAGES[other].path);
        await AREA_PAGES[other].ready(page);
        assert.equal(await page.getByText(UNAVAILABLE).count(), 0, `the ${other} area is not marked unavailable`);
      }

      // The server comes back: Retry on the broken area shows it, with no full reload.
      await page.goto(`${SHELL_URL}${AREA_PAGES[down].path}`);
      await page.getByText(UNAVAILABLE).waitFor();
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      remotes[down] = await startFrontEnd(down, { port: PORTS[down] });
      await page.getByRole('button', { name: /retry/i }).click();
      await page.getByText(UNAVAILABLE).waitFor({ state: 'detached' });
      await AREA_PAGES[down].ready(page);
      assert.equal(
        await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
        true,
        'no full reload',
      );
      assert.deepEqual(pageErrors, [], 'no uncaught error in the page');
      // The area the server rendered but whose code cannot load is the unavailable notice, not a hydration error.
      assert.deepEqual(reactErrors, [], 'no React error in the console');
    } finally {
      await context.close();
    }
  });
}
