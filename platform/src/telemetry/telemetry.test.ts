import { BeaconError, MAX_BEACON_BYTES, parseBeacon, type PageViewBeacon } from './beacon';
import { TelemetryFigures } from './figures';

const LIVE = 'abc1234-0011aabb';
const CANARY = 'def5678-2233ccdd';

function view(release: string, over: Partial<PageViewBeacon['areas'][string]> = {}) {
  return { release, errors: 0, unavailable: false, loadFailures: 0, ...over };
}

function beacon(shop: string, over: Partial<PageViewBeacon['areas'][string]> = {}, vitals = {}): PageViewBeacon {
  return { v: 1, areas: { shell: view(LIVE), shop: view(shop, over) }, vitals };
}

describe('beacons', () => {
  it('takes a page view as the shell sends it', () => {
    const sent = beacon(LIVE, {}, { lcp: 1200, inp: 80, cls: 0 });
    expect(parseBeacon(JSON.stringify(sent))).toEqual(sent);
  });

  it.each([
    ['not JSON', '{"v":1,', 400],
    ['an unknown field', JSON.stringify({ ...beacon(LIVE), user: 'asha@example.com' }), 400],
    ['no areas', JSON.stringify({ v: 1, areas: {}, vitals: {} }), 400],
    ['a release id that is not one', JSON.stringify(beacon('../../etc')), 400],
    ['a negative count', JSON.stringify(beacon(LIVE, { errors: -1 })), 400],
    ['an LCP of two minutes and more', JSON.stringify(beacon(LIVE, {}, { lcp: 130_000 })), 400],
    ['too many bytes', JSON.stringify({ ...beacon(LIVE), pad: 'x'.repeat(MAX_BEACON_BYTES) }), 413],
  ])('refuses %s', (_what, body, status) => {
    expect(() => parseBeacon(body)).toThrow(BeaconError);
    try {
      parseBeacon(body);
    } catch (e) {
      expect((e as BeaconError).status).toBe(status);
    }
  });
});

describe('figures per release', () => {
  const known = (_frontEnd: string, release: string) => release === LIVE || release === CANARY;

  it('counts views, failed views and vitals per front end and release', () => {
    const t = new TelemetryFigures(known);
    t.record(beacon(LIVE, {}, { lcp: 1000 }));
    t.record(beacon(CANARY, { errors: 2 }, { lcp: 2000 }));
    t.record(beacon(CANARY, { unavailable: true }));
    t.record(beacon(CANARY));
    expect(t.summary('shop', CANARY)).toMatchObject({
      views: 3,
      failedViews: 2,
      errors: 2,
      unavailable: 1,
      samples: { lcp: 1, inp: 0, cls: 0 },
    });
    expect(t.summary('shop', CANARY).errorRate).toBeCloseTo(2 / 3);
    expect(t.summary('shop', LIVE)).toMatchObject({ views: 1, failedViews: 0, errorRate: 0 });
    expect(t.summary('shell', LIVE).views).toBe(4);
  });

  it('counts nothing of a beacon naming a release it does not know', () => {
    const t = new TelemetryFigures(known);
    expect(t.record(beacon('fff0000-99999999', { errors: 5 }))).toBe(false);
    expect(t.all()).toEqual([]);
  });

  it('keeps at most its bound of releases, the least recently counted dropped first', () => {
    const t = new TelemetryFigures(() => true, 3);
    for (let i = 0; i < 10; i++) t.record({ v: 1, areas: { shop: view(`r${i}-0000000${i}`) }, vitals: {} });
    expect(t.all().map((s) => s.release)).toEqual(['r7-00000007', 'r8-00000008', 'r9-00000009']);
  });

  it('gives its 75th percentiles to within one 10 % step', () => {
    const t = new TelemetryFigures(known);
    for (let ms = 100; ms <= 4000; ms += 10) t.record(beacon(LIVE, {}, { lcp: ms, inp: ms / 10, cls: 0.05 }));
    const { p75 } = t.summary('shop', LIVE);
    const exact = 100 + 0.75 * 3900;
    expect(p75.lcp! / exact).toBeGreaterThanOrEqual(1);
    expect(p75.lcp! / exact).toBeLessThan(1.1);
    expect(p75.cls! / 0.05).toBeLessThan(1.1);
  });

  it('keeps its figures across a restart (stored and loaded), and refuses a damaged file', () => {
    const t = new TelemetryFigures(known);
    t.record(beacon(CANARY, { errors: 1 }, { lcp: 1500, inp: 90, cls: 0.01 }));
    const again = new TelemetryFigures(known);
    again.load(JSON.parse(JSON.stringify(t.toStored())));
    expect(again.summary('shop', CANARY)).toEqual(t.summary('shop', CANARY));
    expect(() => again.load({ schema: 1, releases: [{ frontEnd: 'shop' }] })).toThrow('not valid');
    expect(again.summary('shop', CANARY).views).toBe(1);
  });
});
