// The wishlist and price-drop alerts (issue 18, items 2 and 3) in Chromium: visitors see no
// sample items; a signed-in shopper's hearts on cards and the product page show and change the
// server's wishlist; /wishlist removes, moves to the cart and clears; the account's Wishlist
// counter follows; 'Email me when the price drops' records and removes an alert; axe-core.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { API_URL, BASE_URL, launchBrowser, screenshotWidths } from '../src/browser';
import { loginByApi, signInByUi, signUpByApi, uniqueUser } from '../src/accounts';
import { eventually, inFreshContext, main, waitForPath, withToast } from '../src/journey';
import { cartBadge, callApi, wishlistCountByApi } from '../src/shop';
import { seriousViolations } from '../src/axe';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

interface Trending {
  productid: number;
  productname: string;
}

/** TOP TRENDING as the API answers it (what the home page shows). */
async function trending(): Promise<Trending[]> {
  const response = await fetch(`${API_URL}/products/trending`);
  return ((await response.json()) as { data: Trending[] }).data;
}

/** The Wishlist value of the account area's side widget. */
function wishlistCounter(page: Page): Locator {
  return main(page)
    .getByLabel('Order summary')
    .locator('dt', { hasText: 'Wishlist' })
    .locator('xpath=following-sibling::dd[1]');
}

async function counterShows(page: Page, value: string): Promise<void> {
  await page.goto(`${BASE_URL}/myaccount`);
  await main(page).getByRole('heading', { name: 'Manage My Account' }).waitFor();
  await page.waitForFunction(
    (v) => {
      const dt = [...document.querySelectorAll('dl[aria-label="Order summary"] dt')].find(
        (d) => d.textContent === 'Wishlist',
      );
      return dt?.nextElementSibling?.textContent === v;
    },
    value,
    { timeout: 10_000 },
  );
  assert.equal(await wishlistCounter(page).innerText(), value);
}

test('a visitor: /wishlist has no sample items, only Signin and Signup that come back; the heart and the bell lead to sign in', async () => {
  const [first] = await trending();
  assert.ok(first, 'the home page has trending products');
  await inFreshContext(browser, 'wishlist-visitor', async (page) => {
    await page.goto(`${BASE_URL}/wishlist`);
    await main(page).getByRole('heading', { level: 1, name: 'My Wishlist' }).waitFor();
    assert.equal(await main(page).getByRole('list', { name: 'Wishlist items' }).count(), 0);
    assert.equal(await main(page).getByText('My Wishlist (3)').count(), 0, 'no sample items');
    assert.equal(
      await main(page).getByRole('link', { name: 'Signin' }).getAttribute('href'),
      '/login?next=%2Fwishlist',
    );
    assert.equal(
      await main(page).getByRole('link', { name: 'Signup' }).getAttribute('href'),
      '/signup?next=%2Fwishlist',
    );
    assert.deepEqual(await seriousViolations(page), [], 'axe on /wishlist (visitor)');
    await screenshotWidths(page, 'wishlist-visitor');

    await page.goto(`${BASE_URL}/productdetails/${first.productid}`);
    await main(page).getByRole('heading', { level: 1, name: first.productname }).waitFor();
    assert.equal(
      await main(page).getByRole('link', { name: 'Add to Wishlist' }).getAttribute('href'),
      `/login?next=%2Fproductdetails%2F${first.productid}`,
    );
    assert.equal(
      await main(page).getByRole('link', { name: 'Email me when the price drops' }).getAttribute('href'),
      `/login?next=%2Fproductdetails%2F${first.productid}`,
    );
  });
});

test('signed in: hearts on the product page and a card add to the server wishlist; /wishlist removes, moves to the cart and clears; the counter follows', async () => {
  const items = await trending();
  assert.ok(items.length >= 4, 'at least four trending products');
  const [a, b, c, d] = items as [Trending, Trending, Trending, Trending];
  const user = uniqueUser('wishlist');
  await signUpByApi(user);

  await inFreshContext(browser, 'wishlist-journey', async (page) => {
    await signInByUi(page, user.email, user.password);
    const token = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('data') ?? '{}') as { authtoken: string }).authtoken,
    );
    await counterShows(page, '0');

    // The product page: a toggle, not a link to /login (which bounced a signed-in shopper to /alreadyloggedin).
    await page.goto(`${BASE_URL}/productdetails/${a.productid}`);
    const heart = main(page).getByRole('button', { name: 'Add to Wishlist' });
    await heart.waitFor();
    assert.equal(await heart.getAttribute('aria-pressed'), 'false');
    await withToast(page, 'Added to your wishlist', () => heart.click());
    assert.equal(await heart.getAttribute('aria-pressed'), 'true');
    assert.equal(new URL(page.url()).pathname, `/productdetails/${a.productid}`);
    await screenshotWidths(page, 'product-heart', { fullPage: false, scrollTo: 'main h1' });

    // The cards of the home page: the heart of the one already added is pressed; three more are added.
    await page.goto(`${BASE_URL}/`);
    const cardHeart = (p: Trending) =>
      main(page).getByRole('button', { name: `Add to wishlist: ${p.productname}`, exact: true });
    await cardHeart(a).waitFor({ state: 'attached' });
    await page.waitForFunction(
      (name) =>
        document.querySelector(`button[aria-label="Add to wishlist: ${name}"]`)?.getAttribute('aria-pressed') ===
        'true',
      a.productname,
    );
    for (const p of [b, c, d]) {
      assert.equal(await cardHeart(p).getAttribute('aria-pressed'), 'false');
      await cardHeart(p).hover();
      await withToast(page, 'Added to your wishlist', () => cardHeart(p).click());
      // The toast of the heart before may still be showing: wait for this heart's own answer.
      assert.equal(
        await eventually(
          () => cardHeart(p).getAttribute('aria-pressed'),
          (v) => v === 'true',
        ),
        'true',
      );
    }
    await screenshotWidths(page, 'home-hearts', { fullPage: false, scrollTo: '#top-trending' });
    assert.equal(await wishlistCountByApi(token), 4);
    await counterShows(page, '4');

    // /wishlist: newest first, the server's count.
    await page.goto(`${BASE_URL}/wishlist`);
    const list = main(page).getByRole('list', { name: 'Wishlist items' });
    await list.waitFor();
    await main(page).getByRole('heading', { level: 1, name: 'My Wishlist (4)' }).waitFor();
    assert.deepEqual(
      await list.getByRole('heading', { level: 2 }).allInnerTexts(),
      [d, c, b, a].map((p) => p.productname),
    );
    assert.deepEqual(await seriousViolations(page), [], 'axe on /wishlist (signed in, four items)');
    await screenshotWidths(page, 'wishlist');

    // REMOVE.
    await withToast(page, 'Removed from your wishlist', () =>
      main(page)
        .getByRole('button', { name: `REMOVE: ${b.productname}` })
        .click(),
    );
    await main(page).getByRole('heading', { level: 1, name: 'My Wishlist (3)' }).waitFor();
    assert.equal(await list.getByText(b.productname, { exact: true }).count(), 0);

    // ADD TO CART moves it: in the cart, off the wishlist.
    await withToast(page, 'Moved to your cart', () =>
      main(page)
        .getByRole('button', { name: `ADD TO CART: ${c.productname}` })
        .click(),
    );
    await main(page).getByRole('heading', { level: 1, name: 'My Wishlist (2)' }).waitFor();
    assert.equal(await cartBadge(page, 1), '1', 'the cart badge counts the moved product');
    const cart = await callApi<{ data: { productid: number }[] }>('GET', '/productviewcart', token);
    assert.deepEqual(
      cart.json.data.map((i) => i.productid),
      [c.productid],
    );
    await counterShows(page, '2');

    // CLEAR WISHLIST.
    await page.goto(`${BASE_URL}/wishlist`);
    await main(page).getByRole('heading', { level: 1, name: 'My Wishlist (2)' }).waitFor();
    await withToast(page, 'Your wishlist is empty now', () =>
      main(page).getByRole('button', { name: 'CLEAR WISHLIST' }).click(),
    );
    await main(page).getByText('Your wishlist is empty.').waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'axe on /wishlist (signed in, empty)');
    await screenshotWidths(page, 'wishlist-empty');
    assert.equal(await wishlistCountByApi(token), 0);
    await counterShows(page, '0');
  });
});

test("'Email me when the price drops' records an alert and says so; pressed again it removes it; the state survives a reload", async () => {
  const [product] = await trending();
  assert.ok(product);
  const user = uniqueUser('alerts');
  await signUpByApi(user);
  const token = await loginByApi(user.email, user.password);

  await inFreshContext(browser, 'price-alert', async (page) => {
    await signInByUi(page, user.email, user.password);
    await page.goto(`${BASE_URL}/productdetails/${product.productid}`);
    const bell = main(page).getByRole('button', { name: 'Email me when the price drops' });
    await bell.waitFor();
    await page.waitForFunction(() => !document.querySelector('main button[aria-pressed][disabled]'));
    assert.equal(await bell.getAttribute('aria-pressed'), 'false');
    await withToast(page, 'We will email you when the price drops', () => bell.click());
    assert.equal(await bell.getAttribute('aria-pressed'), 'true');
    const watching = await callApi<{ data: { watching: boolean } }>('GET', `/pricealerts/${product.productid}`, token);
    assert.equal(watching.json.data.watching, true, 'the server recorded the alert');

    await page.reload();
    await bell.waitFor();
    await page.waitForFunction(
      () => document.querySelector('main button[aria-pressed="true"]')?.textContent?.includes('price drops') === true,
    );
    await withToast(page, 'Price alert removed: we will not email you about this product', () => bell.click());
    assert.equal(await bell.getAttribute('aria-pressed'), 'false');
    const after = await callApi<{ data: { watching: boolean } }>('GET', `/pricealerts/${product.productid}`, token);
    assert.equal(after.json.data.watching, false);
    await waitForPath(page, `/productdetails/${product.productid}`);
  });
});
