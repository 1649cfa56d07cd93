// Independent releases (issue 13): a team releases its front end alone; open tabs keep working,
// new page loads get the live release, a rollback is one command, a remote adds a page without a
// shell release, and a remote moves to a sub-path of another origin with no restart.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../src/browser';
import { appStarted, eventually, navigate } from '../src/journey';
import { journeyStore } from '../src/journeyStore';
import { catalogue } from '../src/shop';
import { RELEASES_SHELL_PORT, startFrontEnd, stopChild } from '../src/stack.mjs';
import { ROOT } from '../../platform/src/root';

// This journey's own store, a copy of the suite's (the current build of every front end, live).
const journey = journeyStore('releases');
const { work, store: STORE, ports: PORTS, shellUrl: SHELL_URL, serverEnv } = journey;
const CDN_PORT = RELEASES_SHELL_PORT + 4;
const UNAVAILABLE = 'This part of the shop is unavailable right now';
const V1_HEADING = 'TOP TRENDING';
const V2_HEADING = 'TOP TRENDING THIS WEEK';

let browser: Browser;
const servers: Record<string, ChildProcess> = {};
let cdn: Server | undefined;
let v1 = '';
let v2 = '';
let productId = 0;
const timings: string[] = [];

/** `npm run release -- …` against this journey's store (the smoke run on its shell); returns its output. */
const release = (args: string[], cwd = ROOT) => journey.release(args, { cwd, env: { SMOKE_URL: SHELL_URL } });

/** `npm run release -- …` that is expected to fail: its exit code and everything it printed. */
async function failingRelease(args: string[], cwd = ROOT): Promise<{ code: number; output: string }> {
  try {
    const output = await release(args, cwd);
    return assert.fail(`release ${args.join(' ')} succeeded:\n${output}`);
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: `${stdout}${stderr}` };
  }
}

const releaseIdOf = (output: string) =>
  /^release id: (\S+)$/m.exec(output)?.[1] ?? assert.fail(`no release id in:\n${output}`);

async function liveConfig(): Promise<{
  remotes: Record<string, string>;
  releases: Record<string, string>;
  routes: Record<string, string[]>;
}> {
  return (await fetch(`${SHELL_URL}/config.json`)).json();
}

/** Milliseconds from `change` starting until the shell's /config.json (what new page loads read) shows `done`. */
async function timeUntilLive(
  change: () => Promise<unknown>,
  done: (c: Awaited<ReturnType<typeof liveConfig>>) => boolean,
): Promise<number> {
  const started = performance.now();
  await change();
  for (;;) {
    if (done(await liveConfig())) return Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Another team's checkout: a copy of what the front ends are built from (`parts` copied, shared
 * linked unless copied, node_modules linked), in which the test edits what that team changed.
 */
function teamCheckout(
  name: string,
  parts: string[],
): { tree: string; edit(file: string, change: (text: string) => string): void } {
  const tree = join(work, name);
  mkdirSync(tree);
  for (const file of ['package.json', 'tsconfig.base.json', 'webpack.common.js'])
    cpSync(join(ROOT, file), join(tree, file));
  // The commands and the platform they run (with its own node_modules: lru-cache).
  for (const dir of ['scripts', 'platform']) cpSync(join(ROOT, dir), join(tree, dir), { recursive: true });
  for (const part of parts)
    cpSync(join(ROOT, part), join(tree, part), {
      recursive: true,
      filter: (src) => !/\/(dist|node_modules)$/.test(src),
    });
  if (!parts.includes('shared')) symlinkSync(join(ROOT, 'shared'), join(tree, 'shared'));
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  return {
    tree,
    edit(file, change) {
      const before = readFileSync(join(tree, file), 'utf8');
      const after = change(before);
      assert.notEqual(after, before, `${file} was changed`);
      writeFileSync(join(tree, file), after);
    },
  };
}

/**
 * Release 2 of the shop, as another team's checkout would build it: its home heading reads
 * differently and it adds two pages, each one entry of its route manifest and nothing outside
 * shop-remote: /compare, public and in the sitemap, and /compare/saved, private. Built and
 * published, not promoted.
 */
async function publishShopV2(): Promise<{ id: string; output: string }> {
  const { tree, edit } = teamCheckout('shop-team', ['shop-remote']);
  edit('shop-remote/src/pages/home/HomePage.tsx', (t) => t.replace(/^(\s*)TOP TRENDING$/m, `$1${V2_HEADING}`));
  mkdirSync(join(tree, 'shop-remote/src/pages/compare'));
  writeFileSync(
    join(tree, 'shop-remote/src/pages/compare/ComparePage.tsx'),
    [
      'export function ComparePage() {',
      '  return <h1>Compare products</h1>;',
      '}',
      'export function SavedComparisonsPage() {',
      '  return <h1>Saved comparisons</h1>;',
      '}',
      '',
    ].join('\n'),
  );
  edit('shop-remote/src/routes.ts', (t) =>
    t.replace(
      'export const routes = {',
      [
        'export const routes = {',
        "  '/compare': { load: () => import('./pages/compare/ComparePage').then((m) => m.ComparePage), sitemap: 'site' },",
        "  '/compare/saved': {",
        "    load: () => import('./pages/compare/ComparePage').then((m) => m.SavedComparisonsPage),",
        '    private: true,',
        '  },',
      ].join('\n'),
    ),
  );
  const output = await release(['shop', '--no-promote'], tree);
  return { id: releaseIdOf(output), output };
}

/** Waits until the page area shows no spinner, then says whether it shows the unavailable notice. */
async function settled(page: Page): Promise<boolean> {
  await page.waitForFunction(
    () => document.querySelector('main') && !document.querySelector('main [role="status"]'),
    undefined,
    { timeout: 20_000 },
  );
  return (await page.getByText(UNAVAILABLE).count()) > 0;
}

const homeHeading = (page: Page, text: string) => page.getByRole('heading', { name: text, exact: true });

/** A static host for the whole store under /cdn/ at another origin (127.0.0.1), as a CDN would serve it. */
async function startCdn(): Promise<Server> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.html': 'text/html',
    '.png': 'image/png',
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(STORE, path.replace(/^\/cdn\//, '/')));
    if (!path.startsWith('/cdn/') || !file.startsWith(STORE)) return void res.writeHead(404).end();
    try {
      const body = readFileSync(file);
      res
        .writeHead(200, {
          'Content-Type': types[extname(file)] ?? 'application/octet-stream',
          'Access-Control-Allow-Origin': '*',
        })
        .end(body);
    } catch {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(CDN_PORT, '127.0.0.1', resolve));
  return server;
}

before(async () => {
  browser = await launchBrowser();
  for (const area of ['shell', 'shop', 'account', 'auction'] as const)
    servers[area] = await startFrontEnd(area, { port: PORTS[area], env: serverEnv });
  v1 = (await liveConfig()).releases.shop;
  productId = (await catalogue())[0].productid;
  const started = performance.now();
  const { id, output } = await publishShopV2();
  v2 = id;
  const timing = /\(build [\d.]+ s, publish [^)]*\)/.exec(output)?.[0] ?? '';
  timings.push(
    `release shop ${v2} --no-promote (build, gate, publish): ${Math.round(performance.now() - started)} ms in all ${timing}`,
  );
});

after(async () => {
  if (timings.length) console.log(`releases journey:\n  ${timings.join('\n  ')}`);
  await browser?.close();
  for (const child of Object.values(servers)) await stopChild(child);
  await new Promise((resolve) => (cdn ? cdn.close(resolve) : resolve(undefined)));
  rmSync(work, { recursive: true, force: true });
});

test('a published release previews in one tab while every other tab sees the live one; the smoke run passes it, and fails a release whose page throws', async () => {
  const previewing = await openPage(browser);
  const live = await openPage(browser);
  try {
    await previewing.page.goto(`${SHELL_URL}/?preview=shop@${v2}`);
    await live.page.goto(`${SHELL_URL}/`);
    await homeHeading(previewing.page, V2_HEADING).waitFor();
    await homeHeading(live.page, V1_HEADING).waitFor();
    assert.equal(
      await previewing.page
        .getByRole('status')
        .filter({ hasText: `Preview of shop ${v2}` })
        .count(),
      1,
      'the preview says so',
    );
    assert.equal(await live.page.getByText('Preview of').count(), 0, 'nobody else sees a preview');
    assert.equal(new URL(previewing.page.url()).search, '', 'the address no longer carries the preview');

    // The preview lasts for the tab, across full page loads, its new page included.
    await previewing.page.goto(`${SHELL_URL}/compare`);
    await previewing.page.getByRole('heading', { name: 'Compare products' }).waitFor();
    await live.page.goto(`${SHELL_URL}/compare`);
    await live.page.getByRole('heading', { name: "Looks like you're in wrong place" }).waitFor();

    await previewing.page.getByRole('link', { name: 'Exit preview' }).click();
    await homeHeading(previewing.page, V1_HEADING)
      .or(previewing.page.getByRole('heading', { name: "Looks like you're in wrong place" }))
      .waitFor();
    assert.equal(await previewing.page.getByText('Preview of').count(), 0, 'the preview ended');
    assert.deepEqual([...previewing.pageErrors, ...live.pageErrors], []);
  } finally {
    await previewing.context.close();
    await live.context.close();
  }
  assert.equal((await liveConfig()).releases.shop, v1, 'previewing changed nothing live');

  const smokeStarted = performance.now();
  const passed = await release(['smoke', 'shop', v2]);
  timings.push(`smoke run of shop ${v2}: ${Math.round(performance.now() - smokeStarted)} ms`);
  const v2Routes = JSON.parse(readFileSync(join(STORE, 'shop', v2, 'routes.json'), 'utf8')).routes as string[];
  assert.match(
    passed,
    new RegExp(`Smoke run passed: ${v2Routes.length} routes`),
    'the smoke run visits every route the release declares',
  );

  // Release 2 with a page that throws while it renders, published as a build made elsewhere.
  const broken = join(work, 'shop-broken');
  cpSync(join(STORE, 'shop', v2), broken, { recursive: true });
  rmSync(join(broken, 'release.json'));
  let replaced = 0;
  for (const file of readdirSync(broken).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(broken, file), 'utf8');
    if (!text.includes('"Compare products"')) continue;
    writeFileSync(
      join(broken, file),
      text.replaceAll('"Compare products"', '(()=>{throw new Error("a page that throws")})()'),
    );
    replaced += 1;
  }
  assert.ok(replaced > 0, 'the compare page was found in the build');
  const brokenId = releaseIdOf(await release(['publish', 'shop', broken]));
  const { code, output } = await failingRelease(['smoke', 'shop', brokenId]);
  assert.equal(code, 1);
  assert.match(output, /smoke run of shop .* failed/);
  assert.match(output, /\/compare: the area is unavailable/);
  assert.doesNotMatch(output, /\/review:/, 'only the broken page is reported');
});

test('a tab open on release 1 keeps working while release 2 goes live; new tabs get release 2, its new page included; a rollback brings release 1 back', async () => {
  const shellPid = servers.shell.pid;
  const shellRelease = (await liveConfig()).releases.shell;
  const tab = await openPage(browser);
  const failedLoads: string[] = [];
  tab.page.on('requestfailed', (r) => failedLoads.push(`${r.url()} ${r.failure()?.errorText}`));
  tab.page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().startsWith(process.env.E2E_API_URL ?? 'http://localhost:4500'))
      failedLoads.push(`${r.url()} ${r.status()}`);
  });
  try {
    await tab.page.goto(`${SHELL_URL}/`);
    await homeHeading(tab.page, V1_HEADING).waitFor();
    await appStarted(tab.page); // the tab runs release 1 from here

    const promoteMs = await timeUntilLive(
      () => release(['promote', 'shop', v2]),
      (c) => c.releases.shop === v2,
    );
    timings.push(`promote shop ${v2}: new page loads get it ${promoteMs} ms after the command started`);

    // Every shop route of release 1, from the tab that loaded release 1 (its chunks are still kept).
    const routes = JSON.parse(readFileSync(join(STORE, 'shop', v1, 'routes.json'), 'utf8')).routes as string[];
    let unavailable = 0;
    for (const route of routes) {
      await navigate(tab.page, route.replace(':id', String(productId)).replace(':searchKey', 'phone'));
      if (await settled(tab.page)) unavailable += 1;
    }
    // The last route may be a signed-in page whose redirect to /login runs after its code has
    // loaded, after the next navigation had begun: home is opened again until it stays.
    const home = await eventually(
      async () => {
        if (new URL(tab.page.url()).pathname !== '/') await navigate(tab.page, '/');
        return homeHeading(tab.page, V1_HEADING).isVisible();
      },
      Boolean,
      20_000,
      250,
    );
    assert.ok(home, `the tab shows its home page (release 1) again, at ${tab.page.url()}`);
    timings.push(
      `open tab through ${routes.length} shop routes after the promote: ${failedLoads.length} failed chunk loads, ${unavailable} unavailable areas`,
    );
    assert.equal(unavailable, 0, 'no area was unavailable');
    assert.deepEqual(failedLoads, [], 'no front-end file failed to load');
    assert.deepEqual(tab.pageErrors, [], 'no uncaught error in the page');
  } finally {
    await tab.context.close();
  }

  const fresh = await openPage(browser);
  try {
    await fresh.page.goto(`${SHELL_URL}/`);
    await homeHeading(fresh.page, V2_HEADING).waitFor();
    await fresh.page.goto(`${SHELL_URL}/compare`);
    await fresh.page.getByRole('heading', { name: 'Compare products' }).waitFor();
    assert.deepEqual(fresh.pageErrors, []);
  } finally {
    await fresh.context.close();
  }

  const rollbackMs = await timeUntilLive(
    () => release(['rollback', 'shop']),
    (c) => c.releases.shop === v1,
  );
  timings.push(`rollback shop: new page loads get ${v1} ${rollbackMs} ms after the command started`);
  const after = await openPage(browser);
  try {
    await after.page.goto(`${SHELL_URL}/`);
    await homeHeading(after.page, V1_HEADING).waitFor();
    await after.page.goto(`${SHELL_URL}/compare`);
    await after.page.getByRole('heading', { name: "Looks like you're in wrong place" }).waitFor();
    assert.deepEqual(after.pageErrors, []);
  } finally {
    await after.context.close();
  }
  assert.equal(servers.shell.pid, shellPid, 'the shell server was not restarted');
  assert.equal((await liveConfig()).releases.shell, shellRelease, 'the shell was not released');
});

test('a shop release alone adds a public page to the sitemap and a private one to robots.txt: both served, nothing else released', async () => {
  const before = await liveConfig();
  const text = async (path: string) => {
    const response = await fetch(`${SHELL_URL}${path}`);
    assert.equal(response.status, 200, path);
    return response.text();
  };
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const disallowed = (robots: string) =>
    robots
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));

  assert.ok(!locs(await text('/sitemaps/pages.xml')).includes('/compare'), 'release 1 has no /compare');
  assert.ok(!disallowed(await text('/robots.txt')).includes('/compare/saved'));

  await release(['promote', 'shop', v2]);
  const live = await eventually(liveConfig, (c) => c.releases.shop === v2, 20_000, 50);
  assert.equal(live.releases.shop, v2);
  assert.equal(live.releases.shell, before.releases.shell, 'no shell release');

  const robots = disallowed(await text('/robots.txt'));
  assert.ok(robots.includes('/compare/saved'), `robots.txt disallows the private page: ${robots.join(' ')}`);
  assert.ok(!robots.some((rule) => '/compare'.startsWith(rule)), 'and leaves the public one open');
  const index = locs(await text('/sitemap.xml'));
  assert.ok(index.includes('/sitemaps/pages.xml'), `the sitemap index lists the site's pages: ${index.join(' ')}`);
  const pages = locs(await text('/sitemaps/pages.xml'));
  assert.ok(pages.includes('/compare'), `the site's pages list /compare: ${pages.join(' ')}`);
  assert.ok(!pages.includes('/compare/saved'));

  const tab = await openPage(browser);
  try {
    for (const [path, heading] of [
      ['/compare', 'Compare products'],
      ['/compare/saved', 'Saved comparisons'],
    ]) {
      await tab.page.goto(`${SHELL_URL}${path}`);
      await tab.page.getByRole('heading', { name: heading }).waitFor();
    }
    assert.deepEqual(tab.pageErrors, []);
  } finally {
    await tab.context.close();
  }

  await release(['rollback', 'shop']);
  await eventually(liveConfig, (c) => c.releases.shop === v1, 20_000, 50);
  assert.ok(!disallowed(await text('/robots.txt')).includes('/compare/saved'), 'the rollback takes the rule away');
});

test('a tab whose release was pruned turns its next navigation into a full page load of the live release, never a dead area', async () => {
  const tab = await openPage(browser);
  try {
    await tab.page.goto(`${SHELL_URL}/`);
    await homeHeading(tab.page, V1_HEADING).waitFor();
    await tab.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // Release 3 (release 2's files with another page comment: a build made elsewhere, published),
    // then 2 and 3 live in turn, and release 1, now neither live nor previous, pruned.
    const build = join(work, 'shop-v3');
    cpSync(join(STORE, 'shop', v2), build, { recursive: true });
    rmSync(join(build, 'release.json'));
    writeFileSync(join(build, 'index.html'), `${readFileSync(join(build, 'index.html'), 'utf8')}<!-- v3 -->`);
    const v3 = releaseIdOf(await release(['publish', 'shop', build]));
    await release(['promote', 'shop', v2]);
    await release(['promote', 'shop', v3]);
    const pruned = await release(['prune', '--keep', '2']);
    assert.match(pruned, new RegExp(`shop/${v1}`), 'release 1 was pruned');

    await navigate(tab.page, '/review');
    await tab.page.getByRole('heading', { name: 'Customer Reviews' }).waitFor({ timeout: 20_000 });
    assert.equal(
      await tab.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      undefined,
      'a full page load happened',
    );
    assert.equal(new URL(tab.page.url()).pathname, '/review');
    assert.equal(await tab.page.getByText(UNAVAILABLE).count(), 0);
    assert.deepEqual(tab.pageErrors, []);
  } finally {
    await tab.context.close();
  }
});

test('a page chunk that fails twice and then loads renders its page; Retry recovers an area whose chunk kept failing', async () => {
  const shopFiles = `http://localhost:${PORTS.shop}/**/*.js`;
  const flaky = await openPage(browser);
  try {
    await flaky.page.goto(`${SHELL_URL}/`);
    await flaky.page.getByRole('heading', { name: V2_HEADING, exact: true }).waitFor();
    await appStarted(flaky.page);
    let aborted = 0;
    let served = 0;
    await flaky.page.route(shopFiles, (route) => {
      if (aborted < 2) {
        aborted += 1;
        return route.abort('connectionreset');
      }
      served += 1;
      return route.continue();
    });
    await navigate(flaky.page, '/review');
    await flaky.page.getByRole('heading', { name: 'Customer Reviews' }).waitFor({ timeout: 20_000 });
    assert.equal(aborted, 2);
    assert.ok(served >= 1, 'the chunk was loaded on a later try');
    assert.equal(await flaky.page.getByText(UNAVAILABLE).count(), 0);
    assert.deepEqual(flaky.pageErrors, []);
  } finally {
    await flaky.context.close();
  }

  const down = await openPage(browser);
  try {
    await down.page.goto(`${SHELL_URL}/`);
    await down.page.getByRole('heading', { name: V2_HEADING, exact: true }).waitFor();
    await appStarted(down.page);
    await down.page.route(shopFiles, (route) => route.abort('connectionrefused'));
    await navigate(down.page, '/review');
    await down.page.getByText(UNAVAILABLE).waitFor({ timeout: 20_000 });
    await down.page.unroute(shopFiles);
    await down.page.getByRole('button', { name: 'Retry' }).click();
    await down.page.getByRole('heading', { name: 'Customer Reviews' }).waitFor();
    assert.equal(await down.page.getByText(UNAVAILABLE).count(), 0);
    assert.deepEqual(down.pageErrors, []);
  } finally {
    await down.context.close();
  }
});

test('a remote moved to a sub-path of another origin works after the registry changes, with no restart', async () => {
  cdn = await startCdn();
  const base = `http://127.0.0.1:${CDN_PORT}/cdn/shop/`;
  const moveMs = await timeUntilLive(
    () => release(['move', 'shop', base]),
    (c) => c.remotes.shop.startsWith(base),
  );
  timings.push(`move shop to ${base}: new page loads get it ${moveMs} ms after the command started`);
  const tab = await openPage(browser);
  const fromCdn: string[] = [];
  const fromShopServer: string[] = [];
  const refused: string[] = [];
  tab.page.on('request', (r) => {
    if (r.url().startsWith(base)) fromCdn.push(r.url());
    if (r.url().startsWith(`http://localhost:${PORTS.shop}/`)) fromShopServer.push(r.url());
  });
  tab.page.on('console', (m) => {
    if (m.type() === 'error') refused.push(m.text());
  });
  try {
    await tab.page.goto(`${SHELL_URL}/`);
    await homeHeading(tab.page, V2_HEADING).waitFor();
    await navigate(tab.page, '/review');
    await tab.page.getByRole('heading', { name: 'Customer Reviews' }).waitFor();
    assert.ok(
      fromCdn.some((u) => u.endsWith('/remoteEntry.js')),
      'the shop came from the CDN',
    );
    assert.deepEqual(fromShopServer, [], "nothing came from the shop's own server");
    assert.deepEqual(refused, [], 'no console error (the Content-Security-Policy allowed the CDN)');
    assert.deepEqual(tab.pageErrors, []);
  } finally {
    await tab.context.close();
  }
  await release(['move', 'shop', 'default']);
});

test('the gate refuses a shop built for a newer @marketplace/shared than the live shell provides, and takes it once a shell that provides it is live', async () => {
  // The shop team needs shared 1.x+1 (a new export): shared's version is bumped in their checkout
  // and the shop declares the new range; the shell team releases a shell built with it.
  const current = JSON.parse(readFileSync(join(ROOT, 'shared', 'package.json'), 'utf8')).version as string;
  const [major, minor] = current.split('.').map(Number);
  const next = `${major}.${minor + 1}.0`;
  const { tree, edit } = teamCheckout('shared-bump', ['shared', 'shell', 'shop-remote']);
  edit('shared/package.json', (t) => t.replace(`"version": "${current}"`, `"version": "${next}"`));
  edit('shop-remote/package.json', (t) =>
    t.replace(/"@marketplace\/shared": "[^"]+"/, `"@marketplace/shared": "^${next}"`),
  );

  const registry = readFileSync(join(STORE, 'registry.json'));
  const shopReleases = readdirSync(join(STORE, 'shop')).sort();
  const { output: refusal } = await failingRelease(['shop', '--no-smoke'], tree);
  assert.match(
    refusal,
    new RegExp(
      `\\[shared version\\] shop \\(build in [^)]+\\) requires @marketplace/shared \\^${next.replace(/\./g, '\\.')}, but the live shell \\S+ provides ${current.replace(/\./g, '\\.')}\\.`,
    ),
  );
  assert.match(refusal, /Fix: Release a shell built with @marketplace\/shared satisfying/);
  assert.match(refusal, /release: shop was refused by the gate\./);
  assert.deepEqual(readFileSync(join(STORE, 'registry.json')), registry, 'the registry is unchanged');
  assert.deepEqual(readdirSync(join(STORE, 'shop')).sort(), shopReleases, 'nothing was published');

  const shell = await release(['shell'], tree);
  assert.match(shell, /Gate: compatible \(shell \(build in [^)]+\) against the live shop/);
  const shop = await release(['shop', '--no-smoke'], tree);
  assert.match(shop, /Gate: compatible \(shop \(build in [^)]+\) against the live shell/);
  const live = await liveConfig();
  assert.equal(live.releases.shop, releaseIdOf(shop));
  assert.equal(live.releases.shell, releaseIdOf(shell));

  // And the site runs them together.
  const tab = await openPage(browser);
  try {
    await tab.page.goto(`${SHELL_URL}/review`);
    await tab.page.getByRole('heading', { name: 'Customer Reviews' }).waitFor();
    assert.deepEqual(tab.pageErrors, []);
  } finally {
    await tab.context.close();
  }
});
