// The API stopped (issue 7 part 5): pages show the spec's error texts, never a white screen or an
// uncaught error; when the API is back, 'Try again' loads the page without a full reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { launchBrowser, openPage } from '../src/browser';
import { fillLogin, uniqueUser } from '../src/accounts';
import { eventually, main, waitForPath, watchToasts } from '../src/journey';
import { E2E_PORTS, startApi, startFrontEnd, stopChild } from '../src/stack.mjs';

// Its own shell and API (the shared stack's API stays up for the other tests); the remotes are
// the shared stack's.
const SHELL_PORT = E2E_PORTS.shell + 20;
const API_PORT = E2E_PORTS.api + 20;
const SHELL_URL = `http://localhost:${SHELL_PORT}`;
const LOAD_ERROR = 'Something went wrong ...';

let browser: Browser;
let shell: ChildProcess;
let api: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-e2e-api-down-'));
const apiEnv = { CORS_ORIGINS: SHELL_URL, API_PORT: String(API_PORT) };

const startOwnApi = () => startApi({ dataDir, port: API_PORT, extraEnv: apiEnv });

before(async () => {
  browser = await launchBrowser();
  shell = await startFrontEnd('shell', { port: SHELL_PORT, env: { API_PORT: String(API_PORT) } });
});
after(async () => {
  await browser?.close();
  await stopChild(api);
  await stopChild(shell);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Navigates inside the single-page app, as a link would. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('with the API down, the listing pages say "Something went wrong ..." inside a working shell; Try again recovers without a reload', async () => {
  const { page, pageErrors, context } = await openPage(browser);
  try {
    for (const path of ['/', '/newarrival', '/auctionhome', '/productdetails/1']) {
      await page.goto(`${SHELL_URL}${path}`);
      await main(page).getByText(LOAD_ERROR).waitFor();
      assert.ok(
        await page
          .locator('header')
          .getByRole('link', { name: /new arrivals/i })
          .isVisible(),
        `${path}: the header works`,
      );
      assert.ok(await page.locator('footer').isVisible(), `${path}: the footer is there`);
    }

    await page.goto(`${SHELL_URL}/newarrival`);
    await main(page).getByText(LOAD_ERROR).waitFor();
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    api = await startOwnApi();
    await main(page).getByRole('button', { name: 'Try again' }).click();
    await main(page).locator('a[href^="/productdetails/"]').first().waitFor();
    assert.equal(await main(page).getByText(LOAD_ERROR).count(), 0);
    assert.equal(
      await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
      true,
      'no full reload',
    );
    assert.deepEqual(pageErrors, [], 'no uncaught error in the page');
  } finally {
    await context.close();
  }
});

test('a signed-in shopper whose API goes away: the cart says "Something went Wrong", and works again once it is back', async () => {
  api ??= await startOwnApi();
  const user = uniqueUser('api-down');
  const signup = await fetch(`http://localhost:${API_PORT}/signupcus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, address: '' }),
  });
  assert.equal(signup.status, 200, 'the shopper signs up on this test’s own API');
  const { page, pageErrors, context } = await openPage(browser);
  try {
    await page.goto(`${SHELL_URL}/login`);
    await fillLogin(page, user.email, user.password);
    await waitForPath(page, '/');

    await stopChild(api);
    api = undefined;
    const toasts = await watchToasts(page);
    await navigate(page, '/viewcart');
    await main(page).getByText(LOAD_ERROR).waitFor();
    // The first toast of a page that nobody has clicked loads the toast library first.
    const shown = await eventually(toasts, (list) => list.includes('Something went Wrong'), 5000);
    assert.ok(shown.includes('Something went Wrong'), 'the spec’s toast for a failed cart call');

    api = await startOwnApi();
    await main(page).getByRole('button', { name: 'Try again' }).click();
    await waitForPath(page, '/emptycart');
    await main(page).getByText('EMPTY - No items found on your cart.').waitFor();
    assert.deepEqual(pageErrors, [], 'no uncaught error in the page');
  } finally {
    await context.close();
  }
});
