// Accessibility (issue 7 part 8): axe-core in Chromium on the main pages, signed out and signed
// in; no serious or critical violation, and every form control has a name a screen reader reads.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { API_URL, BASE_URL, launchBrowser, openPage } from '../src/browser';
import { loginByApi, signInByUi } from '../src/accounts';
import { main } from '../src/journey';
import { catalogue, shopperWithAddress } from '../src/shop';
import { seriousViolations } from '../src/axe';

/** Form controls (outside hidden ones) that have no accessible name. */
async function unnamedControls(page: Page): Promise<string[]> {
  const controls = page.locator('input:not([type=hidden]), select, textarea');
  const unnamed: string[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const name = await control.evaluate((el) => {
      const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title');
      const labels = (el as HTMLInputElement).labels;
      return labelled || (labels && labels.length > 0 ? (labels[0].textContent ?? '').trim() : '');
    });
    if (!name) unnamed.push(await control.evaluate((el) => el.outerHTML.slice(0, 120)));
  }
  return unnamed;
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** What shows that each page has its content (not a spinner) before it is scanned. */
async function ready(page: Page, path: string): Promise<void> {
  await page.goto(`${BASE_URL}${path}`);
  await main(page).waitFor();
  await page.waitForLoadState('networkidle');
  await main(page)
    .locator('[aria-busy="true"], [role="status"]:has-text("Loading")')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** Each page's serious and critical violations and unnamed controls, for the pages that have any. */
async function scan(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await ready(page, path);
    const problems = [
      ...(await seriousViolations(page)),
      ...(await unnamedControls(page)).map((c) => `unnamed control: ${c}`),
    ];
    if (problems.length) found[path] = problems;
  }
  return found;
}

test('signed out: /, /newarrival, /productdetails/{id}, /login, /signup, /auctionhome, /auctionproduct/{id} have no serious or critical violations', async () => {
  const [product] = await catalogue();
  const auctions = (await (await fetch(`${API_URL}/getauction`)).json()) as { data: { auctionid: number }[] };
  const pages = [
    '/',
    '/newarrival',
    `/productdetails/${product.productid}`,
    '/login',
    '/signup',
    '/auctionhome',
    `/auctionproduct/${auctions.data[0].auctionid}`,
  ];
  const { page, context } = await openPage(browser);
  let found: Record<string, string[]>;
  try {
    found = await scan(page, pages);
  } finally {
    await context.close();
  }
  console.log(`[a11y] signed out: ${pages.length} pages scanned`);
  assert.deepEqual(found, {});
});

test('signed in: /viewcart, /checkout, /myaccount, /auctionhome and the auction lists have no serious or critical violations', async () => {
  const user = await shopperWithAddress('a11y');
  const token = await loginByApi(user.email, user.password);
  const [product] = await catalogue();
  const add = await fetch(`${API_URL}/addtocartproduct`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productid: product.productid, authtoken: token }),
  });
  assert.equal(add.status, 200);
  // The auction home with its hearts as toggles, and the shopper's three auction lists.
  const pages = [
    '/viewcart',
    '/checkout',
    '/myaccount',
    '/auctionhome',
    '/auction/watching',
    '/auction/mybids',
    '/auction/selling',
  ];
  const { page, context } = await openPage(browser);
  let found: Record<string, string[]>;
  try {
    await signInByUi(page, user.email, user.password);
    found = await scan(page, pages);
  } finally {
    await context.close();
  }
  console.log(`[a11y] signed in: ${pages.length} pages scanned`);
  assert.deepEqual(found, {});
});
