// Live notices (issue 25): a shopper signed in on any page is told at once, by a toast, that a
// rival's maximum took the lead from them, and gets the mail; turning Outbid off on My Account →
// Notifications stops both.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, openPage } from '../src/browser';
import { loginByApi, signInByUi, signUpByApi, uniqueUser } from '../src/accounts';
import { expectToast, main, watchToasts, withToast } from '../src/journey';
import { mailsTo, waitForMail } from '../src/mail';
import { auctionByApi, bidByApi } from '../src/auctions';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('outbid while on another page: a toast at once and one mail; Outbid turned off: neither', async () => {
  const seller = uniqueUser('notice-seller', { firstname: 'Kavya' });
  const shopper = uniqueUser('notice-shopper', { firstname: 'Asha' });
  const rival = uniqueUser('notice-rival', { firstname: 'Ravi' });
  for (const u of [seller, shopper, rival]) await signUpByApi(u);
  const sellerToken = await loginByApi(seller.email, seller.password);
  const shopperToken = await loginByApi(shopper.email, shopper.password);
  const rivalToken = await loginByApi(rival.email, rival.password);
  const productname = `Backwaters at dusk ${Date.now() % 100_000}`;
  const auctionid = await auctionByApi(sellerToken, productname, 1000);

  const { page } = await openPage(browser);
  await signInByUi(page, shopper.email, shopper.password);
  await page.goto(`${BASE_URL}/about`);
  await bidByApi(shopperToken, auctionid, 2000);
  // Ravi's maximum beats Asha's: she leads no more, at Rs. 2,050 (2,000 plus the Rs. 50 increment).
  await bidByApi(rivalToken, auctionid, 5000);
  const told = `You have been outbid on "${productname}": the BID is now Rs. 2,050. Enter Rs. 2,100 or more to lead.`;
  await expectToast(page, told);
  const mail = await waitForMail(shopper.email, /Subject: Outbid: /);
  assert.match(mail, new RegExp(`/auctionproduct/${auctionid}`));

  // Outbid off: the next outbidding is neither toasted nor mailed.
  await page.goto(`${BASE_URL}/myaccount/notifications`);
  const toasts = await watchToasts(page);
  const outbid = main(page).getByRole('switch', { name: 'Outbid' });
  await withToast(page, 'Notification settings saved', () => outbid.click());
  assert.equal(await outbid.getAttribute('aria-checked'), 'false');
  await bidByApi(shopperToken, auctionid, 9000); // Asha leads again at Rs. 5,100
  await bidByApi(rivalToken, auctionid, 20_000); // Ravi leads at Rs. 9,100: Asha is not told

  // On again: the next outbidding is told, and the one while off never was.
  await withToast(page, 'Notification settings saved', () => outbid.click());
  await bidByApi(shopperToken, auctionid, 30_000); // Asha leads at Rs. 20,250
  await bidByApi(rivalToken, auctionid, 40_000); // Ravi leads at Rs. 30,500
  await expectToast(page, `the BID is now Rs. 30,500. Enter Rs. 31,000 or more to lead.`);
  await waitForMail(shopper.email, /Subject: Outbid: .* is now Rs\. 30,500/);
  const shown = await toasts();
  assert.deepEqual(
    shown.filter((t) => t.includes('Rs. 9,100')),
    [],
  );
  assert.deepEqual(
    mailsTo(shopper.email, /Subject: Outbid: /)
      .map((m) => /is now (Rs\. [\d,]+)/.exec(m)?.[1])
      .sort(),
    ['Rs. 2,050', 'Rs. 30,500'],
  );
});
