// Unit tests of the page-view telemetry (issue 29): beacons, figures per release, the collector.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { BeaconError, MAX_BEACON_BYTES, parseBeacon } from '../src/telemetry/beacon';
import { TelemetryCollector } from '../src/telemetry/collector';
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
  const fileIn = () => join(mkdtempSync(join(tmpdir(), 'telemetry-')), 'telemetry.json');
  const collector = (file = fileIn()) =>
    new TelemetryCollector({ file, isKnown: (_f, r) => r === LIVE, perClientPerMinute: 5, saveEveryMs: 60_000 });

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
    const file = fileIn();
    const first = collector(file);
    first.take(body(LIVE, 1), '10.0.0.1');
    first.close();
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).schema, 1);
    const again = collector(file);
    assert.equal(again.figures.summary('shop', LIVE).failedViews, 1);
    again.close();
  });

  test('refuses to start on a damaged figures file rather than overwrite it', () => {
    const file = fileIn();
    writeFileSync(file, '{"schema":1,"releases":[{"frontEnd":1}]}');
    assert.throws(() => collector(file), /not valid/);
  });
});
