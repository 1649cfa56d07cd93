// My products for sellers (issue 18, item 4) in Chromium: the account area's My Products lists
// the seller's listings; Edit (the shop's product form) lowers a price and the shopper watching it
// gets the price-drop mail; another user cannot edit it (the page refuses, the API answers 403);
// Take down asks first, then the listing leaves the catalogue, search and carts; axe-core.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { API_URL, BASE_URL, launchBrowser, screenshotWidths } from '../src/browser';
import { loginByApi, signInByUi, signUpByApi, uniqueUser } from '../src/accounts';
import { inFreshContext, main, waitForPath, withToast } from '../src/journey';
import { mailsTo, waitForMail } from '../src/mail';
import { callApi, listProductByApi, watchPriceByApi } from '../src/shop';
import { seriousViolations } from '../src/axe';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A seller with two listings, made through the API. */
async function sellerWithListings(
  tag: string,
): Promise<{ email: string; password: string; token: string; names: [string, string]; ids: [number, number] }> {
  const seller = uniqueUser(tag, { firstname: 'Ravi', lastname: 'Menon' });
  await signUpByApi(seller);
  const token = await loginByApi(seller.email, seller.password);
  const stamp = Date.now() % 100_000;
  const first = await listProductByApi(token, {
    productname: `Brass Lamp ${stamp}`,
    price: 2400,
    title: 'Accessories',
  });
  const second = await listProductByApi(token, { productname: `Teak Stool ${stamp}`, price: 1800, title: 'Furniture' });
  return {
    email: seller.email,
    password: seller.password,
    token,
    names: [first.productname, second.productname],
    ids: [first.productid, second.productid],
  };
}

async function openMyProducts(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/myaccount`);
  await main(page).getByRole('heading', { name: 'Manage My Account' }).waitFor();
  await main(page).getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My Products' }).click();
  await waitForPath(page, '/myaccount/myproducts');
  await main(page).getByRole('heading', { level: 1, name: 'My Products' }).waitFor();
}

test("a seller lowers a price from My Products; the watcher's mail arrives; another user cannot edit the listing", async () => {
  const seller = await sellerWithListings('seller');
  const [lampName] = seller.names;
  const [lampId] = seller.ids;
  const watcher = uniqueUser('watcher', { firstname: 'Anita' });
  await signUpByApi(watcher);
  const watcherToken = await loginByApi(watcher.email, watcher.password);
  await watchPriceByApi(watcherToken, lampId);

  await inFreshContext(browser, 'my-products-edit', async (page) => {
    await signInByUi(page, seller.email, seller.password);
    await openMyProducts(page);
    const table = main(page).getByRole('table', { name: 'Your listings' });
    await table.waitFor();
    // Newest first.
    assert.deepEqual(await table.locator('tbody tr td:first-child').allInnerTexts(), [...seller.names].reverse());
    assert.deepEqual(await seriousViolations(page), [], 'axe on /myaccount/myproducts');
    await screenshotWidths(page, 'my-products');

    await main(page)
      .getByRole('link', { name: `Edit ${lampName}` })
      .click();
    await waitForPath(page, `/editproduct/${lampId}`);
    const form = main(page);
    await form.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    assert.equal(await form.getByLabel('Product Name').inputValue(), lampName);
    assert.equal(await form.getByLabel('Price (Rs.)').inputValue(), '2400');
    // The seller's exact units (GET /myproducts/{id}); shoppers only see "In stock".
    assert.equal(await form.getByLabel('Units in Stock').inputValue(), '20');
    assert.equal(await form.getByRole('list', { name: 'Current photos' }).getByRole('img').count(), 1);
    assert.deepEqual(await seriousViolations(page), [], 'axe on /editproduct/{id}');
    await screenshotWidths(page, 'edit-product');

    // Add Product's rules and messages.
    await form.getByLabel('Price (Rs.)').fill('0');
    await form.getByText('Please Enter Price').waitFor();
    assert.equal(await form.getByRole('button', { name: 'Save Changes' }).isDisabled(), true);
    await form.getByLabel('Price (Rs.)').fill('1999');
    await withToast(page, 'Product Updated Successfully', () =>
      form.getByRole('button', { name: 'Save Changes' }).click(),
    );
    await waitForPath(page, '/myaccount/myproducts');
    await main(page).getByRole('row').filter({ hasText: lampName }).filter({ hasText: 'Rs. 1,999' }).waitFor();

    // The shopper who asked is mailed once, with the new price and a link to the product.
    const mail = await waitForMail(watcher.email, /Price drop:/);
    assert.match(mail, new RegExp(`Price drop: ${lampName} is now Rs\\. 1,999(?![\\d.,])`));
    assert.match(mail, new RegExp(`/productdetails/${lampId}`));
    assert.equal(mailsTo(seller.email, /Price drop:/).length, 0, 'the seller is not mailed');

    // The catalogue shows the new price.
    await page.goto(`${BASE_URL}/productdetails/${lampId}`);
    await main(page).getByRole('heading', { level: 1, name: lampName }).waitFor();
    await main(page).getByText('Rs. 1,999', { exact: true }).first().waitFor();
  });

  // Another user: the page refuses and the API answers 403 with its message.
  const other = uniqueUser('not-the-seller');
  await signUpByApi(other);
  const otherToken = await loginByApi(other.email, other.password);
  await inFreshContext(browser, 'my-products-not-owner', async (page) => {
    await signInByUi(page, other.email, other.password);
    await page.goto(`${BASE_URL}/editproduct/${lampId}`);
    await main(page).getByText('You can only change your own products').waitFor();
    assert.equal(await main(page).getByRole('button', { name: 'Save Changes' }).count(), 0);
    await page.goto(`${BASE_URL}/myaccount/myproducts`);
    await main(page).getByText('You have not listed any products yet.').waitFor();
  });
  const listed = (await (await fetch(`${API_URL}/product/${lampId}`)).json()) as { data: { photos: string[] } };
  const refused = await callApi('PUT', `/product/${lampId}`, otherToken, {
    productname: 'Stolen',
    title: 'Accessories',
    description: 'Not yours',
    price: 1,
    rating: 1,
    location: '',
    photos: listed.data.photos,
  });
  assert.equal(refused.status, 403);
  assert.equal(refused.json.msg, 'You can only change your own products');
  const refusedDelete = await callApi('DELETE', `/product/${lampId}`, otherToken);
  assert.equal(refusedDelete.status, 403);
  assert.equal(refusedDelete.json.msg, 'You can only change your own products');
  const still = await fetch(`${API_URL}/product/${lampId}`);
  assert.equal(((await still.json()) as { data: { price: number } }).data.price, 1999);
});

test('Take down asks first; then the listing leaves My Products, the catalogue, search and carts', async () => {
  const seller = await sellerWithListings('takedown');
  const [, stoolName] = seller.names;
  const [, stoolId] = seller.ids;
  const buyer = uniqueUser('buyer');
  await signUpByApi(buyer);
  const buyerToken = await loginByApi(buyer.email, buyer.password);
  const added = await fetch(`${API_URL}/addtocartproduct`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productid: stoolId, authtoken: buyerToken }),
  });
  assert.equal(added.status, 200);

  await inFreshContext(browser, 'my-products-takedown', async (page) => {
    await signInByUi(page, seller.email, seller.password);
    await openMyProducts(page);
    const takeDown = main(page).getByRole('button', { name: `Take down ${stoolName}` });
    await takeDown.click();
    const question = main(page).getByRole('alertdialog');
    await question.waitFor();
    assert.match(await question.innerText(), new RegExp(`Take down “${stoolName}”\\?`));
    await question.getByRole('button', { name: 'Keep Listing' }).click();
    assert.equal(await main(page).getByRole('alertdialog').count(), 0);
    assert.equal(
      await main(page).getByRole('row').filter({ hasText: stoolName }).count(),
      1,
      'Keep Listing changes nothing',
    );

    await takeDown.click();
    await withToast(page, 'Product Removed Successfully', () =>
      main(page).getByRole('button', { name: 'Yes, Take Down' }).click(),
    );
    await page.waitForFunction(
      (name) => ![...document.querySelectorAll('main tbody tr')].some((r) => r.textContent?.includes(name)),
      stoolName,
    );
    assert.equal(
      await main(page).getByRole('row').filter({ hasText: seller.names[0] }).count(),
      1,
      'the other listing stays',
    );

    await page.goto(`${BASE_URL}/productdetails/${stoolId}`);
    await main(page).getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();
  });

  const search = await fetch(`${API_URL}/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productname: stoolName }),
  });
  assert.deepEqual(((await search.json()) as { data: unknown[] }).data, [], 'search no longer finds it');
  const cart = await callApi<{ data: { productid: number }[] }>('GET', '/productviewcart', buyerToken);
  assert.equal(
    cart.json.data.some((i) => i.productid === stoolId),
    false,
    "it left the buyer's cart",
  );
});
