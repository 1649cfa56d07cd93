// Canary releases (issue 29): a release of the shop served to a sticky share of new visitors beside
// the live one, measured by the page views' telemetry, and ended by itself when it spends its error
// budget. Its own store and servers (as releases.test.ts), with a small budget for the test:
// CANARY_MIN_VIEWS and CANARY_CHECK_SECONDS on the shell's server, no sleeping.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../src/browser';
import { appStarted, eventually, MARK_SERVER_NODES, navigate, stillFromServer } from '../src/journey';
import { journeyStore } from '../src/journeyStore';
import { catalogue } from '../src/shop';
import { startFrontEnd, stopChild } from '../src/stack.mjs';
import { bucketOf, VISITOR_COOKIE } from '../../platform/src/canary/bucket';

const journey = journeyStore('canary');
const { work, store: STORE, ports: PORTS, shellUrl: SHELL_URL, serverEnv } = journey;
const V1_HEADING = 'TOP TRENDING';
const V2_HEADING = 'TOP TRENDING THIS WEEK';
const MIN_VIEWS = 8;
const VISITORS = 40;

let browser: Browser;
const servers: Record<string, ChildProcess> = {};
let live = '';
let productId = 0;
const figures: string[] = [];

/** `npm run release -- …` against this journey's store; returns its output. */
const release = (args: string[]) => journey.release(args);

/**
 * A release of the shop made from the live one, its built JavaScript (browser and server) changed
 * by `change` in every file holding `marker`; published as a build made elsewhere.
 */
async function publishShopVariant(name: string, marker: string, change: (text: string) => string): Promise<string> {
  const dir = join(work, name);
  cpSync(join(STORE, 'shop', live), dir, { recursive: true });
  rmSync(join(dir, 'release.json'));
  let changed = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const file = join(folder, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.js') && readFileSync(file, 'utf8').includes(marker)) {
        writeFileSync(file, change(readFileSync(file, 'utf8')));
        changed += 1;
      }
    }
  };
  walk(dir);
  assert.ok(changed > 0, `${marker} was found in the shop's build`);
  const output = await release(['publish', 'shop', dir]);
  return /^release id: (\S+)$/m.exec(output)?.[1] ?? assert.fail(`no release id in:\n${output}`);
}

/** The shell's /metrics, and one sample of it (labels matched as given), 0 when absent. */
async function metric(name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`${SHELL_URL}/metrics`)).text();
  for (const line of text.split('\n')) {
    const match = /^([a-z0-9_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    if (Object.entries(labels).every(([k, v]) => match[2].includes(`${k}="${v}"`))) return Number(match[3]);
  }
  return 0;
}

const registry = () =>
  JSON.parse(readFileSync(join(STORE, 'registry.json'), 'utf8')) as {
    frontEnds: { shop: { live: string; canary?: { release: string } | null } };
    history: { action: string; release?: string; reasons?: string[]; figures?: unknown }[];
  };

/** The shop release this page loaded (its manifest's folder), once its area shows. */
async function shopReleaseOf(page: Page): Promise<string> {
  const found = await eventually(
    () =>
      page.evaluate(
        (port) =>
          performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .map((url) => new RegExp(`^http://localhost:${port}/([^/]+)/mf-manifest\\.json`).exec(url)?.[1])
            .filter(Boolean),
        PORTS.shop,
      ),
    (ids) => ids.length > 0,
  );
  assert.equal(new Set(found).size, 1, `one shop release per page: ${found.join(', ')}`);
  return found[0]!;
}

/** The shop release the server answers this context's visitor with: in its rendered page, else its /config.json. */
async function serverShopRelease(context: BrowserContext): Promise<string> {
  const html = await (await context.request.get(`${SHELL_URL}/`)).text();
  const embedded = /<script[^>]*id="marketplace-page"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  if (embedded) return JSON.parse(embedded).config.releases.shop;
  return (await (await context.request.get(`${SHELL_URL}/config.json`)).json()).releases.shop;
}

/** A visitor id for a new context whose shop bucket a 50 % canary serves (true) or not. */
function visitorId(onCanary: boolean, seed: number): string {
  for (let i = seed * 1000; ; i += 1) {
    const id = i.toString(16).padStart(32, '0');
    if (bucketOf(id, 'shop') < 50 === onCanary) return id;
  }
}

/**
 * A visitor's first view of the home page as the server sends it (before any script runs) and in
 * Chromium, with their visitor id: the server's HTML, and what went wrong once it was hydrated
 * (console errors, uncaught errors, server nodes rendered again).
 */
async function firstView(visitor: string, heading: string): Promise<{ html: string; problems: string[] }> {
  const cookie = `${VISITOR_COOKIE}=${visitor}`;
  const html = await (await fetch(`${SHELL_URL}/`, { headers: { Cookie: cookie } })).text();
  const { context, page, pageErrors } = await openPage(browser);
  const problems: string[] = [];
  try {
    await context.addCookies([{ name: VISITOR_COOKIE, value: visitor, url: SHELL_URL }]);
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text().slice(0, 300)}`);
    });
    await page.addInitScript(MARK_SERVER_NODES);
    await page.goto(`${SHELL_URL}/`);
    await appStarted(page);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    const [header, root] = await page.evaluate(stillFromServer);
    if (!header || !root) problems.push(`rendered again, not hydrated (header ${header}, root ${root})`);
    problems.push(...pageErrors.map((error) => `uncaught: ${error}`));
  } finally {
    await context.close();
  }
  return { html, problems };
}

/** A page view that ends (the page is left), so its beacon is sent. */
async function visit(context: BrowserContext, path: string, settled: (page: Page) => Promise<unknown>): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${SHELL_URL}${path}`);
  await settled(page);
  await page.goto('about:blank');
}

before(async () => {
  browser = await launchBrowser();
  for (const area of ['shell', 'shop', 'account', 'auction'] as const)
    servers[area] = await startFrontEnd(area, {
      port: PORTS[area],
      env: {
        ...serverEnv,
        CANARY_MIN_VIEWS: String(MIN_VIEWS),
        CANARY_CHECK_SECONDS: '1',
        TELEMETRY_BEACONS_PER_MINUTE: '100000',
      },
    });
  live = registry().frontEnds.shop.live;
  productId = (await catalogue())[0].productid;
});

after(async () => {
  if (figures.length) console.log(`canary journey:\n  ${figures.join('\n  ')}`);
  await browser?.close();
  for (const child of Object.values(servers)) await stopChild(child);
  rmSync(work, { recursive: true, force: true });
});

test('a 50 % canary of the shop: new visitors split between both releases, each keeps theirs across navigations and reloads, server and browser agree; a healthy canary runs on', async () => {
  const v2 = await publishShopVariant('shop-v2', `"${V1_HEADING}"`, (t) =>
    t.replaceAll(`"${V1_HEADING}"`, `"${V2_HEADING}"`),
  );
  assert.match(await release(['canary', 'shop', v2, '--percent', '50', '--no-smoke']), /canary .* to 50 %/);
  // A visitor the canary serves gets the canary's page rendered on the server (in a render worker of
  // its releases), everyone else the live one's; each is hydrated as it came.
  for (const [onCanary, heading, served] of [
    [true, V2_HEADING, v2],
    [false, V1_HEADING, live],
  ] as const) {
    const who = onCanary ? 'a visitor the canary serves' : 'a visitor of the live release';
    const { html, problems } = await firstView(visitorId(onCanary, 200), heading);
    assert.match(html, new RegExp(`<h2[^>]*>${heading}</h2>`), `${who}: the server rendered their release's page`);
    assert.match(html, new RegExp(`"releases":\\{[^}]*"shop":"${served}"`), `${who}: the page's config`);
    assert.deepEqual(problems, [], who);
  }
  const seen: Record<string, number> = { [live]: 0, [v2]: 0 };
  /** One new visitor: their release on arrival, kept across a navigation and a reload. */
  async function newVisitor(i: number): Promise<void> {
    const { context, page, pageErrors } = await openPage(browser);
    try {
      await page.goto(`${SHELL_URL}/`);
      await appStarted(page);
      const first = await shopReleaseOf(page);
      assert.ok(first === live || first === v2, `visitor ${i} got ${first}`);
      seen[first] += 1;
      const heading = first === v2 ? V2_HEADING : V1_HEADING;
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      // Server and browser agree on the release, and the visitor keeps it across a navigation and a reload.
      assert.equal(await serverShopRelease(context), first, `visitor ${i}: the server's release`);
      await navigate(page, '/newarrival');
      await page.getByRole('heading', { name: heading, exact: true }).waitFor({ state: 'detached' });
      assert.equal(await shopReleaseOf(page), first, `visitor ${i} after a navigation`);
      await page.reload();
      await appStarted(page);
      assert.equal(await shopReleaseOf(page), first, `visitor ${i} after a reload`);
      // Leaving the page sends its view's beacon.
      await page.goto('about:blank');
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  }
  // Four at a time, each in a fresh context.
  for (let i = 0; i < VISITORS; i += 4) await Promise.all([0, 1, 2, 3].map((j) => newVisitor(i + j)));
  figures.push(`50 % canary, ${VISITORS} new visitors: ${seen[v2]} on the canary, ${seen[live]} on the live release`);
  // Binomial(40, 0.5): 8..32 holds with probability 1 - 1e-4.
  assert.ok(seen[v2] >= 8 && seen[v2] <= 32, `the split ${seen[v2]}/${VISITORS} is within 8..32`);

  // The canary had the views to be judged, and the watcher judged it twice since: it runs on.
  await eventually(
    () => metric('marketplace_telemetry_page_views_total', { area: 'shop', release: v2 }),
    (views) => views >= MIN_VIEWS,
    20_000,
  );
  const checks = await metric('marketplace_canary_checks_total', {});
  await eventually(
    () => metric('marketplace_canary_checks_total', {}),
    (n) => n >= checks + 2,
    10_000,
  );
  assert.equal(registry().frontEnds.shop.canary?.release, v2, 'a healthy canary is not ended');
  // The views carried their Web Vitals.
  const lcp = await metric('marketplace_telemetry_p75_seconds', { area: 'shop', release: live, vital: 'lcp' });
  assert.ok(lcp > 0, `p75 LCP of the live release: ${lcp} s`);
  assert.match(await release(['rollback', 'shop']), /the canary .* ended; everyone gets the live release/);
});

test('a canary whose product page throws is ended by itself after enough visits; new visitors get the live release; status and the history say why', async () => {
  const broken = await publishShopVariant('shop-broken', '"Related products"', (t) =>
    t.replaceAll('"Related products"', '(()=>{throw new Error("a product page that throws")})()'),
  );
  await release(['canary', 'shop', broken, '--percent', '50', '--no-smoke']);
  const productPage = `/productdetails/${productId}`;
  let exceededAt = 0;
  // Synthetic visits: visitors the canary serves open the product page (its area fails), until the
  // canary has the views to be judged; then the watcher ends it.
  for (let i = 0; !exceededAt && i < MIN_VIEWS * 3; i += 1) {
    const context = await browser.newContext();
    try {
      await context.addCookies([{ name: VISITOR_COOKIE, value: visitorId(true, i + 1), url: SHELL_URL }]);
      await visit(context, productPage, (page) =>
        page.getByRole('heading', { name: 'This part of the shop is unavailable right now' }).waitFor(),
      );
    } finally {
      await context.close();
    }
    const failed = await eventually(
      () => metric('marketplace_telemetry_failed_views_total', { area: 'shop', release: broken }),
      (n) => n > i,
      10_000,
    );
    if (failed >= MIN_VIEWS) exceededAt = performance.now();
  }
  assert.ok(exceededAt, 'the canary reached its views');
  await eventually(
    async () => registry().frontEnds.shop.canary ?? null,
    (canary) => canary === null,
    60_000,
  );
  const endedAfter = Math.round(performance.now() - exceededAt);
  figures.push(`budget exceeded to canary ended: ${endedAfter} ms (CANARY_CHECK_SECONDS=1)`);
  assert.equal(registry().frontEnds.shop.canary ?? null, null, 'the canary was ended');

  const ended = registry().history.at(-1)!;
  assert.equal(ended.action, 'canary-end');
  assert.equal(ended.release, broken);
  assert.match(ended.reasons?.[0] ?? '', /^error rate 100\.0 % of \d+ views against/);
  const status = await release(['status']);
  const shown = status.split('\n').filter((line) => /canary|error rate|page views|unavailable|p75/.test(line));
  figures.push(`status after the end:\n    ${shown.join('\n    ')}`);
  assert.match(status, new RegExp(`canary ${broken} ended by itself at .*: error rate 100\\.0 %`));

  // A visitor the canary served gets the live release now, its product page included.
  const { context, page, pageErrors } = await openPage(browser);
  try {
    await context.addCookies([{ name: VISITOR_COOKIE, value: visitorId(true, 99), url: SHELL_URL }]);
    await page.goto(`${SHELL_URL}${productPage}`);
    await appStarted(page);
    assert.equal(await shopReleaseOf(page), live);
    await page.getByRole('list', { name: 'Related products' }).waitFor();
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});
