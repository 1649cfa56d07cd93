import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { launchBrowser, openPage } from '../src/browser';
import { E2E_PORTS, ISOLATION_SHELL_PORT, startFrontEnd, stopChild } from '../src/stack.mjs';

// A second shell whose remote map sends the auction area to a server this test controls,
// so stopping it leaves the shared stack of the other tests untouched.
const AUCTION_PORT = ISOLATION_SHELL_PORT + 3;
const SHELL_URL = `http://localhost:${ISOLATION_SHELL_PORT}`;
const UNAVAILABLE = 'This part of the shop is unavailable right now';

let browser: Browser;
let shell: ChildProcess;
let auction: ChildProcess | undefined;

before(async () => {
  browser = await launchBrowser();
  shell = await startFrontEnd('shell', { port: ISOLATION_SHELL_PORT, env: { AUCTION_PORT: String(AUCTION_PORT) } });
});
after(async () => {
  await browser?.close();
  await stopChild(auction);
  await stopChild(shell);
});

test('with the auction server down, the home page works and the auction area says it is unavailable; Retry recovers without a reload', async () => {
  const { page, pageErrors, context } = await openPage(browser);
  await page.goto(`${SHELL_URL}/`);
  await page.getByText('TOP TRENDING').first().waitFor();

  await page.goto(`${SHELL_URL}/auctionhome`);
  await page.getByText(UNAVAILABLE).waitFor();
  // Header and footer are still there and working.
  assert.ok(await page.getByRole('link', { name: /new arrivals/i }).first().isVisible());
  assert.ok(await page.getByText(String(new Date().getFullYear())).first().isVisible());

  // Another area still loads by client-side navigation from the broken one.
  await page.getByRole('link', { name: /new arrivals/i }).first().click();
  await page.waitForURL(`${SHELL_URL}/newarrival`);
  await page.locator('a[href^="/productdetails/"]').first().waitFor();

  // Bring the auction server back, go to the area again and retry: it appears, no full reload.
  await page.goto(`${SHELL_URL}/auctionhome`);
  await page.getByText(UNAVAILABLE).waitFor();
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  auction = await startFrontEnd('auction', { port: AUCTION_PORT });
  await page.getByRole('button', { name: /retry/i }).click();
  await page.getByText(UNAVAILABLE).waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: /auction/i }).first().waitFor();
  assert.equal(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), true);
  assert.deepEqual(pageErrors, [], 'no uncaught error in the page');
  await context.close();
  assert.ok(E2E_PORTS.shell !== ISOLATION_SHELL_PORT);
});
