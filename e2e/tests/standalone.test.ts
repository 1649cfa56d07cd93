// A remote on its own (issue 14, part 5): its release's own page runs without the shell, with a
// federation runtime of its own, and its frame signs in, so its signed-in pages can be tried.
// The frame is the one `npm run dev -w <remote>` shows.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../src/browser';
import { signUpByApi, uniqueUser } from '../src/accounts';
import { catalogue } from '../src/shop';
import { E2E_PORTS } from '../src/stack.mjs';

const SHOP_FRAME = `http://localhost:${E2E_PORTS.shop}`;
let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test("the shop's release opened on its own shows its pages; its frame signs in and reaches the cart", async () => {
  const user = uniqueUser('frame');
  await signUpByApi(user);
  const product = (await catalogue())[0];
  const { page, pageErrors, context } = await openPage(browser);
  try {
    await page.goto(`${SHOP_FRAME}/`);
    await page.getByText('shop remote · standalone').waitFor();
    await page.getByRole('heading', { name: 'TOP TRENDING', exact: true }).waitFor();

    // A visitor who wants the cart is sent to the frame's sign-in, and comes back after it.
    await page.goto(`${SHOP_FRAME}/productdetails/${product.productid}`);
    await page.getByRole('link', { name: 'Add to Cart' }).click();
    await page.getByRole('heading', { name: 'Sign in to try the signed-in pages' }).waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('wrong password 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /wrong email or password/i })
      .waitFor();
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${user.firstname}`).waitFor();

    await page.getByRole('link', { name: 'Add to Cart' }).click();
    await page.getByRole('heading', { name: /Shopping Cart \(1 item\)/ }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/viewcart');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});
