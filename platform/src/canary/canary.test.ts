import type { ReleaseSummary } from '../telemetry/figures';
import { DEFAULT_BUDGET, judgeCanary } from './budget';
import { bucketOf, servesCanary, visitorCookie, visitorIdOf } from './bucket';

function figures(
  views: number,
  failedViews: number,
  lcp: number | null = null,
  inp: number | null = null,
): ReleaseSummary {
  return {
    frontEnd: 'shop',
    release: 'x',
    views,
    failedViews,
    errorRate: views ? failedViews / views : 0,
    errors: failedViews,
    unavailable: 0,
    loadFailures: 0,
    p75: { lcp, inp, cls: 0 },
    samples: { lcp: lcp === null ? 0 : views, inp: inp === null ? 0 : views, cls: views },
  };
}

describe('the error budget', () => {
  it('waits for enough views before judging', () => {
    expect(judgeCanary(figures(1000, 0), figures(199, 199), DEFAULT_BUDGET)).toEqual({
      spent: false,
      why: 'too few views',
    });
  });

  it('is spent by an error rate over twice the live one and over 1 %', () => {
    const verdict = judgeCanary(figures(1000, 5), figures(200, 30), DEFAULT_BUDGET);
    expect(verdict.spent).toBe(true);
    expect(verdict.spent && verdict.reasons[0]).toBe(
      'error rate 15.0 % of 200 views against 0.50 % live (limit 1.00 %)',
    );
  });

  it('is not spent by a rate under 1 %, however much above the live one', () => {
    expect(judgeCanary(figures(1000, 0), figures(1000, 9), DEFAULT_BUDGET).spent).toBe(false);
  });

  it('is not spent by a rate under twice the live one', () => {
    expect(judgeCanary(figures(1000, 100), figures(1000, 190), DEFAULT_BUDGET).spent).toBe(false);
  });

  it('is spent by a p75 LCP or INP more than 20 % worse', () => {
    const slow = judgeCanary(figures(500, 0, 2000, 100), figures(500, 0, 2500, 100), DEFAULT_BUDGET);
    expect(slow).toEqual({ spent: true, reasons: ['p75 LCP 2500 ms against 2000 ms live (more than 20.0 % worse)'] });
    expect(judgeCanary(figures(500, 0, 2000, 100), figures(500, 0, 2350, 115), DEFAULT_BUDGET).spent).toBe(false);
  });
});

describe('sticky buckets', () => {
  const ids = Array.from({ length: 4000 }, (_, i) => i.toString(16).padStart(32, '0'));

  it('serves a share of visitors close to the percent, the same visitor always alike', () => {
    const served = ids.filter((id) => servesCanary(id, 'shop', 30)).length / ids.length;
    expect(served).toBeGreaterThan(0.27);
    expect(served).toBeLessThan(0.33);
    expect(ids.every((id) => servesCanary(id, 'shop', 30) === servesCanary(id, 'shop', 30))).toBe(true);
  });

  it("gives two front ends' canaries independent shares", () => {
    const both = ids.filter((id) => bucketOf(id, 'shop') < 50 && bucketOf(id, 'auction') < 50).length / ids.length;
    expect(both).toBeGreaterThan(0.22);
    expect(both).toBeLessThan(0.28);
  });

  it('reads back only its own well-formed cookie', () => {
    const id = 'ab'.repeat(16);
    expect(visitorIdOf(`a=1; ${visitorCookie(id, false).split(';')[0]}; b=2`)).toBe(id);
    expect(visitorIdOf('mkt_visitor=../../x')).toBeUndefined();
    expect(visitorIdOf(undefined)).toBeUndefined();
    expect(visitorCookie(id, true)).toBe(`mkt_visitor=${id}; Path=/; HttpOnly; SameSite=Lax; Secure`);
  });
});
