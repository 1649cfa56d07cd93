// Coming back after signing in (issue 18, item 1): a visitor who presses Add to Cart signs in and
// finds the product in the cart; one who presses the heart signs up, signs in and is back on the
// product; /login follows only a same-site ?next=.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../src/browser';
import { fillLogin, signUpByApi, uniqueUser, type TestUser } from '../src/accounts';
import { inFreshContext, main, waitForPath, withToast } from '../src/journey';
import { cartBadge, catalogue, type CatalogueProduct } from '../src/shop';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A plainly named product of the seed. */
async function someProduct(offset = 0): Promise<CatalogueProduct> {
  const plain = (await catalogue())
    .filter((p) => /^[A-Za-z0-9 ]+$/.test(p.productname))
    .sort((a, b) => a.productid - b.productid);
  const product = plain[offset % plain.length];
  assert.ok(product, 'the seed has plainly named products');
  return product;
}

async function openProduct(page: Page, product: CatalogueProduct): Promise<void> {
  await page.goto(`${BASE_URL}/productdetails/${product.productid}`);
  await main(page).getByRole('heading', { level: 1, name: product.productname, exact: true }).waitFor();
}

test('visitor → product → Add to Cart → sign in → the cart holds the product', async () => {
  const product = await someProduct(1);
  const user = uniqueUser('return-cart');
  await signUpByApi(user);

  await inFreshContext(browser, 'return-after-login-cart', async (page) => {
    await openProduct(page, product);
    await main(page).getByRole('link', { name: 'Add to Cart', exact: true }).click();
    await waitForPath(page, '/login');
    assert.equal(new URL(page.url()).searchParams.get('next'), `/viewcart/${product.productid}`);
    await main(page).getByRole('heading', { name: 'Login' }).waitFor();

    await fillLogin(page, user.email, user.password);
    await waitForPath(page, '/viewcart');
    await main(page).getByRole('row').filter({ hasText: product.productname }).waitFor();
    assert.equal(await cartBadge(page, 1), '1', 'the header badge counts the product');
    // The login page is not left behind in the history: Back goes to the product.
    await page.goBack();
    await waitForPath(page, `/productdetails/${product.productid}`);
  });
});

/** Signs up through /signup as it stands (the fields unlock one after another). */
async function fillSignup(page: Page, user: TestUser): Promise<void> {
  const form = main(page);
  await form.getByRole('heading', { name: 'Create Account' }).waitFor();
  await form.getByLabel('First Name').fill(user.firstname);
  await form.getByLabel('Last Name').fill(user.lastname);
  await form.getByLabel('Birthday').fill(user.createdate);
  await form.getByLabel('Gender').selectOption({ label: user.gender === 'female' ? 'Female' : 'Male' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByLabel('Phone').fill(user.phonenum);
  await form.getByRole('button', { name: 'CREATE' }).click();
}

test('visitor → product → heart → Create an account → sign up → sign in → back on the product, whose heart now works', async () => {
  const product = await someProduct(2);
  const user = uniqueUser('return-signup');

  await inFreshContext(browser, 'return-after-signup', async (page) => {
    await openProduct(page, product);
    await main(page).getByRole('link', { name: 'Add to Wishlist' }).click();
    await waitForPath(page, '/login');
    assert.equal(new URL(page.url()).searchParams.get('next'), `/productdetails/${product.productid}`);

    await main(page).getByRole('link', { name: 'Create an account' }).click();
    await waitForPath(page, '/signup');
    assert.equal(new URL(page.url()).searchParams.get('next'), `/productdetails/${product.productid}`);
    await fillSignup(page, user);
    await waitForPath(page, '/login');
    assert.equal(
      new URL(page.url()).searchParams.get('next'),
      `/productdetails/${product.productid}`,
      'sign-up hands next on to /login',
    );

    await fillLogin(page, user.email, user.password);
    await waitForPath(page, `/productdetails/${product.productid}`);
    const heart = main(page).getByRole('button', { name: 'Add to Wishlist' });
    await heart.waitFor();
    assert.equal(await heart.getAttribute('aria-pressed'), 'false');
    await withToast(page, 'Added to your wishlist', () => heart.click());
    assert.equal(await heart.getAttribute('aria-pressed'), 'true');
  });
});

test('/login follows only a same-site next: another site, //host, a backslash or a scheme go home instead', async () => {
  const user = uniqueUser('return-unsafe');
  await signUpByApi(user);
  for (const next of ['https://example.com/', '//example.com/x', '/\\example.com', 'javascript:alert(1)']) {
    await inFreshContext(browser, 'return-unsafe-next', async (page) => {
      await page.goto(`${BASE_URL}/login?next=${encodeURIComponent(next)}`);
      await main(page).getByRole('heading', { name: 'Login' }).waitFor();
      await fillLogin(page, user.email, user.password);
      await waitForPath(page, '/');
      assert.equal(new URL(page.url()).origin, BASE_URL, `${next} is not followed`);
    });
  }
});
