import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { eventually } from '../src/journey';
import { API_URL, BASE_URL, launchBrowser, openPage } from '../src/browser';
import { E2E_PORTS } from '../src/stack.mjs';
import { rs } from '../src/shop';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('the home page shows TOP TRENDING, a bounded set rendered by the shop remote inside the shell, with Load More to /newarrival', async () => {
  const catalogue = (await (await fetch(`${API_URL}/products?limit=100`)).json()) as { data: unknown[] };
  assert.ok(catalogue.data.length >= 60, 'the seed has at least 60 products, far more than TOP TRENDING shows');
  const trending = (await (await fetch(`${API_URL}/products/trending`)).json()) as {
    data: { productname: string; price: number }[];
  };
  assert.equal(trending.data.length, 8);
  const { page, pageErrors, context } = await openPage(browser);
  const remoteRequests: string[] = [];
  const catalogueReads: string[] = [];
  page.on('request', (r) => {
    remoteRequests.push(r.url());
    if (r.method() === 'GET' && r.url().startsWith(`${API_URL}/products`) && new URL(r.url()).pathname === '/products')
      catalogueReads.push(r.url());
  });
  await page.goto(BASE_URL);
  await page.getByText('TOP TRENDING').first().waitFor();
  const grid = page.locator('main').getByRole('list', { name: 'Top trending products' });
  const first = trending.data[0];
  await grid.getByText(first.productname, { exact: true }).first().waitFor();
  assert.ok(await grid.getByText(rs(first.price), { exact: true }).first().isVisible());
  // The trending set, never the catalogue: 8 cards, and the catalogue behind Load More.
  assert.equal(await grid.getByRole('listitem').count(), 8);
  assert.deepEqual(
    await grid.getByRole('heading', { level: 3 }).allInnerTexts(),
    trending.data.map((p) => p.productname),
  );
  // The shop's code comes from the shop remote's own server, found through the runtime map (the
  // server-rendered cards are on screen before the app asks for it).
  const fromShopServer = (u: string) => u.includes(`:${E2E_PORTS.shop}/`) && u.endsWith('mf-manifest.json');
  assert.ok(await eventually(async () => remoteRequests.some(fromShopServer), Boolean));
  assert.deepEqual(catalogueReads, [], 'the home page does not read the catalogue');
  // The header and footer belong to the shell.
  assert.ok(
    await page
      .getByRole('link', { name: /new arrivals/i })
      .first()
      .isVisible(),
  );
  assert.ok(await page.getByText(String(new Date().getFullYear())).first().isVisible());

  await page.locator('main').getByRole('link', { name: 'Load More', exact: true }).click();
  await page.waitForURL(`${BASE_URL}/newarrival`);
  // The listing is a page at a time too: the keyboard asks for the next one, and goes on from its first product.
  const listing = page.locator('main').getByRole('list', { name: 'Products', exact: true });
  await listing.waitFor();
  assert.equal(await listing.getByRole('listitem').count(), 48);
  await page.locator('main').getByRole('button', { name: 'Load more products' }).focus();
  await page.keyboard.press('Enter');
  assert.ok(
    (await eventually(
      () => listing.getByRole('listitem').count(),
      (n) => n > 48,
    )) > 48,
    'the next page is appended',
  );
  assert.ok(
    await listing
      .getByRole('listitem')
      .nth(48)
      .evaluate((item) => item === document.activeElement),
    'the first new product has the focus',
  );
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test('an unknown path shows the not-found page with a way home', async () => {
  const { page, context } = await openPage(browser);
  await page.goto(`${BASE_URL}/nope`);
  await page.getByText("Looks like you're in wrong place").waitFor();
  await page.getByRole('link', { name: 'GO TO HOME' }).click();
  await page.waitForURL(`${BASE_URL}/`);
  await page.getByText('TOP TRENDING').first().waitFor();
  await context.close();
});
