// The smoke run: every route of a published remote release, opened through a preview in the live
// site (?preview=<remote>@<id>) in Chromium, signed in as a fresh shopper; fails on any page
// error, unavailable area, or front-end file or API call that fails.
import { chromium } from 'playwright-core';
import type { FrontEndName } from '../frontEnds';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { ReleaseError, readRelease } from './store';

const UNAVAILABLE = 'This part of the shop is unavailable right now';

/** An API reply: { status, msg, data }. */
interface Reply<T = unknown> {
  msg?: string;
  data?: T;
}

async function json<T = unknown>(url: string, init?: RequestInit): Promise<Reply<T>> {
  const response = await fetch(url, init);
  const body = (await response.json().catch(() => ({}))) as Reply<T>;
  if (!response.ok)
    throw new ReleaseError(
      `The smoke run could not prepare its shopper: ${url} answered ${response.status} ${body.msg ?? ''}`,
    );
  return body;
}

/** A new shopper, signed in through the API: the session the browser keeps (sessionStorage `data`). */
async function signedInShopper(apiUrl: string): Promise<unknown> {
  const email = `smoke.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Smoke#2024a';
  const person = {
    firstname: 'Smoke',
    lastname: 'Test',
    createdate: '1990-01-01',
    gender: 'female',
    email,
    password,
    phonenum: '9876543210',
    address: '',
  };
  await json(`${apiUrl}/signupcus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  const anon = await json<string>(`${apiUrl}/getanytoken`);
  const login = await json(`${apiUrl}/logincus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, authtoken: anon.data }),
  });
  return login.data;
}

/** A concrete URL for each route pattern: real ids from the live API. */
async function concretePaths(routes: readonly string[], frontEnd: FrontEndName, apiUrl: string): Promise<string[]> {
  let id = '1';
  if (routes.some((r) => r.includes(':id'))) {
    if (frontEnd === 'auction')
      id = String((await json<{ auctionid?: number }[]>(`${apiUrl}/getauction`)).data?.[0]?.auctionid ?? 1);
    else id = String((await json<{ productid?: number }[]>(`${apiUrl}/products`)).data?.[0]?.productid ?? 1);
  }
  return routes.map((r) => r.replace(/:id\b/g, id).replace(/:[A-Za-z]+/g, 'phone'));
}

/**
 * Opens every route of `frontEnd` release `id` through a preview in the site at `siteUrl`.
 * Returns { visited, problems } (problems empty: it passed).
 */
export async function smoke({
  store,
  frontEnd,
  id,
  siteUrl,
  chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  log = () => {},
}: {
  store: string;
  frontEnd: FrontEndName;
  id: string;
  siteUrl: string;
  chromiumPath?: string;
  log?: (line: string) => void;
}): Promise<{ visited: number; problems: string[] }> {
  const release = readRelease(store, frontEnd, id);
  if (!release) throw new ReleaseError(`There is no release ${id} of ${frontEnd} to smoke-test.`);
  if (!release.routes)
    throw new ReleaseError(
      "The smoke run previews a remote's release inside the live shell; a shell release has no preview.",
    );
  let config: RuntimeConfig;
  try {
    config = (await (await fetch(`${siteUrl}/config.json`)).json()) as RuntimeConfig;
  } catch (error) {
    throw new ReleaseError(
      `The smoke run needs the live site at ${siteUrl} (npm start or npm run serve; SMOKE_URL to use another): ${(error as Error).message}`,
    );
  }
  const paths = await concretePaths(release.routes, frontEnd, config.apiUrl);
  const session = await signedInShopper(config.apiUrl);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const problems: string[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((data) => sessionStorage.setItem('data', data), JSON.stringify(session));
    const page = await context.newPage();
    let current = '';
    page.on('pageerror', (error) => problems.push(`${current}: page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      // A stream or request the page dropped when it moved on is not a failure of the release.
      if (!/ERR_ABORTED/.test(request.failure()?.errorText ?? ''))
        problems.push(`${current}: ${request.url()} failed (${request.failure()?.errorText})`);
    });
    page.on('response', (response) => {
      if (response.status() >= 500 || (response.status() >= 400 && !response.url().startsWith(config.apiUrl))) {
        problems.push(`${current}: ${response.url()} answered ${response.status()}`);
      }
    });
    for (const path of paths) {
      current = path;
      // The first page starts the tab's preview; the parameter stays on the others too: the server
      // renders the live releases (a route only the previewed release has is not found there).
      const url = `${siteUrl}${path}?preview=${frontEnd}@${id}`;
      await page.goto(url);
      // Rendered (the shell's page area exists: an empty page has no spinner either) and settled.
      await page
        .waitForFunction(
          () => document.querySelector('main') && !document.querySelector('main [role="status"]'),
          undefined,
          { timeout: 20_000 },
        )
        .catch(() => problems.push(`${path}: still loading after 20 s`));
      if ((await page.getByText(UNAVAILABLE).count()) > 0) problems.push(`${path}: the area is unavailable`);
      const banner = await page.getByText(`Preview of ${frontEnd} ${id}`).count();
      if (!banner) problems.push(`${path}: not shown through the preview (no 'Preview of ${frontEnd} ${id}')`);
      log(`  ${path}`);
    }
  } finally {
    await browser.close();
  }
  return { visited: paths.length, problems };
}
