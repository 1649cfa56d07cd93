// The shopper's auction lists (issue 25, item 8) on a 390 px phone: a bidder watches an item with
// the heart on its card, finds it under Watching, bids with a hidden maximum on its page and sees
// it under My bids as Leading with that maximum; the seller's Selling page shows the item open with
// its leader. No page scrolls sideways, no uncaught error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../src/browser';
import { loginByApi, signInByUi, signUpByApi, uniqueUser } from '../src/accounts';
import { main, withToast } from '../src/journey';
import { auctionByApi } from '../src/auctions';
import { rs } from '../src/shop';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A 390 px page's content fits its width: nothing scrolls sideways. */
async function fitsPhone(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `${where} is ${width} px wide at 390 px`);
}

async function phonePage() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

test('a bidder watches an item, bids with a maximum and finds it under Watching and My bids; the seller under Selling', async () => {
  const seller = uniqueUser('lists-seller', { firstname: 'Kavya' });
  const bidder = uniqueUser('lists-bidder', { firstname: 'Rohan' });
  await signUpByApi(seller);
  await signUpByApi(bidder);
  const productname = `Lotus pond ${Date.now() % 100_000}`;
  const auctionid = await auctionByApi(await loginByApi(seller.email, seller.password), productname, 1000);

  const b = await phonePage();
  const s = await phonePage();
  try {
    await signInByUi(b.page, bidder.email, bidder.password);
    await b.page.goto(`${BASE_URL}/auctionhome`);
    const card = main(b.page).getByRole('article').filter({ hasText: productname });
    const heart = card.getByRole('button', { name: `Watch ${productname}`, exact: true });
    await heart.waitFor();
    await withToast(b.page, 'Added to your watch list', () => heart.click());
    await card.getByRole('button', { name: `Stop watching ${productname}`, exact: true }).waitFor();
    assert.equal(
      await card.getByRole('button', { name: `Stop watching ${productname}` }).getAttribute('aria-pressed'),
      'true',
    );
    await fitsPhone(b.page, '/auctionhome');

    await main(b.page)
      .getByRole('navigation', { name: 'Your auctions' })
      .getByRole('link', { name: 'Watching' })
      .click();
    await b.page.waitForURL(`${BASE_URL}/auction/watching`);
    const watched = main(b.page).getByRole('list', { name: 'Items you watch' }).getByRole('article');
    await watched.filter({ hasText: productname }).waitFor();
    assert.equal(
      await watched.getByRole('button', { name: `Stop watching ${productname}` }).getAttribute('aria-pressed'),
      'true',
    );
    await fitsPhone(b.page, '/auction/watching');

    await watched.getByRole('link', { name: /Click here to view/ }).click();
    await b.page.waitForURL(`${BASE_URL}/auctionproduct/${auctionid}`);
    await main(b.page)
      .getByRole('button', { name: `Stop watching ${productname}` })
      .waitFor();
    await main(b.page).getByLabel('Your BID (Rs.)').fill('1100');
    await main(b.page).getByLabel('Your maximum BID (Rs.)').fill('3000');
    await withToast(b.page, 'Your BID has been placed', () =>
      main(b.page).getByRole('button', { name: 'Add BID' }).click(),
    );
    await main(b.page)
      .getByText(`You are the highest bidder, your maximum is ${rs(3000)}`)
      .waitFor();
    await fitsPhone(b.page, `/auctionproduct/${auctionid}`);

    await b.page.goto(`${BASE_URL}/auction/mybids`);
    const mine = main(b.page).getByRole('article', { name: productname });
    await mine.getByText('Leading', { exact: true }).waitFor();
    assert.match(await mine.innerText(), new RegExp(`Your maximum\\s*${rs(3000).replace('.', '\\.')}`));
    await fitsPhone(b.page, '/auction/mybids');

    await signInByUi(s.page, seller.email, seller.password);
    await s.page.goto(`${BASE_URL}/auction/selling`);
    const selling = main(s.page).getByRole('article', { name: productname });
    await selling.getByText('Open', { exact: true }).waitFor();
    const text = await selling.innerText();
    assert.match(text, /Leader\s*Rohan/);
    assert.match(text, /Bids\s*1/);
    assert.doesNotMatch(text, new RegExp(bidder.email));
    await fitsPhone(s.page, '/auction/selling');

    assert.deepEqual([...b.pageErrors, ...s.pageErrors], [], 'no uncaught error in either page');
  } catch (error) {
    await b.page.screenshot({ path: `/tmp/e2e-lists-bidder-${Date.now()}.png`, fullPage: true }).catch(() => undefined);
    await s.page.screenshot({ path: `/tmp/e2e-lists-seller-${Date.now()}.png`, fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await b.context.close();
    await s.context.close();
  }
});
