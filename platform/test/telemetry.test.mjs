// Unit tests of the page-view telemetry (issue 29): beacons, figures per release, the collector.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { BeaconError, MAX_BEACON_BYTES, parseBeacon } from '../src/telemetry/beacon';
import { pooledFigures, sinceCanariesStarted, TelemetryCollector } from '../src/telemetry/collector';
import { TelemetryFigures } from '../src/telemetry/figures';

const LIVE = 'abc1234-0011aabb';
const CANARY = 'def5678-2233ccdd';

const view = (release, over = {}) => ({ release, errors: 0, unavailable: false, loadFailures: 0, ...over });
/** @typedef {import('../src/telemetry/beacon').PageViewBeacon} PageViewBeacon */

/**
 * A page view of the shell and the shop, the shop's part changed by `over`.
 * @returns {PageViewBeacon}
 */
function beacon(shop, over = {}, vitals = {}) {
  return { v: 1, areas: { shell: view(LIVE), shop: view(shop, over) }, vitals };
}

describe('beacons', () => {
  test('takes a page view as the shell sends it', () => {
    const sent = beacon(LIVE, {}, { lcp: 1200, inp: 80, cls: 0 });
    assert.deepEqual(parseBeacon(JSON.stringify(sent)), sent);
  });

  for (const [what, body, status] of /** @type {[string, string, number][]} */ ([
    ['not JSON', '{"v":1,', 400],
    ['an unknown field', JSON.stringify({ ...beacon(LIVE), user: 'asha@example.com' }), 400],
    ['no areas', JSON.stringify({ v: 1, areas: {}, vitals: {} }), 400],
    ['a release id that is not one', JSON.stringify(beacon('../../etc')), 400],
    ['a negative count', JSON.stringify(beacon(LIVE, { errors: -1 })), 400],
    ['an LCP of two minutes and more', JSON.stringify(beacon(LIVE, {}, { lcp: 130_000 })), 400],
    ['too many bytes', JSON.stringify({ ...beacon(LIVE), pad: 'x'.repeat(MAX_BEACON_BYTES) }), 413],
  ]))
    test(`refuses ${what}`, () => {
      assert.throws(
        () => parseBeacon(body),
        (e) => e instanceof BeaconError && e.status === status && e.message.length > 0,
      );
    });
});

describe('figures per release', () => {
  const known = (_frontEnd, release) => release === LIVE || release === CANARY;

  test('counts views, failed views and vitals per front end and release', () => {
    const t = new TelemetryFigures(known);
    t.record(beacon(LIVE, {}, { lcp: 1000 }));
    t.record(beacon(CANARY, { errors: 2 }, { lcp: 2000 }));
    t.record(beacon(CANARY, { unavailable: true }));
    t.record(beacon(CANARY));
    const canary = t.summary('shop', CANARY);
    assert.deepEqual(
      { views: canary.views, failedViews: canary.failedViews, errors: canary.errors, unavailable: canary.unavailable },
      { views: 3, failedViews: 2, errors: 2, unavailable: 1 },
    );
    assert.deepEqual(canary.samples, { lcp: 1, inp: 0, cls: 0 });
    assert.equal(canary.errorRate, 2 / 3);
    assert.equal(t.summary('shop', LIVE).failedViews, 0);
    assert.equal(t.summary('shell', LIVE).views, 4);
  });

  test('counts nothing of a beacon naming a release it does not know', () => {
    const t = new TelemetryFigures(known);
    assert.equal(t.record(beacon('fff0000-99999999', { errors: 5 })), false);
    assert.deepEqual(t.all(), []);
  });

  test('keeps at most its bound of releases, the least recently counted dropped first', () => {
    const t = new TelemetryFigures(() => true, 3);
    for (let i = 0; i < 10; i++)
      t.record(/** @type {PageViewBeacon} */ ({ v: 1, areas: { shop: view(`r${i}-0000000${i}`) }, vitals: {} }));
    assert.deepEqual(
      t.all().map((s) => s.release),
      ['r7-00000007', 'r8-00000008', 'r9-00000009'],
    );
  });

  test('gives its 75th percentiles to within one 10 % step', () => {
    const t = new TelemetryFigures(known);
    for (let ms = 100; ms <= 4000; ms += 10) t.record(beacon(LIVE, {}, { lcp: ms, inp: ms / 10, cls: 0.05 }));
    const { p75 } = t.summary('shop', LIVE);
    const exact = 100 + 0.75 * 3900;
    assert.ok(p75.lcp / exact >= 1 && p75.lcp / exact < 1.1, `p75 LCP ${p75.lcp} against ${exact}`);
    assert.ok(p75.cls / 0.05 >= 1 && p75.cls / 0.05 < 1.1, `p75 CLS ${p75.cls}`);
  });

  test("starts a canary's figures afresh at its first view since it started, that view counted", () => {
    let clock = 1_000;
    let started = 0;
    const t = new TelemetryFigures(
      known,
      undefined,
      () => clock,
      (_f, r) => (r === CANARY ? started : 0),
    );
    t.record(beacon(CANARY, { errors: 1 }));
    clock = 5_000;
    started = 4_000;
    t.record(beacon(CANARY));
    assert.deepEqual([t.summary('shop', CANARY).views, t.summary('shop', CANARY).failedViews], [1, 0]);
    t.record(beacon(CANARY));
    assert.equal(t.summary('shop', CANARY).views, 2);
    assert.equal(t.summary('shell', LIVE).views, 3, 'other releases count on');
  });

  test('keeps its figures across a restart (stored and loaded), and refuses a damaged file', () => {
    const t = new TelemetryFigures(known);
    t.record(beacon(CANARY, { errors: 1 }, { lcp: 1500, inp: 90, cls: 0.01 }));
    const again = new TelemetryFigures(known);
    again.load(JSON.parse(JSON.stringify(t.toStored())));
    assert.deepEqual(again.summary('shop', CANARY), t.summary('shop', CANARY));
    assert.throws(() => again.load({ schema: 1, releases: [{ frontEnd: 'shop' }] }), /not valid/);
    assert.equal(again.summary('shop', CANARY).views, 1);
  });
});

describe('the beacon collector', () => {
  const body = (release = LIVE, errors = 0) =>
    JSON.stringify({ v: 1, areas: { shop: view(release, { errors }) }, vitals: { lcp: 900 } });
  const storeDir = () => mkdtempSync(join(tmpdir(), 'telemetry-'));
  const collector = (store = storeDir(), instance = 'one') =>
    new TelemetryCollector({
      store,
      instance,
      isKnown: (_f, r) => r === LIVE || r === CANARY,
      perClientPerMinute: 5,
      saveEveryMs: 60_000,
    });

  test('counts good beacons and refuses the rest, counters unchanged', () => {
    const c = collector();
    assert.deepEqual(c.take(body(), '10.0.0.1'), { status: 204 });
    const refused = [
      c.take('{"v":1', '10.0.0.2'),
      c.take(body().replace('"v":1', '"v":2'), '10.0.0.2'),
      c.take(body('fff0000-99999999'), '10.0.0.2'),
      c.take(body().slice(0, -1) + `,"pad":"${'x'.repeat(MAX_BEACON_BYTES)}"}`, '10.0.0.2'),
    ];
    assert.deepEqual(
      refused.map((a) => a.status),
      [400, 400, 422, 413],
    );
    assert.ok(refused.every((a) => typeof a.message === 'string'));
    assert.equal(c.figures.summary('shop', LIVE).views, 1);
    c.close();
  });

  test('caps what one client may send in a minute, others unaffected', () => {
    const c = collector();
    const answers = Array.from({ length: 8 }, () => c.take(body(), '10.0.0.9').status);
    assert.deepEqual(answers, [204, 204, 204, 204, 204, 429, 429, 429]);
    assert.equal(c.take(body(), '10.0.0.10').status, 204);
    assert.equal(c.figures.summary('shop', LIVE).views, 6);
    c.close();
  });

  test('keeps its figures across a restart', () => {
    const store = storeDir();
    const first = collector(store);
    first.take(body(LIVE, 1), '10.0.0.1');
    first.close();
    assert.equal(JSON.parse(readFileSync(first.file, 'utf8')).schema, 1);
    const again = collector(store);
    assert.equal(again.figures.summary('shop', LIVE).failedViews, 1);
    again.close();
  });

  test('refuses to start on a damaged figures file rather than overwrite it', () => {
    const store = storeDir();
    mkdirSync(join(store, 'telemetry'));
    writeFileSync(join(store, 'telemetry', 'one.json'), '{"schema":1,"releases":[{"frontEnd":1}]}');
    assert.throws(() => collector(store), /not valid/);
  });

  test('servers sharing a store keep their own figures and pool them: none writes over another', () => {
    const store = storeDir();
    const one = collector(store, 'one');
    const two = collector(store, 'two');
    one.take(body(LIVE, 1), '10.0.0.1');
    one.take(body(LIVE), '10.0.0.1');
    two.take(body(LIVE), '10.0.0.2');
    one.close();
    two.close();
    // Each restarted: its own figures back, not the other's.
    const again = collector(store, 'one');
    assert.equal(again.figures.summary('shop', LIVE).views, 2);
    const pooled = again.pooled().summary('shop', LIVE);
    assert.deepEqual([pooled.views, pooled.failedViews, pooled.samples.lcp], [3, 1, 3]);
    assert.equal(pooledFigures(store).summary('shop', LIVE).views, 3, 'what release status reads');
    again.close();
  });

  test("pools no canary views from before the canary started, nor a gone server's file", () => {
    const store = storeDir();
    const before = collector(store, 'old');
    before.take(body(CANARY, 1), '10.0.0.1');
    before.close();
    const now = collector(store, 'now');
    now.take(body(CANARY), '10.0.0.2');
    now.close();
    const started = new Date(JSON.parse(readFileSync(now.file, 'utf8')).releases[0].since).toISOString();
    const keep = sinceCanariesStarted([{ frontEnd: 'shop', release: CANARY, startedAt: started }]);
    // The old server's part counted before the canary started (its since is earlier).
    const old = JSON.parse(readFileSync(before.file, 'utf8'));
    old.releases[0].since -= 60_000;
    writeFileSync(before.file, JSON.stringify(old));
    assert.equal(pooledFigures(store, { keep }).summary('shop', CANARY).views, 1);
    assert.equal(pooledFigures(store).summary('shop', CANARY).views, 2);

    const gone = Date.now() / 1000 - 8 * 24 * 3600;
    utimesSync(before.file, gone, gone);
    assert.equal(pooledFigures(store).summary('shop', CANARY).views, 1);
    assert.equal(existsSync(before.file), false, "a gone server's file is removed");
  });

  test('the first server takes over the figures of the time before several servers', () => {
    const store = storeDir();
    const legacy = new TelemetryFigures(() => true);
    legacy.record(beacon(LIVE));
    writeFileSync(join(store, 'telemetry.json'), JSON.stringify(legacy.toStored()));
    assert.equal(pooledFigures(store).summary('shop', LIVE).views, 1);
    const first = collector(store, 'first');
    assert.equal(first.figures.summary('shop', LIVE).views, 1);
    assert.equal(existsSync(join(store, 'telemetry.json')), false);
    const second = collector(store, 'second');
    assert.equal(second.figures.summary('shop', LIVE).views, 0);
    assert.equal(second.pooled().summary('shop', LIVE).views, 1, "counted once, in the first's file");
    first.take(body(LIVE), '10.0.0.1');
    first.close();
    assert.equal(second.pooled().summary('shop', LIVE).views, 2);
    second.close();
  });
});
