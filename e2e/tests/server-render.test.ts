// The server-rendered first view: what a crawler, a share preview or a browser without JavaScript
// gets, the hydration of it in Chromium, and the rendering server following the remotes' releases.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { loginByApi, signUpByApi, uniqueUser } from '../src/accounts';
import { API_URL, BASE_URL, launchBrowser, openPage } from '../src/browser';
import { main } from '../src/journey';
import { callApi, catalogue, listProductByApi, rs } from '../src/shop';
import { ROOT } from '../../platform/src/root';

const STORE = process.env.E2E_RELEASES_DIR!;
const run = promisify(execFile);

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function noScriptPage(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

async function firstAuction(): Promise<{ auctionid: number; productname: string }> {
  const reply = (await (await fetch(`${API_URL}/getauction?limit=1`)).json()) as {
    data: { auctionid: number; productname: string }[];
  };
  return reply.data[0];
}

const meta = (page: Page, attribute: 'name' | 'property', key: string) =>
  page.locator(`head meta[${attribute}="${key}"]`).getAttribute('content');

test('with JavaScript off, each public page comes rendered: its content, its title and its share tags; an unknown path is a 404 with the not-found page', async () => {
  const products = await catalogue();
  const product = products[0];
  const auction = await firstAuction();
  const { page, close } = await noScriptPage();
  try {
    const pages: { path: string; shows: string; title: RegExp }[] = [
      { path: '/', shows: 'TOP TRENDING', title: /Marketplace/ },
      { path: '/newarrival', shows: products.at(-1)!.productname, title: /New Arrivals/ },
      {
        path: `/productdetails/${product.productid}`,
        shows: product.productname,
        title: new RegExp(product.productname),
      },
      { path: '/review', shows: 'Customer Reviews', title: /Reviews/ },
      { path: '/auctionhome', shows: auction.productname, title: /Auction/ },
      {
        path: `/auctionproduct/${auction.auctionid}`,
        shows: auction.productname,
        title: new RegExp(auction.productname),
      },
      { path: '/about', shows: 'About', title: /About/ },
      { path: '/faq', shows: 'Frequently', title: /FAQ|Questions/ },
      { path: '/contact', shows: 'Contact', title: /Contact/ },
    ];
    for (const { path, shows, title } of pages) {
      const response = await page.goto(`${BASE_URL}${path}`);
      assert.equal(response?.status(), 200, path);
      assert.ok((await page.locator('main').innerText()).includes(shows), `${path} shows ${shows}`);
      assert.match(await page.title(), title, `${path}'s title`);
      assert.ok(await meta(page, 'property', 'og:title'), `${path} has og:title`);
      assert.ok(await meta(page, 'name', 'twitter:card'), `${path} has a Twitter card`);
    }

    // A product: its price, description and photo in the page; a share preview and structured data of it.
    await page.goto(`${BASE_URL}/productdetails/${product.productid}`);
    const main = await page.locator('main').innerText();
    assert.ok(main.includes(rs(product.price)));
    const { data: details } = (await (await fetch(`${API_URL}/product/${product.productid}`)).json()) as {
      data: { description: string; rating: number };
    };
    assert.ok(main.includes(details.description.slice(0, 40)));
    assert.ok(await page.locator(`main img[alt*="${product.productname}"]`).count(), 'the photo is in the page');
    assert.match((await meta(page, 'property', 'og:image')) ?? '', /^http:\/\/.+\/images\/.+\.png$/);
    assert.equal(await meta(page, 'property', 'product:price:currency'), 'INR');
    assert.equal(
      await page.locator('head link[rel="canonical"]').getAttribute('href'),
      `${BASE_URL}/productdetails/${product.productid}`,
    );
    const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as { '@type': string; offers?: { price: number; priceCurrency: string } },
    );
    const described = structured.find((data) => data['@type'] === 'Product') as
      | {
          offers?: { price: number; priceCurrency: string; availability: string };
          aggregateRating?: { ratingValue: number };
        }
      | undefined;
    assert.deepEqual(
      [described?.offers?.price, described?.offers?.priceCurrency, described?.offers?.availability],
      [product.price, 'INR', 'https://schema.org/InStock'],
    );
    assert.equal(described?.aggregateRating?.ratingValue, details.rating);
    assert.ok(structured.some((data) => data['@type'] === 'BreadcrumbList'));

    const missing = await page.goto(`${BASE_URL}/no-such-page`);
    assert.equal(missing?.status(), 404);
    assert.ok((await page.locator('main').innerText()).includes("Looks like you're in wrong place"));
    const removed = await page.goto(`${BASE_URL}/productdetails/999999`);
    assert.equal(removed?.status(), 404, 'a product that does not exist');
  } finally {
    await close();
  }
});

test('with JavaScript off, /login, /signup and /forgetpassword come with their forms, sent only once the page is hydrated; /myaccount with its menu and a skeleton', async () => {
  const { page, close } = await noScriptPage();
  try {
    const forms: { path: string; title: string; fields: string[]; submit: string }[] = [
      { path: '/login', title: 'Login', fields: ['Email', 'Password'], submit: 'LOGIN' },
      {
        path: '/signup',
        title: 'Create Account',
        fields: ['First Name', 'Last Name', 'Birthday', 'Gender', 'Email', 'Password', 'Phone'],
        submit: 'CREATE',
      },
      { path: '/forgetpassword', title: 'Forgot Password', fields: ['Email'], submit: 'SEND CODE' },
    ];
    for (const { path, title, fields, submit } of forms) {
      const response = await page.goto(`${BASE_URL}${path}`);
      assert.equal(response?.status(), 200, path);
      const form = page.locator('main form');
      await main(page).getByRole('heading', { name: title, level: 1 }).waitFor({ timeout: 1000 });
      for (const field of fields) assert.equal(await form.getByLabel(field).count(), 1, `${path}: ${field}`);
      // A form sent before its code runs would go as a GET, the password in the URL.
      assert.ok(await form.getByRole('button', { name: submit }).isDisabled(), `${path}: ${submit} waits for the code`);
    }

    const response = await page.goto(`${BASE_URL}/myaccount/myorder`);
    assert.equal(response?.status(), 200);
    const menu = main(page).getByRole('navigation', { name: 'My account' });
    assert.deepEqual(await menu.getByRole('link').allTextContents(), [
      'Manage My Account',
      'My Profile',
      'Address Book',
      'My Orders',
      'My Products',
      'Orders to ship',
      'My Bids',
      'Notifications',
    ]);
    assert.equal(await main(page).getByRole('status').innerText(), 'Loading your account');
    assert.match(await page.title(), /My Orders/);
  } finally {
    await close();
  }
});

test('/login opened by a full page load: typed and sent before the app has started, it signs in once it has', async () => {
  const user = uniqueUser('ssr-login');
  await signUpByApi(user);
  const product = (await catalogue())[0];
  const { page, pageErrors, started, release, close } = await phoneWithHydrationHeld();
  try {
    await page.goto(`${BASE_URL}/login?next=${encodeURIComponent(`/productdetails/${product.productid}`)}`, {
      waitUntil: 'commit',
    });
    await started;
    await main(page).getByLabel('Email').fill(user.email);
    await main(page).getByLabel('Password').fill(user.password);
    const login = main(page).getByRole('button', { name: 'LOGIN' });
    assert.ok(await login.isDisabled(), 'not sent before the app has started');
    // The tap waits for the button, which the app enables once it has taken the page over.
    const tapped = login.tap();
    release();
    await tapped;
    await page.waitForURL(`${BASE_URL}/productdetails/${product.productid}`);
    assert.deepEqual(pageErrors, []);
  } finally {
    await close();
  }
});

test('/myaccount opened by a full page load: a visitor is sent to /login, whose link to /signup keeps ?next= once loaded; signed in, the account shows', async () => {
  const user = uniqueUser('ssr-account', { firstname: 'Ishaan', lastname: 'Mehta' });
  await signUpByApi(user);
  const next = encodeURIComponent('/myaccount/myprofile');
  const { page, pageErrors, context } = await openPage(browser);
  try {
    await page.goto(`${BASE_URL}/myaccount/myprofile`);
    await page.waitForURL(`${BASE_URL}/login?next=${next}`);
    // The server renders /login without ?next= (one page for every next): the app puts it in.
    await page.reload();
    const login = main(page).getByRole('button', { name: 'LOGIN' });
    await page.waitForFunction(
      () => !(document.querySelector('main form button[type="submit"]') as HTMLButtonElement | null)?.disabled,
    );
    assert.equal(
      await main(page).getByRole('link', { name: 'Create an account' }).getAttribute('href'),
      `/signup?next=${next}`,
    );
    await main(page).getByLabel('Email').fill(user.email);
    await main(page).getByLabel('Password').fill(user.password);
    await login.click();
    await page.waitForURL(`${BASE_URL}/myaccount/myprofile`);
    await main(page).getByText('Ishaan Mehta', { exact: true }).first().waitFor();
    await page.reload();
    await main(page).getByText('Ishaan Mehta', { exact: true }).first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/myaccount/myprofile');
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('with JavaScript off, links, the search form and Load more work', async () => {
  const { page, close } = await noScriptPage();
  try {
    const names = () =>
      page
        .locator('main')
        .getByRole('list', { name: 'Products', exact: true })
        .getByRole('heading', { level: 3 })
        .allTextContents();
    await page.goto(`${BASE_URL}/newarrival`);
    const firstPage = await names();
    await page.getByRole('button', { name: 'Load more products' }).click();
    await page.waitForURL(/\/newarrival\?cursor=/);
    const secondPage = await names();
    assert.ok(secondPage.length > 0);
    assert.deepEqual(
      secondPage.filter((name) => firstPage.includes(name)),
      [],
      `the next products, not the same ones (${firstPage.length} then ${secondPage.length})`,
    );

    await page.locator('main').getByRole('link', { name: secondPage[0] }).first().click();
    await page.waitForURL(/\/productdetails\/\d+$/);
    assert.equal(await page.locator('main h1').innerText(), secondPage[0]);

    await page.getByRole('searchbox', { name: 'Search products' }).fill('drone');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.waitForURL(/\/newarrival\?q=drone$/);
    assert.match(await page.locator('main').innerText(), /Drone/i);
  } finally {
    await close();
  }
});

test('the browser takes the server HTML over: no React error or warning, and no second read of the data it came with', async () => {
  const product = (await catalogue())[0];
  const auction = await firstAuction();
  for (const path of [
    '/',
    '/newarrival',
    `/productdetails/${product.productid}`,
    '/review',
    '/auctionhome',
    `/auctionproduct/${auction.auctionid}`,
    '/about',
    '/faq',
    '/contact',
  ]) {
    const { page, pageErrors, context } = await openPage(browser);
    const logged: string[] = [];
    const reads: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
    });
    page.on('request', (request) => {
      const url = request.url();
      // Photos and the live auction stream are not the page's data.
      if (url.startsWith(API_URL) && !/\/images\/|\/auctionevents\//.test(url)) reads.push(url);
    });
    try {
      await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
      // Hydrated: the page answers a click handled by its code (the header's account menu opens).
      await page.getByRole('button', { name: 'Account menu', exact: true }).click();
      await page.locator('button[aria-label="Account menu"][aria-expanded="true"]').waitFor();
      assert.deepEqual(logged, [], `${path}: the console`);
      assert.deepEqual(pageErrors, [], `${path}: uncaught errors`);
      assert.deepEqual(reads, [], `${path}: API reads after the server render`);
    } finally {
      await context.close();
    }
  }
});

/**
 * A phone page whose app cannot start until `release()`: the code that hydrates (React DOM's client
 * and the shell's bootstrap, the files that contain `hydrateRoot`) is held back. `started` resolves
 * once the page asks for the bootstrap (shell/src/bootstrap.tsx, the one file with its message
 * below), which the shell's boot imports last: the page is then waiting for it.
 */
async function phoneWithHydrationHeld(): Promise<{
  page: Page;
  pageErrors: string[];
  started: Promise<void>;
  release(): void;
  close(): Promise<void>;
}> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const started = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('hydrateRoot')) {
      if (body.includes('could not be hydrated as it was')) asked();
      await released;
    }
    await route.fulfill({ response, body });
  });
  return { page, pageErrors, started, release, close: () => context.close() };
}

test('a tap on the phone menu before the app has started opens it once the app has', async () => {
  const { page, pageErrors, started, release, close } = await phoneWithHydrationHeld();
  try {
    await page.goto(`${BASE_URL}/`, { waitUntil: 'commit' });
    await started;
    await page.locator('header').getByRole('button', { name: 'Menu', exact: true }).tap();
    assert.equal(await page.getByRole('dialog', { name: 'Menu' }).count(), 0, 'nothing happens yet');
    release();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    // Opened once: a second click would have closed it again.
    await page.waitForLoadState('networkidle');
    assert.ok(await page.getByRole('dialog', { name: 'Menu' }).isVisible());
    assert.deepEqual(pageErrors, []);
  } finally {
    await close();
  }
});

test('product text that closes a script element stays text: the embedded data cannot run it', async () => {
  const seller = uniqueUser('ssr-seller');
  await signUpByApi(seller);
  const token = await loginByApi(seller.email, seller.password);
  const png = new PNG({ width: 3, height: 3 });
  png.data.fill(200);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG.sync.write(png))], { type: 'image/png' }), 'photo.png');
  const photo = (
    (await (
      await fetch(`${API_URL}/uploadimage`, { method: 'POST', body: form, headers: { authtoken: token } })
    ).json()) as { data: string }
  ).data;
  const name = 'Lamp </script><script>window.__injected=1</script>';
  const listed = await fetch(`${API_URL}/product`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', authtoken: token },
    body: JSON.stringify({
      productname: name,
      title: 'Accessories',
      description: 'Warm light\u2028</script><img src=x onerror="window.__injected=2">',
      price: 799,
      rating: 4,
      location: 'Pune',
      photos: [photo],
      stock: 12,
    }),
  });
  assert.equal(listed.status, 200, await listed.clone().text());
  const { productid } = ((await listed.json()) as { data: { productid: number } }).data;

  const { page, pageErrors, context } = await openPage(browser);
  try {
    await page.goto(`${BASE_URL}/productdetails/${productid}`, { waitUntil: 'networkidle' });
    assert.equal(await page.locator('main h1').innerText(), name);
    assert.equal(await page.evaluate(() => (window as { __injected?: number }).__injected), undefined);
    const embedded = JSON.parse((await page.locator('#marketplace-page').textContent()) ?? '') as {
      data: Record<string, { data?: { productname?: string } }>;
    };
    assert.equal(embedded.data[`product:${productid}`]?.data?.productname, name);
    assert.equal(
      await page
        .locator('script:not([type]), script[type="text/javascript"]')
        .filter({ hasText: '__injected' })
        .count(),
      0,
    );
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test("page data holding replacement patterns ($&, $`, $') is text: it never copies the document into the page", async () => {
  const HOSTILE = "Lamp $& $` $' $1 $$ </head></script>";
  const seller = uniqueUser('ssr-patterns');
  await signUpByApi(seller);
  const token = await loginByApi(seller.email, seller.password);
  const { productid } = await listProductByApi(token, {
    productname: HOSTILE,
    description: `Warm light ${HOSTILE}`,
    price: 899,
  });
  const review = await callApi('POST', '/addreview', token, {
    name: HOSTILE,
    title: HOSTILE,
    description: HOSTILE,
    keywords: HOSTILE,
    date: new Date().toISOString().slice(0, 10),
    authtoken: token,
  });
  assert.equal(review.status, 200, JSON.stringify(review.json));
  const { photos } = ((await (await fetch(`${API_URL}/product/${productid}`)).json()) as { data: { photos: string[] } })
    .data;
  const auction = await callApi<{ data: { auctionid: number } }>('POST', '/addauction', token, {
    photos,
    username: HOSTILE,
    bid: 1200,
    rangelowbid: 800,
    rangehighbid: 5000,
    productname: HOSTILE,
    category: 'Painting',
    description: HOSTILE,
    ageproduct: HOSTILE,
    time: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
  });
  assert.equal(auction.status, 200, JSON.stringify(auction.json));
  const hostileQuery = encodeURIComponent("$` $& $'");
  const paths = [
    `/productdetails/${productid}`,
    '/newarrival',
    `/newarrival?q=${hostileQuery}`,
    `/newarrival/${hostileQuery}`,
    '/review',
    '/auctionhome',
    `/auctionproduct/${auction.json.data.auctionid}`,
    '/',
  ];
  for (const path of paths) {
    const html = await (await fetch(`${BASE_URL}${path}`)).text();
    assert.ok(html.includes('id="marketplace-page"'), `${path} is rendered on the server`);
    assert.match(html, /^<!doctype html>/i, `${path}: nothing before the document`);
    assert.equal(html.match(/data-app="?main\.[0-9a-f]+\.js/g)?.length, 1, `${path}: the shell's script once`);
    assert.equal(html.match(/<\/head>/g)?.length, 1, `${path}: one head`);
    for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g))
      assert.doesNotThrow(() => JSON.parse(json), `${path}: JSON-LD parses`);
  }
  const { page, pageErrors, context } = await openPage(browser);
  try {
    await page.goto(`${BASE_URL}/productdetails/${productid}`, { waitUntil: 'networkidle' });
    assert.equal(await page.locator('main h1').innerText(), HOSTILE);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('robots.txt points to the sitemap, and the sitemap lists every product across its pages', async () => {
  const robots = await (await fetch(`${BASE_URL}/robots.txt`)).text();
  assert.ok(robots.includes(`Sitemap: ${BASE_URL}/sitemap.xml`));
  assert.match(robots, /Disallow: \/checkout/);
  const index = await (await fetch(`${BASE_URL}/sitemap.xml`)).text();
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const productPages = locs(index).filter((url) => /\/sitemaps\/products-\d+\.xml$/.test(url));
  assert.ok(productPages.length >= 1);
  const listed: number[] = [];
  for (const url of productPages) {
    const response = await fetch(url.replace(/^https?:\/\/[^/]+/, BASE_URL));
    assert.equal(response.status, 200);
    const urls = locs(await response.text());
    assert.ok(urls.length <= 50_000);
    listed.push(...urls.map((u) => Number(/\/productdetails\/(\d+)$/.exec(u)?.[1])));
  }
  const ids = (await catalogue()).map((p) => p.productid);
  assert.deepEqual(
    [...listed].sort((a, b) => a - b),
    [...ids].sort((a, b) => a - b),
  );
});

/** Publishes a copy of the live shop release changed by `change(folder)` and makes it live; resolves with the id. */
async function releaseChangedShop(change: (folder: string) => void): Promise<string> {
  const registry = JSON.parse(readFileSync(join(STORE, 'registry.json'), 'utf8')) as {
    frontEnds: Record<string, { live: string }>;
  };
  const folder = mkdtempSync(join(tmpdir(), 'marketplace-ssr-shop-'));
  try {
    cpSync(join(STORE, 'shop', registry.frontEnds.shop.live), folder, { recursive: true });
    rmSync(join(folder, 'release.json'), { force: true });
    change(folder);
    const env = { ...process.env, RELEASES_DIR: STORE };
    const { stdout } = await run(process.execPath, ['scripts/release.mjs', 'publish', 'shop', folder], {
      cwd: ROOT,
      env,
    });
    const id = /(?:published|already published as) (\S+)/.exec(stdout)?.[1];
    assert.ok(id, stdout);
    await run(process.execPath, ['scripts/release.mjs', 'promote', 'shop', id], { cwd: ROOT, env });
    return id;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function promoteShop(id: string): Promise<void> {
  await run(process.execPath, ['scripts/release.mjs', 'promote', 'shop', id], {
    cwd: ROOT,
    env: { ...process.env, RELEASES_DIR: STORE },
  });
}

function liveShop(): string {
  return (JSON.parse(readFileSync(join(STORE, 'registry.json'), 'utf8')) as { frontEnds: { shop: { live: string } } })
    .frontEnds.shop.live;
}

function replaceInScripts(folder: string, from: string, to: string): void {
  for (const entry of readdirSync(folder, { recursive: true }) as string[]) {
    const file = join(folder, entry);
    if (!file.endsWith('.js') || !statSync(file).isFile()) continue;
    const text = readFileSync(file, 'utf8');
    if (text.includes(from)) writeFileSync(file, text.split(from).join(to));
  }
}

test('a shop release promoted reaches the next server render, with no restart; a rollback brings the old one back', async () => {
  const original = liveShop();
  const { page, close } = await noScriptPage();
  try {
    await page.goto(`${BASE_URL}/review`);
    assert.ok((await page.locator('main').innerText()).includes('Customer Reviews'));
    await releaseChangedShop((folder) => replaceInScripts(folder, 'Customer Reviews', 'What Shoppers Say'));
    await page.goto(`${BASE_URL}/review`);
    assert.ok(
      (await page.locator('main').innerText()).includes('What Shoppers Say'),
      'the new release, rendered on the server',
    );

    // The browser hydrates it with the same release's code.
    const { page: live, pageErrors, context } = await openPage(browser);
    const logged: string[] = [];
    live.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await live.goto(`${BASE_URL}/review`, { waitUntil: 'networkidle' });
    await live.getByRole('heading', { name: 'What Shoppers Say' }).waitFor();
    assert.deepEqual([...logged, ...pageErrors], []);
    await context.close();

    await promoteShop(original);
    await page.goto(`${BASE_URL}/review`);
    assert.ok(
      (await page.locator('main').innerText()).includes('Customer Reviews'),
      'the rollback, rendered on the server',
    );
  } finally {
    if (liveShop() !== original) await promoteShop(original);
    await close();
  }
});

test("a shop release whose server code throws: the shop's area renders in the browser and the page is complete", async () => {
  const original = liveShop();
  const product = (await catalogue())[1];
  try {
    await releaseChangedShop((folder) =>
      writeFileSync(join(folder, 'server', 'remoteEntry.js'), "throw new Error('a broken server build');\n"),
    );
    // The server HTML: the shell's header and footer, the shop's area left to the browser.
    const { page: plain, close } = await noScriptPage();
    const response = await plain.goto(`${BASE_URL}/productdetails/${product.productid}`);
    assert.equal(response?.status(), 200);
    assert.ok(
      await plain
        .locator('header')
        .getByRole('link', { name: /new arrivals/i })
        .count(),
    );
    assert.ok(!(await plain.locator('main').innerText()).includes(product.productname));
    await close();

    const { page, pageErrors, context } = await openPage(browser);
    await page.goto(`${BASE_URL}/productdetails/${product.productid}`);
    await page.locator('main h1').filter({ hasText: product.productname }).waitFor();
    assert.equal(await page.getByText('This part of the shop is unavailable right now').count(), 0);
    assert.deepEqual(pageErrors, []);
    await context.close();
  } finally {
    await promoteShop(original);
  }
});
