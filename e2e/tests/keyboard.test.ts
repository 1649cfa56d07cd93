// Keyboard only (issue 7 part 8): sign in; search, add to cart and check out; place a bid — with
// Tab, Shift+Tab, Enter, Space and typing, never the mouse; every control reached shows its focus.
import { minimumBid } from '@marketplace/contract/rules';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../src/browser';
import { loginByApi, signUpByApi, uniqueUser } from '../src/accounts';
import { auctionByApi } from '../src/auctions';
import { expectToast, inFreshContext, main, waitForPath } from '../src/journey';
import { addressLine, catalogue, HOME_ADDRESS, rs, shopperWithAddress } from '../src/shop';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Focused controls whose focus could not be seen (no outline, no ring). */
const invisibleFocus = new Set<string>();

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails if it
 * is not reached within `max` presses. Notes every focused element whose focus is not visible.
 */
async function tabTo(page: Page, target: Locator, { max = 150, backwards = false } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const unseen = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // The ring may be drawn on the element or, for a card whose whole area is the link, on the card.
      let ring = false;
      for (
        let node: HTMLElement | null = el, depth = 0;
        node && depth < 4 && !ring;
        node = node.parentElement, depth += 1
      ) {
        const style = getComputedStyle(node);
        ring =
          (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') ||
          (node === el && style.boxShadow !== 'none');
      }
      return ring
        ? null
        : `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    });
    if (unseen) invisibleFocus.add(unseen);
  }
  throw new Error(
    `not reachable with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}: ${await target.evaluate((el) => el.outerHTML.slice(0, 120))}`,
  );
}

async function signInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  const form = main(page);
  await tabTo(page, form.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, form.getByLabel('Password'));
  await page.keyboard.type(password);
  await tabTo(page, form.getByRole('button', { name: 'LOGIN' }));
  await page.keyboard.press('Enter');
  await waitForPath(page, '/');
}

test('keyboard only: sign in, search, product, add to cart, checkout with an address and a payment choice, order placed', async () => {
  const user = await shopperWithAddress('keyboard');
  const product = (await catalogue()).find((p) => /^[A-Za-z ]+$/.test(p.productname))!;
  invisibleFocus.clear();
  await inFreshContext(browser, 'keyboard-shop', async (page) => {
    await signInByKeyboard(page, user.email, user.password);

    const search = page.locator('header').getByRole('searchbox', { name: 'Search products' });
    await tabTo(page, search);
    await page.keyboard.type(product.productname);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/newarrival/${product.productname}`);

    await tabTo(
      page,
      main(page).getByRole('list', { name: 'Products' }).getByRole('link', { name: product.productname, exact: true }),
    );
    await page.keyboard.press('Enter');
    await waitForPath(page, `/productdetails/${product.productid}`);
    await tabTo(page, main(page).getByRole('link', { name: 'Add to Cart', exact: true }));
    await page.keyboard.press('Enter');
    await main(page).getByRole('row').filter({ hasText: product.productname }).waitFor();
    await tabTo(page, main(page).getByRole('link', { name: 'Place Order' }));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/checkout');

    const checkout = main(page);
    await tabTo(page, checkout.getByLabel('Bill Name'));
    await page.keyboard.type(`${user.firstname} ${user.lastname}`);
    await tabTo(page, checkout.getByRole('radio', { name: addressLine(HOME_ADDRESS) }));
    await page.keyboard.press('Space');
    assert.ok(
      await checkout.getByRole('radio', { name: addressLine(HOME_ADDRESS) }).isChecked(),
      'Space chooses the address',
    );
    await tabTo(page, checkout.getByRole('button', { name: 'SAVE', exact: true }));
    await page.keyboard.press('Enter');
    await checkout.getByText('Delivery information saved').waitFor();
    // A radio group is one Tab stop; the arrow keys move the choice within it.
    const card = checkout.getByRole('radio', { name: /Pay with Card/ });
    await tabTo(page, checkout.getByRole('radio', { name: /Cash on Delivery/ }));
    for (let i = 0; i < 3 && !(await card.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
    assert.ok(await card.isChecked(), 'the arrow keys choose the payment');
    await tabTo(page, checkout.getByRole('button', { name: 'Place Order' }));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/billconfirm');
    await main(page).getByRole('heading', { name: 'Order Placed - Check for more Details in My Order.' }).waitFor();
  });
  assert.deepEqual([...invisibleFocus], [], 'every control reached by Tab shows that it has the focus');
});

test('keyboard only: a signed-in bidder places a bid on an auction item', async () => {
  const user = await shopperWithAddress('keyboard-bidder');
  // An item of its own, nobody's maximum on it (a rival's would answer the bid at once: issue 25).
  const seller = uniqueUser('keyboard-seller');
  await signUpByApi(seller);
  const auctionid = await auctionByApi(await loginByApi(seller.email, seller.password), 'Keyboard brass coin', 1000);
  // The smallest bid taken: the current bid plus one increment (proxy bidding, issue 25).
  const offer = minimumBid({ bid: 1000 });
  invisibleFocus.clear();
  await inFreshContext(browser, 'keyboard-bid', async (page) => {
    await signInByKeyboard(page, user.email, user.password);
    await page.goto(`${BASE_URL}/auctionproduct/${auctionid}`);
    await tabTo(page, main(page).getByLabel('Your BID (Rs.)'));
    await page.keyboard.type(String(offer));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Your BID has been placed');
    const current = main(page)
      .locator('dt')
      .filter({ hasText: /^Current BID$/ })
      .locator('xpath=following-sibling::dd[1]');
    assert.equal((await current.innerText()).trim(), rs(offer));
  });
  assert.deepEqual([...invisibleFocus], [], 'every control reached by Tab shows that it has the focus');
});
