// Unit tests of the canary's parts (issue 29): the error budget, the watcher, the sticky buckets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_BUDGET, judgeCanary } from '../src/canary/budget';
import { bucketOf, servesCanary, visitorCookie, visitorIdOf } from '../src/canary/bucket';
import { CanaryWatcher } from '../src/canary/watcher';

function figures(views, failedViews, lcp = null, inp = null, release = 'x') {
  return {
    frontEnd: 'shop',
    release,
    views,
    failedViews,
    errorRate: views ? failedViews / views : 0,
    errors: failedViews,
    unavailable: 0,
    loadFailures: 0,
    p75: { lcp, inp, cls: 0 },
    samples: { lcp: lcp === null ? 0 : views, inp: inp === null ? 0 : views, cls: views },
    since: 0,
  };
}

describe('the error budget', () => {
  test('waits for enough views before judging', () => {
    assert.deepEqual(judgeCanary(figures(1000, 0), figures(199, 199), DEFAULT_BUDGET), {
      spent: false,
      why: 'too few views',
    });
  });

  test('is spent by an error rate over twice the live one and over 1 %', () => {
    assert.deepEqual(judgeCanary(figures(1000, 5), figures(200, 30), DEFAULT_BUDGET), {
      spent: true,
      reasons: ['error rate 15.0 % of 200 views against 0.50 % live (limit 1.00 %)'],
    });
  });

  test('is not spent by a rate under 1 %, however much above the live one', () => {
    assert.equal(judgeCanary(figures(1000, 0), figures(1000, 9), DEFAULT_BUDGET).spent, false);
  });

  test('is not spent by a rate under twice the live one', () => {
    assert.equal(judgeCanary(figures(1000, 100), figures(1000, 190), DEFAULT_BUDGET).spent, false);
  });

  test('is spent by a p75 LCP or INP more than 20 % worse', () => {
    assert.deepEqual(judgeCanary(figures(500, 0, 2000, 100), figures(500, 0, 2500, 100), DEFAULT_BUDGET), {
      spent: true,
      reasons: ['p75 LCP 2500 ms against 2000 ms live (more than 20.0 % worse)'],
    });
    assert.equal(judgeCanary(figures(500, 0, 2000, 100), figures(500, 0, 2350, 115), DEFAULT_BUDGET).spent, false);
  });
});

describe('the canary watcher', () => {
  test('ends a canary whose budget is spent, once, with its reasons; leaves a healthy one', async () => {
    let canaries = [
      { frontEnd: 'shop', release: 'bad', live: 'live', percent: 50 },
      { frontEnd: 'auction', release: 'good', live: 'live', percent: 50 },
    ];
    const table = {
      'shop@live': figures(1000, 2),
      'shop@bad': figures(300, 120),
      'auction@live': figures(1000, 2),
      'auction@good': figures(300, 1),
    };
    const ended = [];
    const watcher = new CanaryWatcher({
      canaries: () => canaries,
      figures: (frontEnd, release) => table[`${frontEnd}@${release}`],
      budget: DEFAULT_BUDGET,
      end: async (canary, reasons) => {
        ended.push([`${canary.frontEnd}@${canary.release}`, reasons]);
        canaries = canaries.filter((c) => c !== canary);
      },
      log: () => undefined,
    });
    await watcher.check();
    await watcher.check();
    assert.deepEqual(ended, [['shop@bad', ['error rate 40.0 % of 300 views against 0.20 % live (limit 1.00 %)']]]);
  });
});

describe('sticky buckets', () => {
  const ids = Array.from({ length: 4000 }, (_, i) => i.toString(16).padStart(32, '0'));

  test('serve a share of visitors close to the percent, the same visitor always alike', () => {
    const served = ids.filter((id) => servesCanary(id, 'shop', 30)).length / ids.length;
    assert.ok(served > 0.27 && served < 0.33, `served ${served}`);
    assert.ok(ids.every((id) => servesCanary(id, 'shop', 30) === servesCanary(id, 'shop', 30)));
  });

  test("give two front ends' canaries independent shares", () => {
    const both = ids.filter((id) => bucketOf(id, 'shop') < 50 && bucketOf(id, 'auction') < 50).length / ids.length;
    assert.ok(both > 0.22 && both < 0.28, `both ${both}`);
  });

  test('read back only their own well-formed cookie', () => {
    const id = 'ab'.repeat(16);
    assert.equal(visitorIdOf(`a=1; ${visitorCookie(id, false).split(';')[0]}; b=2`), id);
    assert.equal(visitorIdOf('mkt_visitor=../../x'), undefined);
    assert.equal(visitorIdOf(undefined), undefined);
    assert.equal(visitorCookie(id, true), `mkt_visitor=${id}; Path=/; HttpOnly; SameSite=Lax; Secure`);
  });
});
