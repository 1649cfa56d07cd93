// Hydration (issue 24): on every route of every front end, signed in and signed out, at 1280 and
// 390 px, the browser takes the server's HTML over as it is (the header is the node the server
// sent, not one rendered again) with nothing in the console, and a signed-in shopper then sees
// their header.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { accountButton, loginByApi, signUpByApi, uniqueUser, type TestUser } from '../src/accounts';
import { API_URL, BASE_URL, launchBrowser } from '../src/browser';
import { appStarted, MARK_SERVER_NODES, stillFromServer } from '../src/journey';
import { catalogue, listProductByApi } from '../src/shop';

/** The shell's own pages (shell/src/pages/index.ts, SHELL_PAGES); the remotes' come from /config.json. */
const SHELL_PAGES = [
  '/logout',
  '/alreadyloggedin',
  '/about',
  '/faq',
  '/contact',
  '/getcontact',
  '/preload',
  '/error404',
];
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** What sessionStorage key `data` holds for a signed-in shopper. */
interface Session {
  firstname: string;
  lastname: string;
  authtoken: string;
}

async function signIn(user: TestUser): Promise<Session> {
  return { firstname: user.firstname, lastname: user.lastname, authtoken: await loginByApi(user.email, user.password) };
}

/** Every route the live front ends serve, its parameters filled with ids of the demo data and of `seller`. */
async function everyPage(seller: Session): Promise<string[]> {
  const config = (await (await fetch(`${BASE_URL}/config.json`)).json()) as { routes: Record<string, string[]> };
  const product = (await catalogue())[0];
  const own = await listProductByApi(seller.authtoken, { productname: 'Hydration lamp', price: 1299 });
  const auctions = (await (await fetch(`${API_URL}/getauction?limit=1`)).json()) as {
    data: { auctionid: number }[];
  };
  const ids: Record<string, string> = {
    '/productdetails/:id': String(product.productid),
    '/viewcart/:id': String(product.productid),
    '/editproduct/:id': String(own.productid),
    '/newarrival/:searchKey': 'drone',
    '/auctionproduct/:id': String(auctions.data[0].auctionid),
    '/auctionusers/:id': String(own.userid),
  };
  const remotePages = Object.values(config.routes)
    .flat()
    .map((route) => {
      if (!route.includes(':')) return route;
      assert.ok(ids[route], `${route} is a route with a parameter: give it an id of the demo data`);
      return route.replace(/:[A-Za-z]+/, ids[route]);
    });
  assert.ok(remotePages.length > 30, `the live config lists every remote's routes (${remotePages.length})`);
  return [...remotePages, ...SHELL_PAGES];
}

/** What went wrong on one page load: console errors, uncaught errors, server nodes rendered again. */
async function visit(
  context: BrowserContext,
  path: string,
  viewport: { width: number; height: number },
  session: Session | null,
): Promise<string[]> {
  const page = await context.newPage();
  const problems: string[] = [];
  const where = `${path} at ${viewport.width} px, signed ${session ? 'in' : 'out'}`;
  page.on('console', (message) => {
    if (message.type() === 'error')
      problems.push(`${where}: console: ${message.text().slice(0, 300)} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`${where}: uncaught: ${error.message.slice(0, 300)}`));
  try {
    await page.setViewportSize(viewport);
    await page.addInitScript(MARK_SERVER_NODES);
    if (session) {
      await page.addInitScript((data) => sessionStorage.setItem('data', data), JSON.stringify(session));
    }
    await page.goto(`${BASE_URL}${path}`);
    await appStarted(page);
    const [header, root] = await page.evaluate(stillFromServer);
    if (!header || !root) problems.push(`${where}: rendered again, not hydrated (header ${header}, root ${root})`);
    if (session && path !== '/logout') {
      // After hydration the session shows: the account button carries the shopper's initial.
      await page
        .waitForFunction(
          (letter) => document.querySelector('header [data-testid="account-initial"]')?.textContent === letter,
          session.firstname.charAt(0).toUpperCase(),
          { timeout: 10_000 },
        )
        .catch(async () =>
          problems.push(`${where}: header not signed in: ${await accountButton(page).getAttribute('aria-label')}`),
        );
      // And so do the page's links: none asks the signed-in shopper to sign in (as Add to cart does
      // signed out), but the password reset's 'Back to Login', there for everyone.
      const signInLinks = await page
        .locator('a[href^="/login"], a[href^="/signup"]')
        .filter({ hasNotText: 'Back to Login' })
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      if (signInLinks.length) problems.push(`${where}: links to sign in: ${signInLinks.join(', ')}`);
    }
  } finally {
    await page.close();
  }
  return problems;
}

/** Visits every page at both widths (together: most of a load is waiting) in one context. */
async function visitEveryPage(session: (path: string) => Promise<Session | null>): Promise<string[]> {
  const context = await browser.newContext();
  const problems: string[] = [];
  try {
    for (const path of pages) {
      const found = await Promise.all(
        WIDTHS.map(async (viewport) => visit(context, path, viewport, await session(path))),
      );
      problems.push(...found.flat());
    }
  } finally {
    await context.close();
  }
  return problems;
}

let shopper: TestUser;
let pages: string[];
before(async () => {
  shopper = uniqueUser('hydration', { firstname: 'Kavya' });
  await signUpByApi(shopper);
  pages = await everyPage(await signIn(shopper));
});

test('signed out, every page of every front end is hydrated as the server sent it, with nothing in the console, at 1280 and 390 px', async () => {
  const problems = await visitEveryPage(async () => null);
  assert.equal(problems.length, 0, problems.join('\n'));
});

test('signed in, every page of every front end is hydrated as the server sent it (signed out), with nothing in the console, then shows the session, at 1280 and 390 px', async () => {
  const session = await signIn(shopper);
  // /logout ends the session it is given (on the server too): it gets one of its own.
  const problems = await visitEveryPage(async (path) => (path === '/logout' ? signIn(shopper) : session));
  assert.equal(problems.length, 0, problems.join('\n'));
});
