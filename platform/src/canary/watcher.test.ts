import type { ReleaseSummary } from '../telemetry/figures';
import { DEFAULT_BUDGET } from './budget';
import { CanaryWatcher, type RunningCanary } from './watcher';

const summary = (release: string, views: number, failedViews: number): ReleaseSummary => ({
  frontEnd: 'shop',
  release,
  views,
  failedViews,
  errorRate: views ? failedViews / views : 0,
  errors: failedViews,
  unavailable: 0,
  loadFailures: 0,
  p75: { lcp: null, inp: null, cls: null },
  samples: { lcp: 0, inp: 0, cls: 0 },
});

describe('the canary watcher', () => {
  it('ends a canary whose budget is spent, once, with the figures; leaves a healthy one', async () => {
    let canaries: RunningCanary[] = [
      { frontEnd: 'shop', release: 'bad', live: 'live', percent: 50 },
      { frontEnd: 'auction', release: 'good', live: 'live', percent: 50 },
    ];
    const figures: Record<string, ReleaseSummary> = {
      'shop@live': summary('live', 1000, 2),
      'shop@bad': summary('bad', 300, 120),
      'auction@live': summary('live', 1000, 2),
      'auction@good': summary('good', 300, 1),
    };
    const ended: { canary: RunningCanary; reasons: string[] }[] = [];
    const watcher = new CanaryWatcher({
      canaries: () => canaries,
      figures: (frontEnd, release) => figures[`${frontEnd}@${release}`],
      budget: DEFAULT_BUDGET,
      end: async (canary, reasons) => {
        ended.push({ canary, reasons });
        canaries = canaries.filter((c) => c !== canary);
      },
      log: () => undefined,
    });
    await watcher.check();
    await watcher.check();
    expect(ended).toEqual([
      {
        canary: expect.objectContaining({ frontEnd: 'shop', release: 'bad' }),
        reasons: ['error rate 40.0 % of 300 views against 0.20 % live (limit 1.00 %)'],
      },
    ]);
  });
});
