// Sellers who ship (issue 26) in Chromium: a seller lists a product with 2 in stock; shopper A buys
// both (the cart's quantity stepper); shopper B then finds it out of stock and asks to be told; the
// seller is mailed the new order, finds it in Orders to ship and marks it shipped with a courier
// and tracking number; A is mailed them and sees them in Manage Order; the seller raises the stock
// on Edit Product and B gets the back-in-stock mail. axe-core on both new screens.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { SHIPMENT_MESSAGES, STOCK_ALERT_MESSAGES } from '@marketplace/contract';
import { API_URL, BASE_URL, launchBrowser, screenshotWidths } from '../src/browser';
import { loginByApi, signInByUi, signUpByApi, uniqueUser } from '../src/accounts';
import { inFreshContext, main, waitForPath, withToast } from '../src/journey';
import { mailsTo, waitForMail } from '../src/mail';
import { seriousViolations } from '../src/axe';
import { addressLine, cartBadge, HOME_ADDRESS, listProductByApi, shopperWithAddress } from '../src/shop';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const COURIER = 'Blue Dart';
const TRACKING = 'BD 40012345';

/** The buyer's newest order (GET /allorders, first page). */
async function newestOrderId(token: string): Promise<number> {
  const response = await fetch(`${API_URL}/allorders?limit=1`, { headers: { authtoken: token } });
  const page = (await response.json()) as { data: { orderid: number }[] };
  assert.equal(response.status, 200);
  return page.data[0]!.orderid;
}

test('a seller ships what a shopper bought: stock, quantity, orders to ship, tracking, back in stock', async () => {
  const seller = uniqueUser('ship-seller', { firstname: 'Kavya', lastname: 'Rao' });
  await signUpByApi(seller);
  const sellerToken = await loginByApi(seller.email, seller.password);
  const productname = `Copper Kettle ${Date.now() % 100_000}`;
  const listed = await listProductByApi(sellerToken, { productname, price: 1450, title: 'Kitchen', stock: 2 });
  const buyerA = await shopperWithAddress('ship-buyer-a');
  const buyerAToken = await loginByApi(buyerA.email, buyerA.password);
  const buyerB = uniqueUser('ship-buyer-b', { firstname: 'Rohan' });
  await signUpByApi(buyerB);

  // Shopper A: both units, with the cart's stepper, cash on delivery.
  await inFreshContext(browser, 'seller-ships-buyer-a-orders', async (page) => {
    await signInByUi(page, buyerA.email, buyerA.password);
    await page.goto(`${BASE_URL}/productdetails/${listed.productid}`);
    await main(page).getByRole('heading', { level: 1, name: productname }).waitFor();
    await main(page).getByText('Only 2 left').waitFor();
    await main(page).getByRole('link', { name: 'Add to Cart', exact: true }).click();
    await waitForPath(page, '/viewcart');
    await main(page)
      .getByRole('button', { name: `Increase quantity of ${productname}` })
      .click();
    assert.equal(await cartBadge(page, 2), '2', 'the badge counts both units');
    await main(page).getByRole('link', { name: 'Place Order' }).click();
    await waitForPath(page, '/checkout');
    const checkout = main(page);
    await checkout.getByLabel('Bill Name').fill(`${buyerA.firstname} ${buyerA.lastname}`);
    await checkout.getByLabel('Order Note').fill('Call before delivery.');
    await checkout.getByRole('radio', { name: addressLine(HOME_ADDRESS) }).check();
    await checkout.getByRole('button', { name: 'SAVE', exact: true }).click();
    await checkout.getByText('Delivery information saved').waitFor();
    await withToast(page, 'Order Placed', () => checkout.getByRole('button', { name: 'Place Order' }).click());
    await waitForPath(page, '/billconfirm');
  });
  const orderid = await newestOrderId(buyerAToken);

  // Shopper B: out of stock, no Add to Cart; asks to be told when it is back.
  await inFreshContext(browser, 'seller-ships-buyer-b-waits', async (page) => {
    await signInByUi(page, buyerB.email, buyerB.password);
    await page.goto(`${BASE_URL}/productdetails/${listed.productid}`);
    await main(page).getByRole('heading', { level: 1, name: productname }).waitFor();
    await main(page).getByText('Out of stock', { exact: true }).waitFor();
    assert.equal(await main(page).getByRole('link', { name: 'Add to Cart', exact: true }).count(), 0);
    const tellMe = main(page).getByRole('button', { name: "Tell me when it's back" });
    await withToast(page, STOCK_ALERT_MESSAGES.on, () => tellMe.click());
    assert.equal(await tellMe.getAttribute('aria-pressed'), 'true');
  });

  // The seller is mailed the order, finds it in Orders to ship and marks it shipped.
  const newOrder = await waitForMail(seller.email, new RegExp(`Subject: New order #${orderid} to ship`));
  assert.match(newOrder, /\/myaccount\/sales/);
  await inFreshContext(browser, 'seller-ships-seller', async (page) => {
    // Signed in, the seller is told at once too: a toast linking to Orders to ship.
    const told = page
      .getByRole('alert')
      .filter({ hasText: `New order #${orderid} to ship: "${productname}" (Rs. 2,900).` })
      .getByRole('link', { name: 'Orders to ship' });
    const [href] = await Promise.all([told.getAttribute('href'), signInByUi(page, seller.email, seller.password)]);
    assert.equal(href, '/myaccount/sales');
    await told.waitFor({ state: 'detached' });
    await page.goto(`${BASE_URL}/myaccount`);
    await main(page)
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Orders to ship' })
      .click();
    await waitForPath(page, '/myaccount/sales');
    await main(page).getByRole('heading', { level: 1, name: 'Orders to ship' }).waitFor();
    const card = main(page).getByRole('listitem', { name: new RegExp(`^Order #${orderid}\\b`) });
    await card.waitFor();
    const text = await card.innerText();
    assert.match(text, /Processing/);
    assert.match(text, new RegExp(`${productname}\\s*× 2`));
    assert.match(text, /Rs\. 2,900/);
    assert.ok(text.includes(`${buyerA.firstname} ${buyerA.lastname}`), 'the delivery name');
    assert.ok(text.includes(HOME_ADDRESS.streetadd), 'the delivery address');
    assert.ok(text.includes('Call before delivery.'), 'the order note');
    assert.ok(!text.includes(buyerA.email), 'never the buyer’s email');
    assert.deepEqual(await seriousViolations(page), [], 'axe on /myaccount/sales');
    await screenshotWidths(page, 'orders-to-ship');

    await card.getByRole('button', { name: `Mark shipped: order #${orderid}` }).click();
    const form = main(page).getByRole('form', { name: `Mark shipped: order #${orderid}` });
    await form.getByRole('button', { name: 'Mark shipped' }).click();
    await form.getByText(SHIPMENT_MESSAGES.tracking).waitFor();
    await form.getByRole('textbox', { name: /Courier/ }).fill(COURIER);
    await form.getByRole('textbox', { name: /Tracking number/ }).fill(TRACKING);
    assert.deepEqual(await seriousViolations(page), [], 'axe on the Mark shipped form');
    await withToast(page, SHIPMENT_MESSAGES.shipped, () => form.getByRole('button', { name: 'Mark shipped' }).click());
    await card.getByRole('heading', { name: new RegExp(`Order #${orderid}.*Shipped`) }).waitFor();
    assert.match(await card.innerText(), new RegExp(`${COURIER}[\\s\\S]*${TRACKING}`));
    await card.getByRole('button', { name: `Mark delivered: order #${orderid}` }).waitFor();
    await screenshotWidths(page, 'orders-to-ship-shipped');
  });

  // A is mailed the courier and tracking number, and sees them in Manage Order.
  const shippedMail = await waitForMail(buyerA.email, /Subject: Shipped: /);
  assert.ok(shippedMail.includes(TRACKING) && shippedMail.includes(COURIER), 'the mail has the courier and tracking');
  assert.match(shippedMail, new RegExp(`/myaccount/manageorder\\?orderid=${orderid}`));
  await inFreshContext(browser, 'seller-ships-buyer-a-tracks', async (page) => {
    // Signed in, A is told at once too; the toast's link opens the order.
    const viewOrder = page
      .getByRole('alert')
      .filter({ hasText: `of your order #${orderid} has shipped with ${COURIER}, tracking number ${TRACKING}.` })
      .getByRole('link', { name: 'View order' });
    await Promise.all([viewOrder.waitFor(), signInByUi(page, buyerA.email, buyerA.password)]);
    await viewOrder.click();
    await page.waitForURL(
      (url) => url.pathname === '/myaccount/manageorder' && url.searchParams.get('orderid') === String(orderid),
    );
    // The pointer leaves the toast (hovered, it stays) so it closes before axe runs.
    await page.mouse.move(0, 600);
    await viewOrder.waitFor({ state: 'detached' });
    await main(page)
      .getByRole('heading', { name: new RegExp(`Order #${orderid}.*Shipped`) })
      .waitFor();
    await main(page).getByText(`Shipped by ${seller.firstname} ${seller.lastname}`).waitFor();
    const tracking = main(page).getByLabel('Tracking');
    assert.match(await tracking.innerText(), new RegExp(`${COURIER}[\\s\\S]*${TRACKING}`));
    // A parcel on its way is not cancelled by the buyer.
    assert.equal(await main(page).getByRole('button', { name: 'Cancel Order' }).count(), 0);
    assert.deepEqual(await seriousViolations(page), [], 'axe on Manage Order with a seller’s shipment');
    await screenshotWidths(page, 'manage-order-seller-shipment');
  });

  // The seller raises the stock: B, and only B, is mailed that it is back.
  assert.equal(mailsTo(buyerB.email, /Subject: Back in stock: /).length, 0);
  await inFreshContext(browser, 'seller-ships-restock', async (page) => {
    await signInByUi(page, seller.email, seller.password);
    await page.goto(`${BASE_URL}/editproduct/${listed.productid}`);
    const form = main(page);
    await form.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    assert.equal(await form.getByLabel('Units in Stock').inputValue(), '0');
    await form.getByLabel('Units in Stock').fill('5');
    await withToast(page, 'Product Updated Successfully', () =>
      form.getByRole('button', { name: 'Save Changes' }).click(),
    );
  });
  const back = await waitForMail(buyerB.email, /Subject: Back in stock: /);
  assert.ok(back.includes(productname));
  assert.match(back, new RegExp(`/productdetails/${listed.productid}`));
  assert.equal(mailsTo(buyerA.email, /Subject: Back in stock: /).length, 0, 'A did not ask');
});
