import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { API_URL, BASE_URL, launchBrowser, openPage } from '../src/browser';
import { E2E_PORTS } from '../src/stack.mjs';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('the home page shows the seeded products, rendered by the shop remote inside the shell', async () => {
  const products = (await (await fetch(`${API_URL}/products`)).json()) as { data: { productname: string; price: number }[] };
  assert.ok(products.data.length >= 60, 'the seed has at least 60 products');
  const { page, pageErrors, context } = await openPage(browser);
  const remoteRequests: string[] = [];
  page.on('request', (r) => remoteRequests.push(r.url()));
  await page.goto(BASE_URL);
  await page.getByText('TOP TRENDING').first().waitFor();
  const first = products.data[0];
  await page.getByText(first.productname, { exact: true }).first().waitFor();
  assert.ok(await page.getByText(`Rs. ${first.price}`).first().isVisible());
  // The shop's code came from the shop remote's own server, found through the runtime map.
  assert.ok(remoteRequests.some((u) => u.includes(`:${E2E_PORTS.shop}/`) && u.endsWith('mf-manifest.json')));
  // The header and footer belong to the shell.
  assert.ok(await page.getByRole('link', { name: /new arrivals/i }).first().isVisible());
  assert.ok(await page.getByText(String(new Date().getFullYear())).first().isVisible());
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
