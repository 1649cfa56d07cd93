import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_BEACON_BYTES } from './beacon';
import { TelemetryCollector } from './collector';

const LIVE = 'abc1234-0011aabb';
const body = (release = LIVE, errors = 0) =>
  JSON.stringify({
    v: 1,
    areas: { shop: { release, errors, unavailable: false, loadFailures: 0 } },
    vitals: { lcp: 900 },
  });

function collector(file = join(mkdtempSync(join(tmpdir(), 'telemetry-')), 'telemetry.json'), perClientPerMinute = 5) {
  return new TelemetryCollector({ file, isKnown: (_f, r) => r === LIVE, perClientPerMinute, saveEveryMs: 60_000 });
}

describe('the beacon collector', () => {
  it('counts good beacons and refuses the rest, counters unchanged', () => {
    const c = collector();
    expect(c.take(body(), '10.0.0.1')).toEqual({ status: 204 });
    const refused = [
      c.take('{"v":1', '10.0.0.2'),
      c.take(body().replace('"v":1', '"v":2'), '10.0.0.2'),
      c.take(body('fff0000-99999999'), '10.0.0.2'),
      c.take(body().slice(0, -1) + `,"pad":"${'x'.repeat(MAX_BEACON_BYTES)}"}`, '10.0.0.2'),
    ];
    expect(refused.map((a) => a.status)).toEqual([400, 400, 422, 413]);
    expect(refused.every((a) => typeof a.message === 'string')).toBe(true);
    expect(c.figures.summary('shop', LIVE).views).toBe(1);
  });

  it('caps what one client may send in a minute, others unaffected', () => {
    const c = collector();
    const answers = Array.from({ length: 8 }, () => c.take(body(), '10.0.0.9').status);
    expect(answers).toEqual([204, 204, 204, 204, 204, 429, 429, 429]);
    expect(c.take(body(), '10.0.0.10').status).toBe(204);
    expect(c.figures.summary('shop', LIVE).views).toBe(6);
  });

  it('keeps its figures across a restart', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'telemetry-')), 'telemetry.json');
    const first = collector(file);
    first.take(body(LIVE, 1), '10.0.0.1');
    first.close();
    expect(JSON.parse(readFileSync(file, 'utf8')).schema).toBe(1);
    const again = collector(file);
    expect(again.figures.summary('shop', LIVE)).toMatchObject({ views: 1, failedViews: 1 });
    again.close();
  });

  it('refuses to start on a damaged figures file rather than overwrite it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'telemetry-')), 'telemetry.json');
    writeFileSync(file, '{"schema":1,"releases":[{"frontEnd":1}]}');
    expect(() => collector(file)).toThrow('not valid');
  });
});
