// Shop journeys (issue 4): search → product → cart → checkout with a coupon → bill confirm →
// My Orders → manage → cancel; listing a product with two photos; adding a review with markup.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { API_URL, launchBrowser } from '../src/browser';
import { signInByUi } from '../src/accounts';
import { eventually, inFreshContext, main, waitForPath, watchToasts, withToast } from '../src/journey';
import {
  addressLine,
  cartBadge,
  catalogue,
  HOME_ADDRESS,
  productLink,
  rs,
  searchFromHeader,
  shippingFor,
  shopperWithAddress,
  writePngFiles,
} from '../src/shop';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A table's body rows as records keyed by the column headers' texts. */
async function tableRecords(table: Locator): Promise<Record<string, string>[]> {
  await table.locator('tbody tr').first().waitFor();
  return table.evaluate((t) => {
    const heads = Array.from(t.querySelectorAll('thead th')).map((th) => (th.textContent ?? '').trim());
    return Array.from(t.querySelectorAll('tbody tr')).map((tr) =>
      Object.fromEntries(
        Array.from(tr.querySelectorAll('td')).map((td, i) => [heads[i] ?? String(i), (td.textContent ?? '').trim()]),
      ),
    );
  });
}

/** The value next to the term that starts with `term` in a description list (order amounts, the account's counters). */
function definition(scope: Locator, term: string): Locator {
  const startsWith = new RegExp(`^\\s*${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  return scope.locator('dt').filter({ hasText: startsWith }).locator('xpath=following-sibling::dd[1]');
}

/** The My Orders row of one order, read once it shows `status`. */
async function myOrdersRow(page: Page, orderid: number, status: string): Promise<Record<string, string>> {
  const table = main(page).getByRole('table');
  const read = async () => (await tableRecords(table)).find((r) => r['Order Id'] === `#${orderid}`);
  const row = await eventually(read, (r) => r?.Status === status);
  assert.ok(row, `My Orders lists order #${orderid}`);
  return row;
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('search → product → cart → checkout with WELCOME50 → order placed → My Orders → manage → cancel → Cancel Orders 1', async () => {
  // A product under Rs. 500, so the shipping fee applies: total = price − 50 + 50.
  const product = (await catalogue())
    .filter((p) => p.price >= 100 && p.price < 500 && /^[A-Za-z ]+$/.test(p.productname))
    .sort((a, b) => a.productname.localeCompare(b.productname))[0];
  assert.ok(product, 'the seed has a plainly named product between Rs. 100 and Rs. 500');
  const discount = 50; // WELCOME50
  const shipping = shippingFor(product.price);
  const total = product.price - discount + shipping;
  const user = await shopperWithAddress('checkout');

  await inFreshContext(browser, 'shop-checkout', async (page) => {
    await signInByUi(page, user.email, user.password);
    assert.equal(await cartBadge(page, 0), '0', 'a new customer starts with an empty cart');

    // Search from the header box, open the product, add it to the cart.
    await searchFromHeader(page, product.productname);
    await main(page)
      .getByRole('heading', { name: `Search results for "${product.productname}"` })
      .waitFor();
    await productLink(page, product.productname).click();
    await waitForPath(page, `/productdetails/${product.productid}`);
    await main(page).getByRole('heading', { level: 1, name: product.productname, exact: true }).waitFor();
    assert.equal(await main(page).getByText(rs(product.price), { exact: true }).first().isVisible(), true);
    await main(page).getByRole('link', { name: 'Add to Cart', exact: true }).click();
    await waitForPath(page, '/viewcart');
    await main(page)
      .getByRole('heading', { name: /Shopping Cart/ })
      .waitFor();
    await main(page).getByRole('row').filter({ hasText: product.productname }).waitFor();
    assert.equal(await cartBadge(page, 1), '1', 'the header badge counts the product');

    await main(page).getByRole('link', { name: 'Place Order' }).click();
    await waitForPath(page, '/checkout');
    const checkout = main(page);
    await checkout.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();

    // Place Order before SAVE: the spec's warning, nothing is ordered.
    await withToast(page, 'Please Enter Bill name and select the Address', () =>
      checkout.getByRole('button', { name: 'Place Order' }).click(),
    );
    assert.equal(new URL(page.url()).pathname, '/checkout');

    // Delivery information, then SAVE.
    await checkout.getByLabel('Bill Name').fill(`${user.firstname} ${user.lastname}`);
    await checkout.getByLabel('Order Note').fill('Please ring the bell twice.');
    await checkout.getByRole('radio', { name: addressLine(HOME_ADDRESS) }).check();
    await checkout.getByRole('button', { name: 'SAVE', exact: true }).click();
    await checkout.getByText('Delivery information saved').waitFor();

    // The coupon: its toast and the discount line of the summary.
    await checkout.getByLabel('Coupon code').fill('WELCOME50');
    await withToast(page, 'Coupon Applied Successfully', () =>
      checkout.getByRole('button', { name: 'Apply Coupon' }).click(),
    );
    const summary = checkout.getByRole('region', { name: 'Order Summary' });
    await definition(summary, 'Discount(Promocode)').waitFor();
    assert.equal(await definition(summary, 'Discount(Promocode)').innerText(), `- ${rs(discount)}`);
    assert.equal(await definition(summary, 'Subtotal').innerText(), rs(product.price));
    assert.equal(await definition(summary, 'Shipping').innerText(), shipping === 0 ? 'Free Delivery' : rs(shipping));
    assert.equal(await definition(summary, 'Total').innerText(), rs(total));

    // Payment, then the order.
    await checkout.getByRole('radio', { name: /Pay with Card/ }).check();
    await withToast(page, 'Order Placed', () => checkout.getByRole('button', { name: 'Place Order' }).click());
    await waitForPath(page, '/billconfirm');
    await main(page).getByRole('heading', { name: 'Order Placed - Check for more Details in My Order.' }).waitFor();
    const numberText = await main(page)
      .getByText(/Your order number is #\d+/)
      .innerText();
    const orderid = Number(/#(\d+)/.exec(numberText)?.[1]);
    assert.ok(orderid > 0, `the bill confirm shows the order number (${numberText})`);
    assert.equal(await cartBadge(page, 0), '0', 'the ordered cart is empty');

    // My Orders: the order with the server's total, then MANAGE → Cancel Order.
    await main(page).getByRole('link', { name: 'My Orders' }).click();
    await waitForPath(page, '/myaccount/myorder');
    await main(page).getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
    const placed = await myOrdersRow(page, orderid, 'Processing');
    assert.equal(placed.Total, rs(total), `total = Rs. ${product.price} − Rs. ${discount} + shipping Rs. ${shipping}`);
    assert.equal(placed.Items, product.productname);

    await main(page)
      .getByRole('button', { name: `MANAGE order ${orderid}` })
      .click();
    await waitForPath(page, '/myaccount/manageorder');
    await main(page)
      .getByRole('heading', { name: `Order #${orderid}` })
      .waitFor();
    const amounts = main(page).locator('dl[aria-label="Order amounts"]');
    assert.equal(await definition(amounts, 'Subtotal').innerText(), rs(product.price));
    assert.equal(await definition(amounts, 'Discount(Promocode)').innerText(), `- ${rs(discount)}`);
    assert.equal(await definition(amounts, 'Shipping').innerText(), shipping === 0 ? 'Free Delivery' : rs(shipping));
    assert.equal(await definition(amounts, 'Total').innerText(), rs(total));
    await main(page).getByText(`Paid by Card`, { exact: true }).waitFor();

    await main(page).getByRole('button', { name: 'Cancel Order', exact: true }).click();
    const confirm = main(page).getByRole('alertdialog', { name: `Cancel order #${orderid}?` });
    await withToast(page, 'Order Cancelled Successfully', () =>
      confirm.getByRole('button', { name: 'Yes, Cancel Order' }).click(),
    );
    await waitForPath(page, '/myaccount/myorder');
    const cancelled = await myOrdersRow(page, orderid, 'Cancelled');
    assert.equal(cancelled.Status, 'Cancelled');

    // The account's side widget counts the cancelled order.
    await main(page)
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Manage My Account' })
      .click();
    await waitForPath(page, '/myaccount');
    const counters = main(page).locator('dl[aria-label="Order summary"]');
    assert.equal(
      await eventually(
        () => definition(counters, 'Cancel Orders').innerText(),
        (n) => n === '1',
      ),
      '1',
    );
    assert.equal(await definition(counters, 'Orders Placed').innerText(), '1');
  });
});

test('list a product with two PNG photos (one upload every 3 s) → it appears in new arrivals and in search', async () => {
  const user = await shopperWithAddress('seller');
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const productname = `Handloom Cotton Tote ${stamp}`;
  const files = writePngFiles(2, 'tote');

  await inFreshContext(browser, 'shop-addproduct', async (page) => {
    await signInByUi(page, user.email, user.password);
    await page.locator('header').getByRole('link', { name: 'ADD PRODUCT' }).click();
    await waitForPath(page, '/addproduct');
    const form = main(page);
    await form.getByRole('heading', { name: 'Add Product', level: 1 }).waitFor();
    assert.equal(await form.getByLabel('Title (category)').isDisabled(), true, 'Title opens after the product name');

    await form.getByLabel('Product Name').fill(productname);
    await form.getByLabel('Title (category)').fill('Accessories');
    await form.getByLabel('Description').fill('A sturdy tote bag woven on a handloom, with an inner pocket.');
    await form.getByLabel('Rating').fill('4');
    await form.getByLabel('Price (Rs.)').fill('799');
    await form.getByLabel('Units in Stock').fill('12');
    await form.getByLabel('Location').fill('Jaipur');
    const create = form.getByRole('button', { name: 'Add Product', exact: true });
    assert.equal(await create.isDisabled(), true, 'Add Product waits for the photos');

    // Two files: one upload each (3 s apart: PhotoUploader.test.tsx, on a fake clock), each with the spec's toast, the progress bar follows.
    let uploadsSent = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().startsWith(`${API_URL}/upload`)) uploadsSent += 1;
    });
    const toasts = await watchToasts(page);
    const uploadToast = 'File Upload Successfully Kindly Please Click Again for Add Product';
    await withToast(page, uploadToast, () => form.getByLabel('Product Photos (PNG)').setInputFiles(files));
    await form.getByText('Uploaded 1 of 2').waitFor();
    assert.equal(await create.isDisabled(), true, 'Add Product stays disabled until every file is uploaded');
    await form.getByText('Uploaded 2 of 2').waitFor({ timeout: 15_000 });
    const uploadToasts = await eventually(
      async () => (await toasts()).filter((t) => t === uploadToast),
      (l) => l.length >= 2,
    );
    assert.equal(uploadToasts.length, 2, 'one upload toast per file');
    assert.equal(await form.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value'), '2');
    assert.equal(uploadsSent, 2, 'one upload per file');

    await withToast(page, 'Product Added Successfully', () => create.click());
    await waitForPath(page, '/');

    // New arrivals list it, with its photo.
    await page.locator('header').getByRole('link', { name: 'NEW ARRIVALS' }).click();
    await waitForPath(page, '/newarrival');
    await productLink(page, productname).waitFor();

    // A search for its name finds exactly it; its page shows the price and the first photo.
    await searchFromHeader(page, productname);
    await productLink(page, productname).waitFor();
    await main(page).getByText('1 product', { exact: true }).waitFor();
    await productLink(page, productname).click();
    await main(page).getByRole('heading', { level: 1, name: productname, exact: true }).waitFor();
    await main(page).getByText('Rs. 799', { exact: true }).first().waitFor();
    const photo = main(page).getByRole('img', { name: productname, exact: true }).first();
    await photo.waitFor();
    assert.ok(
      await eventually(
        () => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth),
        (w) => w > 0,
      ),
      'the photo shows',
    );
  });
});

test('add a review with markup in the description → it is listed in /review, the markup shown as text', async () => {
  const user = await shopperWithAddress('reviewer');
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const title = `Fast delivery ${stamp}`;
  const description = 'Arrived in two days. <b>bold</b> claims, <img src=x onerror="window.__injected=1"> all true.';

  await inFreshContext(browser, 'shop-review', async (page) => {
    await signInByUi(page, user.email, user.password);
    await page.locator('header').getByRole('link', { name: 'REVIEW' }).click();
    await waitForPath(page, '/review');
    await main(page).getByRole('link', { name: 'Add Review' }).click();
    await waitForPath(page, '/addreview');
    const form = main(page);
    await form.getByRole('heading', { name: 'Add Review', level: 1 }).waitFor();
    const submit = form.getByRole('button', { name: 'Add Review' });

    // Required fields: a live red message when one is emptied, the next field locked.
    await form.getByLabel('Name').fill(user.firstname);
    await form.getByLabel('Name').fill('');
    await form.getByText('Please Enter Name').waitFor();
    assert.equal(await form.getByLabel('Title').isDisabled(), true);
    assert.equal(await submit.isDisabled(), true);

    await form.getByLabel('Name').fill(`${user.firstname} ${user.lastname}`);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill(description);
    await form.getByLabel('Keywords').fill('delivery quality');
    await form.getByLabel('Date').fill(today());
    await withToast(page, 'Review Added Successfully', () => submit.click());
    await waitForPath(page, '/review');

    const review = main(page).getByRole('article', { name: title });
    await review.waitFor();
    await review.getByText(`${user.firstname} ${user.lastname}`).waitFor();
    await review.getByText(description, { exact: true }).waitFor();
    assert.equal(await review.locator('b, img').count(), 0, 'the markup is text, not elements');
    assert.equal(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected), undefined);
    assert.deepEqual(await review.getByRole('list', { name: 'Keywords' }).getByRole('listitem').allInnerTexts(), [
      'delivery',
      'quality',
    ]);
  });
});
