// Auction journey (issue 5): A puts a painting up for auction with a photo; B bids on it; A's open
// item page shows the bid live; A approves B on the bidders page; B's open page shows the win live
// and the server refuses any further bid.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { API_URL, BASE_URL, launchBrowser, openPage } from '../src/browser';
import { loginByApi, signInByUi, signUpByApi, uniqueUser } from '../src/accounts';
import { eventually, main, withToast } from '../src/journey';
import { rs, writePngFiles } from '../src/shop';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** 'YYYY-MM-DDTHH:mm' in the browser's (and this process's) local time, for a datetime-local field. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value shown for a term of the item's facts list ('Current BID', 'Bids', …). */
async function fact(page: Page, term: string): Promise<string> {
  const value = main(page)
    .locator('dt')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
  return (await value.innerText()).trim();
}

test('A lists a painting → B bids → A sees it live → A approves B → B sees the win live; later bids are refused', async () => {
  const seller = uniqueUser('auction-seller', { firstname: 'Kavya' });
  const bidder = uniqueUser('auction-bidder', { firstname: 'Rohan', lastname: 'Mehta' });
  await signUpByApi(seller);
  await signUpByApi(bidder);
  const [photo] = writePngFiles(1, 'painting');
  const productname = `Monsoon over Kerala ${Date.now() % 100_000}`;
  const opening = 1200;
  // B's bid is a maximum: the first bid, it leads at the smallest bid taken, the opening bid plus
  // one increment (Rs. 50 from Rs. 1,000: proxy bidding, issue 25).
  const offer = 1750;
  const price = opening + 50;

  const a = await openPage(browser);
  const b = await openPage(browser);
  try {
    // A: the add-auction form, field after field, then the photo and Create Auction.
    await signInByUi(a.page, seller.email, seller.password);
    await a.page.goto(`${BASE_URL}/addauction`);
    const form = main(a.page).locator('form');
    await form.getByRole('textbox', { name: 'Nick Name', exact: true }).fill('Kavya Arts');
    await form.getByRole('textbox', { name: 'BID Value (Rs.)', exact: true }).fill(String(opening));
    await form.getByRole('textbox', { name: 'Low BID Value (Rs.)', exact: true }).fill('1000');
    await form.getByRole('textbox', { name: 'High BID Value (Rs.)', exact: true }).fill('5000');
    await form.getByRole('textbox', { name: 'Product Name', exact: true }).fill(productname);
    await form.getByRole('combobox', { name: 'Category', exact: true }).selectOption('Painting');
    await form
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Oil on canvas, 60 × 90 cm, signed by the artist.');
    await form.getByRole('textbox', { name: 'Age of Product', exact: true }).fill('3 years');
    await form.getByLabel('Auction ends on').fill(localInput(new Date(Date.now() + 2 * 24 * 3600 * 1000)));
    await withToast(a.page, 'File Upload Successfully Kindly Please Click Again for Add Product', () =>
      form.getByLabel('Photos of the item (PNG)').setInputFiles(photo),
    );
    await withToast(a.page, 'Auction Product Added Successfully', () =>
      form.getByRole('button', { name: 'Create Auction' }).click(),
    );
    await a.page.waitForURL(/\/auctionproduct\/\d+$/, { timeout: 15_000 });
    const auctionid = Number(/\/auctionproduct\/(\d+)$/.exec(a.page.url())?.[1]);
    await main(a.page).getByRole('heading', { name: productname }).waitFor();
    assert.equal(await fact(a.page, 'Current BID'), rs(opening));
    await main(a.page).getByText('This is your item, so you cannot bid on it.').waitFor();
    assert.equal(await main(a.page).getByLabel('Your BID (Rs.)').count(), 0, 'the owner has no bid form');

    // B: a bid on the item's page.
    await signInByUi(b.page, bidder.email, bidder.password);
    await b.page.goto(`${BASE_URL}/auctionproduct/${auctionid}`);
    await main(b.page).getByRole('heading', { name: productname }).waitFor();
    await main(b.page)
      .getByText(`Enter ${rs(price)} or more.`, { exact: false })
      .waitFor();
    await main(b.page).getByLabel('Your BID (Rs.)').fill(String(offer));
    await withToast(b.page, 'Your BID has been placed', () =>
      main(b.page).getByRole('button', { name: 'Add BID' }).click(),
    );
    assert.equal(await fact(b.page, 'Current BID'), rs(price));

    // A's page, never reloaded, shows the bid from the item's event stream.
    const seen = await eventually(
      () => fact(a.page, 'Bids'),
      (v) => v === '1',
      5_000,
    );
    assert.equal(seen, '1');
    assert.equal(await fact(a.page, 'Current BID'), rs(price));
    await main(a.page).getByRole('table').getByRole('cell', { name: 'Rohan', exact: true }).waitFor();

    // A approves B on the bidders page (a confirm dialog first).
    await main(a.page).getByRole('link', { name: 'See the bidders on your items' }).click();
    await a.page.waitForURL(/\/auctionusers\/\d+$/);
    const row = main(a.page).getByRole('row').filter({ hasText: bidder.email });
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`Rohan Mehta[\\s\\S]*${rs(price).replace('.', '\\.')}`));
    a.page.once('dialog', (dialog) => void dialog.accept());
    await withToast(a.page, 'Bidder Approved Successfully', () =>
      row.getByRole('button', { name: `Approve Rohan Mehta for ${productname}` }).click(),
    );
    await row.getByText('Approved', { exact: true }).waitFor();
    assert.match(await row.innerText(), /Awaiting payment/, 'the winner’s row follows their order');

    // B's page, never reloaded, learns of the close and the win.
    await main(b.page).getByText('You won', { exact: true }).waitFor({ timeout: 5_000 });
    await main(b.page)
      .getByText(`Congratulations, you won this item with your BID of ${rs(price)}.`)
      .waitFor();
    assert.equal(await main(b.page).getByLabel('Your BID (Rs.)').count(), 0, 'a closed auction has no bid form');

    // The server refuses a later bid, whoever sends it.
    const token = await loginByApi(bidder.email, bidder.password);
    const late = await fetch(`${API_URL}/updatebiduser`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authtoken: token },
      body: JSON.stringify({ auctionid, bid: offer + 500 }),
    });
    assert.equal(late.status, 409);
    assert.equal((await late.json()).msg, 'This auction is closed: the owner has approved a winner');

    // The win is an order in B's My Orders, awaiting payment.
    await main(b.page).getByRole('link', { name: 'Pay for your order in My Orders' }).click();
    await b.page.waitForURL(/\/myaccount\/myorder$/);
    const won = main(b.page).getByRole('row').filter({ hasText: productname });
    await won.getByText('Won at auction').waitFor({ timeout: 10_000 });
    assert.match(await won.innerText(), /Awaiting payment/);

    // The auction home lists it as closed.
    await b.page.goto(`${BASE_URL}/auctionhome`);
    const card = main(b.page).getByRole('article').filter({ hasText: productname });
    await card.waitFor();
    assert.match(await card.innerText(), /Closed/i);
    assert.deepEqual([...a.pageErrors, ...b.pageErrors], [], 'no uncaught error in either page');
  } catch (error) {
    await a.page
      .screenshot({ path: `/tmp/e2e-auction-seller-${Date.now()}.png`, fullPage: true })
      .catch(() => undefined);
    await b.page
      .screenshot({ path: `/tmp/e2e-auction-bidder-${Date.now()}.png`, fullPage: true })
      .catch(() => undefined);
    throw error;
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
