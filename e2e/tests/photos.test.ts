// Photos a phone can afford (issue 28): on a phone's screen, the cards and the product and auction
// item pages show each photo as the AVIF copy its box needs, chosen by the browser from the
// server-rendered <picture> (srcset and sizes), the PNG with its width and height as the fallback;
// the page preconnects to the API's origin the photos come from, and nothing shifts as they load.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { eventually } from '../src/journey';
import { API_URL, BASE_URL, launchBrowser } from '../src/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** What the browser made of a photo: the copy it shows, its size, the sources it was offered. */
async function shown(photo: Locator) {
  await eventually(
    () => photo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    Boolean,
  );
  return photo.evaluate((img) => {
    const image = img as HTMLImageElement;
    const sources = [...(image.parentElement?.querySelectorAll('source') ?? [])];
    return {
      currentSrc: image.currentSrc,
      src: image.getAttribute('src'),
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      sources: sources.map((s) => ({ type: s.type, srcset: s.srcset, sizes: s.sizes })),
    };
  });
}

/** A copy no wider than its box needs at the screen's density, never the PNG. */
function assertAvifCopy(photo: Awaited<ReturnType<typeof shown>>, boxCssPx: number, label: string) {
  assert.deepEqual(
    photo.sources.map((s) => s.type),
    ['image/avif', 'image/webp'],
    `${label}: AVIF and WebP offered`,
  );
  assert.match(photo.src ?? '', /\/images\/[0-9a-f]{64}\.png$/, `${label}: the PNG is the fallback`);
  assert.ok(photo.width && photo.height, `${label}: the <img> has its width and height`);
  const chosen = /\/images\/[0-9a-f]{64}-(\d+)\.avif$/.exec(photo.currentSrc);
  assert.ok(chosen, `${label}: the browser shows an AVIF copy, not ${photo.currentSrc}`);
  const width = Number(chosen[1]);
  // The smallest copy that covers the box at 2 device pixels per CSS pixel (or the widest there is).
  assert.ok(width <= Math.max(2 * boxCssPx * 1.25, 160), `${label}: ${width} px for a ${boxCssPx}-px box`);
}

async function phonePage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  // Every layout shift of the page, from its first paint on.
  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!e.hadRecentInput) (window as unknown as { __shift: number }).__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { page, close: () => context.close() };
}

test('on a phone, cards and the product and auction item pages show AVIF copies sized for the screen, with width and height, and nothing shifts', async () => {
  const trending = (await (await fetch(`${API_URL}/products/trending`)).json()) as {
    data: { productid: number; productname: string }[];
  };
  const auctions = (await (await fetch(`${API_URL}/getauction`)).json()) as {
    data: { auctionid: number; productname: string; photoSources?: unknown }[];
  };
  const { page, close } = await phonePage();
  try {
    await page.goto(BASE_URL);
    const grid = page.locator('main').getByRole('list', { name: 'Top trending products' });
    const first = trending.data[0]!;
    const card = grid.getByRole('img', { name: first.productname, exact: true }).first();
    const cardPhoto = await shown(card);
    assertAvifCopy(cardPhoto, (await card.boundingBox())!.width, 'a card');
    assert.match(cardPhoto.sources[0]!.sizes, /50vw$/, "a card's sizes: half the phone's width");
    const origin = new URL(API_URL).origin;
    assert.equal(
      await page.locator(`head link[rel="preconnect"][href="${origin}"]`).count(),
      1,
      "the head preconnects to the API's origin",
    );
    assert.equal(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 0, 'home: no shift');

    await page.goto(`${BASE_URL}/productdetails/${first.productid}`);
    const main = page.locator('main').getByRole('img', { name: first.productname, exact: true }).first();
    assertAvifCopy(await shown(main), (await main.boundingBox())!.width, 'the product page');
    assert.equal(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 0, 'product: no shift');

    // An item with copies: one another journey listed with a tiny photo has none (a copy is kept
    // only when smaller than the PNG), and the newest item is listed first.
    const item = auctions.data.find((a) => a.photoSources)!;
    assert.ok(item, 'an auction item whose photo has copies');
    await page.goto(`${BASE_URL}/auctionproduct/${item.auctionid}`);
    const lot = page.locator('main').getByRole('img', { name: item.productname, exact: true }).first();
    assertAvifCopy(await shown(lot), (await lot.boundingBox())!.width, 'the auction item page');
    assert.equal(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 0, 'item: no shift');
  } finally {
    await close();
  }
});
