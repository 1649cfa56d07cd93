// Canary releases end to end in one process (issue 29): the registry's canary pointer and the
// release command (canary, promote, rollback, status), the shell's server taking page-view beacons
// at POST /_telemetry and answering /metrics, serving the canary to a sticky share of visitors, and
// its watcher ending a canary whose error budget is spent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { COMMIT, eventually, failsWithReleaseError, scratchFolders, writeFakeBuild } from './helpers.mjs';
import { main } from '../src/cli/release';
import { bucketOf, VISITOR_COOKIE } from '../src/canary/bucket';
import { endCanary, promote, readRegistry, startCanary } from '../src/releases/registry';
import { pruneReleases, publishBuild } from '../src/releases/store';
import { startReleaseServer, stopGracefully } from '../src/server/frontEndServer';

const freshDir = scratchFolders('canary-release');

/** A store with the given front ends' releases published (distinct builds), the first of each live. */
async function storeWith(counts) {
  const store = freshDir('store');
  const ids = {};
  for (const [frontEnd, count] of Object.entries(counts)) {
    ids[frontEnd] = [];
    for (let i = 0; i < count; i += 1) {
      const build = writeFakeBuild(freshDir(`build-${frontEnd}`), frontEnd, { variant: `v${i}` });
      const { release } = await publishBuild(store, frontEnd, build, { commit: COMMIT });
      ids[frontEnd].push(release.id);
    }
    await promote(store, frontEnd, ids[frontEnd][0]);
  }
  return { store, ids };
}

const registryText = (store) => readFileSync(join(store, 'registry.json'), 'utf8');

/** The release command's output (console.log) while `run` runs. */
async function output(t, run) {
  const lines = [];
  t.mock.method(console, 'log', (...args) => lines.push(args.join(' ')));
  await run();
  t.mock.restoreAll();
  return lines.join('\n');
}

describe('the release command for canaries', () => {
  test('refuses bad input in words and changes nothing', async () => {
    const { store, ids } = await storeWith({ shop: 2 });
    const [, next] = ids.shop;
    const before = registryText(store);
    /** @type {[string[], RegExp][]} */
    const refused = [
      [['canary', 'shop', next], /canary needs --percent N, a whole number from 1 to 99/],
      [['canary', 'shop', next, '--percent', '0'], /from 1 to 99, got '0'/],
      [['canary', 'shop', next, '--percent', '100'], /from 1 to 99, got '100'/],
      [['canary', 'shop', next, '--percent', '12.5'], /from 1 to 99, got '12.5'/],
      [['canary', 'shop', 'local-0badf00d', '--percent', '10'], /There is no release local-0badf00d of shop/],
      [['canary', 'basket', next, '--percent', '10'], /basket/],
      [['canary', 'shop', ids.shop[0], '--percent', '10', '--no-smoke'], /is the live release of shop already/],
      [['promote', 'shop'], /shop has no canary running/],
    ];
    for (const [args, message] of refused) {
      await failsWithReleaseError(() => main(args, store), message);
      assert.equal(registryText(store), before, `${args.join(' ')} changed nothing`);
    }
  });

  test('starts one canary per front end, promotes it, or rolls it back; the history says so', async (t) => {
    const { store, ids } = await storeWith({ shop: 3 });
    const [live, next, other] = ids.shop;
    const started = await output(t, () => main(['canary', 'shop', next, '--percent', '25', '--no-smoke'], store));
    assert.match(started, new RegExp(`shop: canary ${next} to 25 % of new visitors`));
    const { canary } = readRegistry(store).frontEnds.shop;
    assert.deepEqual(
      { ...canary, startedAt: typeof canary.startedAt },
      {
        release: next,
        percent: 25,
        live,
        startedAt: 'string',
      },
    );

    const before = registryText(store);
    await failsWithReleaseError(
      () => main(['canary', 'shop', other, '--percent', '10', '--no-smoke'], store),
      new RegExp(`shop has a canary of ${next} running already \\(25 %\\)`),
    );
    await failsWithReleaseError(() => promote(store, 'shop', other), /has a canary of .* running/);
    assert.equal(registryText(store), before, 'a second canary or a plain promote changed nothing');
    // Pruning keeps the canary's release.
    await pruneReleases(store, readRegistry(store), { keep: 2 });
    assert.equal(readRegistry(store).frontEnds.shop.canary.release, next);

    const promoted = await output(t, () => main(['promote', 'shop'], store));
    assert.match(promoted, new RegExp(`the canary ${next} is live for everyone \\(was ${live}\\)`));
    let registry = readRegistry(store);
    assert.deepEqual(
      {
        live: registry.frontEnds.shop.live,
        previous: registry.frontEnds.shop.previous,
        canary: registry.frontEnds.shop.canary,
      },
      { live: next, previous: live, canary: null },
    );

    await startCanary(store, 'shop', live, 50);
    await main(['rollback', 'shop'], store);
    registry = readRegistry(store);
    assert.equal(registry.frontEnds.shop.live, next, 'ending a canary leaves the live release');
    assert.equal(registry.frontEnds.shop.canary, null);
    assert.deepEqual(
      registry.history.slice(-4).map((e) => [e.action, e.release]),
      [
        ['canary-start', next],
        ['canary-promote', next],
        ['canary-start', live],
        ['canary-rollback', live],
      ],
    );
    assert.equal(registry.history.at(-3).figures.canary.release, next, 'a promote records the figures');
  });

  test('an end for a canary that is no longer running changes nothing', async () => {
    const { store, ids } = await storeWith({ shop: 3 });
    await startCanary(store, 'shop', ids.shop[1], 10);
    const before = registryText(store);
    const { event } = await endCanary(store, 'shop', { release: ids.shop[2], reasons: ['x'] });
    assert.equal(event, null);
    assert.equal(registryText(store), before);
  });
});

/**
 * One request on a connection of its own: status, headers, body (text).
 * @param {number} port
 * @param {string} path
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [options]
 * @returns {Promise<{ status?: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
function send(port, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The value of the sample of `name` with (at least) these labels in a Prometheus text, or undefined. */
function sample(text, name, labels) {
  for (const line of text.split('\n')) {
    const match = /^([a-z0-9_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const beacon = (areas, vitals = {}) => JSON.stringify({ v: 1, areas, vitals });
const view = (release, errors = 0) => ({ release, errors, unavailable: errors > 0, loadFailures: 0 });
const postBeacon = (port, body, type = 'text/plain;charset=UTF-8') =>
  send(port, '/_telemetry', { method: 'POST', headers: { 'Content-Type': type }, body });

/** A visitor id whose bucket for the shop is below (true) or at least (false) 50. */
function visitorIn(canary) {
  for (let i = 0; ; i += 1) {
    const id = i.toString(16).padStart(32, '0');
    if (bucketOf(id, 'shop') < 50 === canary) return id;
  }
}

describe("the shell's server with a canary of the shop", () => {
  let store;
  let ids;
  let server;
  let port;
  before(async () => {
    ({ store, ids } = await storeWith({ shell: 1, shop: 3 }));
    process.env.TELEMETRY_BEACONS_PER_MINUTE = '20';
    server = await startReleaseServer({
      store,
      frontEnd: 'shell',
      port: 0,
      host: '127.0.0.1',
      renderer: null,
      budget: { minViews: 10, errorRatio: 2, errorFloor: 0.01, vitalsMargin: 0.2, minVitalsSamples: 100 },
      canaryCheckSeconds: 0.05,
    });
    delete process.env.TELEMETRY_BEACONS_PER_MINUTE;
    port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  });
  after(() => stopGracefully(server));

  test('serves the canary to the visitors of its share, sticky, and gives a new visitor an id', async () => {
    const [live, next] = ids.shop;
    const plain = await send(port, '/config.json');
    assert.equal(plain.headers['set-cookie'], undefined, 'no visitor id without a canary');
    await startCanary(store, 'shop', next, 50);

    const fresh = await send(port, '/');
    const cookie = /^mkt_visitor=([0-9a-f]{32}); Path=\/; HttpOnly; SameSite=Lax$/.exec(fresh.headers['set-cookie'][0]);
    assert.ok(cookie, `a new visitor gets an id: ${fresh.headers['set-cookie']}`);
    assert.match(fresh.headers['cache-control'], /^private/, 'a shared cache keeps no visitor’s page');
    assert.match(fresh.headers.vary, /Cookie/);

    for (const canary of [true, false]) {
      const headers = { Cookie: `${VISITOR_COOKIE}=${visitorIn(canary)}` };
      for (let i = 0; i < 3; i += 1) {
        const reply = await send(port, '/config.json', { headers });
        assert.equal(reply.headers['set-cookie'], undefined, 'a visitor keeps their id');
        const config = JSON.parse(reply.body);
        assert.equal(config.releases.shop, canary ? next : live);
        assert.match(config.remotes.shop, new RegExp(`/${canary ? next : live}/mf-manifest.json$`));
      }
    }
    await endCanary(store, 'shop');
  });

  test('counts beacons of the releases it serves; refuses the rest with a 4xx and counts nothing', async () => {
    const [live, , unknown] = ids.shop;
    const shell = ids.shell[0];
    const figures = () => JSON.stringify(server.telemetry.figures.all());
    const ok = await postBeacon(
      port,
      beacon({ shell: view(shell), shop: view(live) }, { lcp: 1200, inp: 80, cls: 0.02 }),
    );
    assert.equal(ok.status, 204, ok.body);
    assert.equal(server.telemetry.figures.summary('shop', live).views, 1);
    const counted = figures();

    /** @type {[Awaited<ReturnType<typeof send>>, number, RegExp][]} */
    const refusals = [
      [await postBeacon(port, 'x'.repeat(5000)), 413, /at most 2048 bytes/],
      [await postBeacon(port, '{"v":1,'), 400, /A beacon is JSON/],
      [await postBeacon(port, beacon({ shop: { ...view(live), errors: -1 } })), 400, /not valid/],
      [await postBeacon(port, beacon({ shop: view(unknown) })), 422, /a release this site does not serve/],
      [
        await postBeacon(port, beacon({ shop: view(live) }), 'multipart/form-data'),
        415,
        /text\/plain or application\/json/,
      ],
      [await send(port, '/_telemetry', { method: 'PUT', body: '{}' }), 405, /^$/],
    ];
    for (const [reply, status, message] of refusals) {
      assert.equal(reply.status, status, reply.body);
      assert.match(reply.body, message);
    }
    assert.equal(figures(), counted, 'nothing refused was counted');

    // A flood from one client: past its cap (20 a minute here) every beacon is refused.
    const statuses = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await postBeacon(port, beacon({ shop: view(live) }))).status);
    assert.ok(statuses.includes(429), `the flood was capped: ${statuses}`);
    const taken = statuses.filter((s) => s === 204).length;
    assert.ok(taken < 20, `${taken} of the flood counted`);
    assert.equal(server.telemetry.figures.summary('shop', live).views, 1 + taken);
    assert.equal((await postBeacon(port, beacon({ shop: view(live) }))).status, 429);
    assert.equal(server.telemetry.figures.summary('shop', live).views, 1 + taken, 'a capped client adds nothing');
  });

  test('answers /metrics in the Prometheus text format: requests, latency, telemetry per release', async () => {
    const [live] = ids.shop;
    await send(port, '/nope.js');
    const reply = await send(port, '/metrics');
    assert.equal(reply.status, 200);
    assert.match(reply.headers['content-type'], /^text\/plain; version=0\.0\.4/);
    const text = reply.body;
    const shell = { front_end: 'shell' };
    assert.ok(
      sample(text, 'marketplace_frontend_requests_total', { ...shell, route: '/config.json', status: '200' }) > 0,
    );
    assert.equal(sample(text, 'marketplace_frontend_requests_total', { route: '/_telemetry', status: '422' }), 1);
    assert.equal(sample(text, 'marketplace_frontend_requests_total', { route: 'not found', status: '404' }), 1);
    assert.ok(sample(text, 'marketplace_frontend_request_duration_seconds_count', { route: '/config.json' }) > 0);
    assert.equal(sample(text, 'marketplace_telemetry_beacons_total', { status: '413' }), 1);
    const views = sample(text, 'marketplace_telemetry_page_views_total', { area: 'shop', release: live });
    assert.equal(views, server.telemetry.figures.summary('shop', live).views);
    // 1200 ms falls in the histogram bucket up to about 1.25 s.
    const lcp = sample(text, 'marketplace_telemetry_p75_seconds', { area: 'shop', release: live, vital: 'lcp' });
    assert.ok(lcp >= 1.2 && lcp < 1.35, `p75 LCP ${lcp}`);
    assert.doesNotMatch(text, /route="\/nope/, 'routes are patterns, never a path a client chose');
  });

  test('its watcher ends a canary whose error budget is spent, recorded with the figures; a healthy one runs on', async (t) => {
    const [live, next, other] = ids.shop;
    const shell = ids.shell[0];
    // Another client address for these beacons (the flood above used up 127.0.0.1's minute).
    const from = (address) => (body) =>
      new Promise((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', localAddress: address, port, path: '/_telemetry', method: 'POST', agent: false },
          (res) => res.resume().on('end', () => resolve(res.statusCode)),
        );
        req.on('error', reject);
        req.setHeader('Content-Type', 'text/plain');
        req.end(body);
      });
    const [onLive, onCanary] = [from('127.0.0.2'), from('127.0.0.3')];
    await startCanary(store, 'shop', other, 50);
    for (let i = 0; i < 12; i += 1) {
      assert.equal(await onLive(beacon({ shell: view(shell), shop: view(live) })), 204);
      assert.equal(await onCanary(beacon({ shell: view(shell), shop: view(other) })), 204);
    }
    // Healthy: as many views as it needs and no errors; it is judged and kept.
    await server.watcher.check();
    assert.equal(readRegistry(store).frontEnds.shop.canary?.release, other, 'a healthy canary runs on');
    await endCanary(store, 'shop');

    await startCanary(store, 'shop', next, 50);
    const second = from('127.0.0.4');
    for (let i = 0; i < 10; i += 1)
      assert.equal(await second(beacon({ shell: view(shell), shop: view(next, i % 2) })), 204);
    await eventually(() => !readRegistry(store).frontEnds.shop.canary, 'the canary ended', 10_000);
    const ended = readRegistry(store).history.at(-1);
    assert.equal(ended.action, 'canary-end');
    assert.equal(ended.release, next);
    assert.match(ended.reasons[0], /^error rate 50\.0 % of 10 views against 0\.00 % live/);
    assert.equal(ended.figures.canary.views, 10);
    assert.equal(ended.figures.live.release, live);

    const shown = await output(t, () => main(['status'], store));
    assert.match(shown, new RegExp(`canary ${next} ended by itself at .*: error rate 50\\.0 %`));
    assert.match(shown, /error rate\s+0\.00 %\s+50\.00 %/);
    assert.match(shown, /page views\s+\d+\s+10/);
  });

  test("judges a canary by every shell server's beacons: two servers' views together spend its budget", async () => {
    const [live, next] = ids.shop;
    const shell = ids.shell[0];
    // A second shell server on the same store (its watcher left idle): each takes half the views.
    const other = await startReleaseServer({
      store,
      frontEnd: 'shell',
      port: 0,
      host: '127.0.0.1',
      renderer: null,
      telemetryInstance: 'second-server',
      canaryCheckSeconds: 3600,
    });
    try {
      const portOf = (s) => /** @type {import('node:net').AddressInfo} */ (s.address()).port;
      const to = (target, address) => (body) =>
        new Promise((resolve, reject) => {
          const req = request(
            {
              host: '127.0.0.1',
              localAddress: address,
              port: portOf(target),
              path: '/_telemetry',
              method: 'POST',
              agent: false,
            },
            (res) => res.resume().on('end', () => resolve(res.statusCode)),
          );
          req.on('error', reject);
          req.setHeader('Content-Type', 'text/plain');
          req.end(body);
        });
      await startCanary(store, 'shop', next, 50);
      const [first, second] = [to(server, '127.0.0.5'), to(other, '127.0.0.6')];
      // 6 views on each, every other one failing: 6 is under the budget's 10 views, 12 is not.
      for (let i = 0; i < 6; i += 1) {
        assert.equal(await first(beacon({ shell: view(shell), shop: view(next, i % 2) })), 204);
        assert.equal(await second(beacon({ shell: view(shell), shop: view(next, i % 2) })), 204);
      }
      await eventually(() => !readRegistry(store).frontEnds.shop.canary, 'the canary ended', 15_000);
      const ended = readRegistry(store).history.at(-1);
      assert.equal(ended.action, 'canary-end');
      // Judged on more views than either server took (the second's as it last wrote them).
      const views = ended.figures.canary.views;
      assert.ok(views >= 10 && views <= 12, `${views} views`);
      assert.equal(ended.figures.live.release, live);
    } finally {
      await stopGracefully(other);
    }
  });
});
