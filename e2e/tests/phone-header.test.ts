// The phone header (issue 18, item 5): at 390×844 the sticky header is one bar of at most 64 px
// (menu button, logo, search, account, cart); the secondary menu opens in a drawer that works with
// the mouse and with the keyboard alone, closes on navigation, and passes axe while open. Between
// that and the desktop (601 to 760 px) the header is one bar too, the search in it (issue 24).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from '../src/browser';
import { seriousViolations } from '../src/axe';
import { signInByUi, uniqueUser, signUpByApi } from '../src/accounts';
import { eventually, main, waitForPath } from '../src/journey';

const PHONE = { width: 390, height: 844 };
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A phone-sized page (390×844, touch, mobile viewport) that records uncaught page errors. */
async function onPhone(run: (page: Page, pageErrors: string[]) => Promise<void>): Promise<void> {
  const context: BrowserContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await run(page, pageErrors);
  } finally {
    await context.close();
  }
}

const header = (page: Page) => page.locator('header');
const menuButton = (page: Page) => header(page).getByRole('button', { name: 'Menu', exact: true });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

/** What has the focus: its role-ish tag and name, and whether it is inside the drawer. */
function focused(page: Page): Promise<{ name: string; inDrawer: boolean; outline: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const el = active === document.body ? null : active;
    const style = el ? getComputedStyle(el) : null;
    return {
      name: el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '',
      inDrawer: Boolean(el?.closest('[role="dialog"]')),
      outline: Boolean(style && style.outlineStyle !== 'none' && style.outlineWidth !== '0px'),
    };
  });
}

/** What has the focus once it is in the drawer (it moves there after the opened panel paints). */
function focusInDrawer(page: Page): ReturnType<typeof focused> {
  return eventually(
    () => focused(page),
    (now) => now.inDrawer,
  );
}

/** Presses Tab until `target` has the focus (as a keyboard user would). */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(
    `not reached with ${max} presses of Tab: ${await target.evaluate((el) => el.outerHTML.slice(0, 120))}`,
  );
}

/** Waits for the element's animations (the drawer slides in) to finish. */
async function settled(target: Locator): Promise<void> {
  await target.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

async function ready(page: Page, path: string): Promise<void> {
  await page.goto(`${BASE_URL}${path}`);
  await main(page).waitFor();
  await page.waitForLoadState('networkidle');
}

test('at 390×844 the sticky header is one bar of at most 64 px: menu button, logo, search, account and cart; nothing scrolls sideways', async () => {
  const user = uniqueUser('phone-header', { firstname: 'Meera' });
  await signUpByApi(user);
  await onPhone(async (page, pageErrors) => {
    await signInByUi(page, user.email, user.password);
    await ready(page, '/about');
    const bar = await header(page).boundingBox();
    assert.ok(bar && bar.height <= 64, `header height ${bar?.height} px`);

    for (const control of [
      menuButton(page),
      header(page).getByRole('link', { name: 'Marketplace home' }),
      header(page).getByRole('button', { name: 'Open search' }),
      header(page).getByRole('button', { name: 'Account menu for Meera' }),
      header(page).getByRole('link', { name: /^Cart, \d+ items?$/ }),
    ]) {
      assert.ok(await control.isVisible(), `${control} is visible`);
      const box = (await control.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${control} fits the width`);
      assert.ok(box.height >= 44, `${control} is a 44 px touch target (${box.height})`);
    }
    // The secondary menu is not a sideways-scrolling bar any more: it is in the drawer.
    assert.equal(await header(page).getByRole('navigation', { name: 'Main menu' }).count(), 0);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scrolling',
    );

    // Sticky: still at the top, still 64 px at most, after scrolling down.
    await page.mouse.wheel(0, 1200);
    await eventually(
      () => page.evaluate(() => window.scrollY),
      (y) => y > 0,
    );
    const stuck = (await header(page).boundingBox())!;
    assert.equal(Math.round(stuck.y), 0);
    assert.ok(stuck.height <= 64);

    // The search stays reachable and labelled: the search button opens it over the bar.
    await header(page).getByRole('button', { name: 'Open search' }).click();
    const box = header(page).getByRole('searchbox', { name: 'Search products' });
    assert.ok(await box.isVisible());
    assert.ok(await box.evaluate((el) => el === document.activeElement), 'the focus is in the search field');
    assert.ok((await header(page).boundingBox())!.height <= 64, 'the open search keeps the bar at 64 px at most');
    await page.keyboard.type('watch');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/newarrival/watch');
    assert.deepEqual(pageErrors, []);
  });
});

test('between the phone and the desktop layouts (601 to 760 px) the header keeps one compact bar, the search in it; nothing scrolls sideways', async () => {
  const user = uniqueUser('tablet-header', { firstname: 'Meera' });
  await signUpByApi(user);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await signInByUi(page, user.email, user.password);
    await ready(page, '/about');
    const heightAt = async (width: number) => {
      await page.setViewportSize({ width, height: 900 });
      return (await header(page).boundingBox())!.height;
    };
    const desktop = await heightAt(1280);
    for (const width of [601, 680, 760]) {
      const height = await heightAt(width);
      assert.ok(height <= desktop, `at ${width} px the header is ${height} px tall, at 1280 px ${desktop} px`);
      const search = header(page).getByRole('searchbox', { name: 'Search products' });
      const logo = (await header(page).getByRole('link', { name: 'Marketplace home' }).boundingBox())!;
      const field = (await search.boundingBox())!;
      assert.ok(
        Math.abs(field.y + field.height / 2 - (logo.y + logo.height / 2)) < 4,
        `at ${width} px the search is in the logo's row`,
      );
      assert.ok(field.width >= 120, `at ${width} px the search field is ${field.width} px wide`);
      for (const control of [
        header(page).getByRole('button', { name: 'Account menu for Meera' }),
        header(page).getByRole('link', { name: /^Cart, \d+ items?$/ }),
      ]) {
        const box = (await control.boundingBox())!;
        assert.ok(box.x + box.width <= width, `at ${width} px ${control} fits the width`);
      }
    }
    // Nor does the rest of the page push it wider (the footer's two columns did).
    for (const width of [521, 601, 680, 760, 901]) {
      await page.setViewportSize({ width, height: 900 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `at ${width} px the page is ${scrollWidth} px wide: it scrolls sideways`);
    }
  } finally {
    await context.close();
  }
});

test('on a phone the menu button opens the drawer; a link in it navigates and the drawer closes; a click beside it closes it', async () => {
  await onPhone(async (page, pageErrors) => {
    await ready(page, '/faq');
    const button = menuButton(page);
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    // Closed, the drawer is laid out out of sight (a tap then only repaints it, at once): not shown,
    // not in the accessibility tree, nothing in it reachable.
    const closed = await page.locator(`[id="${await button.getAttribute('aria-controls')}"]`).evaluate((panel) => ({
      width: panel.getBoundingClientRect().width,
      shown: panel.checkVisibility({ visibilityProperty: true }),
    }));
    assert.ok(closed.width > 0, 'the closed drawer is laid out');
    assert.equal(closed.shown, false, 'the closed drawer is not shown');
    assert.equal(await drawer(page).count(), 0, 'the closed drawer is not in the accessibility tree');
    await button.click();
    await drawer(page).waitFor();
    await settled(drawer(page));
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.equal(await drawer(page).getAttribute('id'), await button.getAttribute('aria-controls'));
    const links = drawer(page).getByRole('navigation', { name: 'Main menu' }).getByRole('link');
    assert.deepEqual(await links.allInnerTexts(), ['NEW ARRIVALS', 'REVIEW', 'AUCTION', 'ABOUT US', 'FAQ']);
    // Every item is whole, inside the panel, one under the other (none cut off, no sideways scroll).
    const panel = (await drawer(page).boundingBox())!;
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      assert.ok(
        box.x >= panel.x && box.x + box.width <= panel.x + panel.width,
        `${await link.innerText()} fits the panel`,
      );
      assert.ok(
        await link.evaluate((el) => el.scrollWidth <= el.clientWidth),
        `${await link.innerText()} is not cut off`,
      );
    }

    // The page behind does not scroll while the drawer is open.
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.move(370, 600);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.scrollY), scrollBefore, 'the page behind the drawer does not scroll');

    // A click beside the panel closes it.
    await page.mouse.click(PHONE.width - 10, 400);
    await drawer(page).waitFor({ state: 'hidden' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');

    // A link in it navigates, and the drawer closes.
    await button.click();
    await drawer(page).getByRole('link', { name: 'AUCTION' }).click();
    await waitForPath(page, '/auctionhome');
    await drawer(page).waitFor({ state: 'hidden' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.querySelectorAll('[inert]').length), 0, 'nothing is left inert');
    assert.equal(await page.evaluate(() => document.documentElement.style.overflow), '', 'the page scrolls again');
    assert.deepEqual(pageErrors, []);
  });
});

test('on a phone the drawer works with the keyboard alone: Tab, Enter, Escape; the focus stays in it and comes back to the menu button', async () => {
  await onPhone(async (page, pageErrors) => {
    await ready(page, '/');
    await tabTo(page, menuButton(page));
    assert.ok((await focused(page)).outline, 'the menu button shows its focus');
    await page.keyboard.press('Enter');
    await drawer(page).waitFor();
    // The focus moves in once the panel has painted (the frame that answers the key comes first).
    assert.deepEqual(await focusInDrawer(page), { name: 'Close menu', inDrawer: true, outline: true });

    // Tab walks the drawer and never leaves it for the page behind (which is inert).
    const seen: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now.name === '') continue; // the browser's own UI between the last and the first control
      assert.ok(now.inDrawer, `Tab ${i + 1} reached "${now.name}" outside the drawer`);
      assert.ok(now.outline, `"${now.name}" shows its focus`);
      seen.push(now.name);
    }
    for (const name of ['NEW ARRIVALS', 'FAQ', 'Close menu'])
      assert.ok(seen.includes(name), `Tab reaches ${name}: ${seen.join(', ')}`);

    // Escape closes it, and the focus is back on the menu button.
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'hidden' });
    assert.equal(await menuButton(page).getAttribute('aria-expanded'), 'false');
    assert.equal((await focused(page)).name, 'Menu');

    // Enter on a link navigates and closes the drawer, the focus on the menu button again.
    await page.keyboard.press('Enter');
    await drawer(page).waitFor();
    await focusInDrawer(page);
    await tabTo(page, drawer(page).getByRole('link', { name: 'ABOUT US' }));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/about');
    await main(page).getByRole('heading', { name: 'About Us', level: 1 }).waitFor();
    await drawer(page).waitFor({ state: 'hidden' });
    assert.equal((await focused(page)).name, 'Menu');

    // The search, by keyboard: its button opens it with the focus in the field; Escape closes it.
    await tabTo(page, header(page).getByRole('button', { name: 'Open search' }));
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).type), 'search');
    await page.keyboard.press('Escape');
    assert.equal((await focused(page)).name, 'Open search');
    assert.equal(await header(page).getByRole('searchbox').count(), 0, 'the closed search is hidden');
    assert.deepEqual(pageErrors, []);
  });
});

test('on a phone axe finds no serious or critical violation with the drawer open, signed out and signed in', async () => {
  const user = uniqueUser('phone-axe');
  await signUpByApi(user);
  const found: Record<string, string[]> = {};
  await onPhone(async (page) => {
    for (const signedIn of [false, true]) {
      if (signedIn) await signInByUi(page, user.email, user.password);
      await ready(page, '/about');
      await menuButton(page).click();
      await drawer(page).waitFor();
      const serious = await seriousViolations(page);
      if (serious.length) found[signedIn ? 'signed in' : 'signed out'] = serious;
    }
  });
  assert.deepEqual(found, {});
});
