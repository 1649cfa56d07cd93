import { envNumber } from '../config/envNumber';
import type { ReleaseSummary } from '../telemetry/figures';

/** When a canary has spent its error budget (configurable; docs/releasing.md). */
export interface ErrorBudget {
  /** Page views the canary needs before it is judged at all. */
  minViews: number;
  /** Its error rate may be at most this many times the live release's… */
  errorRatio: number;
  /** …or at most this share of its views, whichever is higher. */
  errorFloor: number;
  /** Its p75 LCP or INP may be at most this much worse than the live release's (0.2: 20 %). */
  vitalsMargin: number;
  /** Samples each release needs before a Web Vital is compared. */
  minVitalsSamples: number;
}

export const DEFAULT_BUDGET: ErrorBudget = {
  minViews: 200,
  errorRatio: 2,
  errorFloor: 0.01,
  vitalsMargin: 0.2,
  minVitalsSamples: 100,
};

/**
 * The budget from the environment (docs/releasing.md): CANARY_MIN_VIEWS, CANARY_ERROR_RATIO,
 * CANARY_ERROR_FLOOR, CANARY_VITALS_MARGIN, CANARY_MIN_VITALS_SAMPLES; the defaults otherwise.
 */
export function budgetFromEnv(env: NodeJS.ProcessEnv = process.env): ErrorBudget {
  const read = (name: string, fallback: number, whole: boolean) => envNumber(name, fallback, { whole }, env);
  return {
    minViews: read('CANARY_MIN_VIEWS', DEFAULT_BUDGET.minViews, true),
    errorRatio: read('CANARY_ERROR_RATIO', DEFAULT_BUDGET.errorRatio, false),
    errorFloor: read('CANARY_ERROR_FLOOR', DEFAULT_BUDGET.errorFloor, false),
    vitalsMargin: read('CANARY_VITALS_MARGIN', DEFAULT_BUDGET.vitalsMargin, false),
    minVitalsSamples: read('CANARY_MIN_VITALS_SAMPLES', DEFAULT_BUDGET.minVitalsSamples, true),
  };
}

export type Verdict = { spent: false; why: 'too few views' | 'within budget' } | { spent: true; reasons: string[] };

const percent = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 2 : 1)} %`;

/** Whether `canary` has spent its budget against `live`, with the figures that say so. */
export function judgeCanary(live: ReleaseSummary, canary: ReleaseSummary, budget: ErrorBudget): Verdict {
  if (canary.views < budget.minViews) return { spent: false, why: 'too few views' };
  const reasons: string[] = [];
  const limit = Math.max(live.errorRate * budget.errorRatio, budget.errorFloor);
  if (canary.errorRate > limit)
    reasons.push(
      `error rate ${percent(canary.errorRate)} of ${canary.views} views against ${percent(live.errorRate)} live (limit ${percent(limit)})`,
    );
  for (const vital of ['lcp', 'inp'] as const) {
    const [mine, theirs] = [canary.p75[vital], live.p75[vital]];
    if (mine === null || theirs === null) continue;
    if (canary.samples[vital] < budget.minVitalsSamples || live.samples[vital] < budget.minVitalsSamples) continue;
    if (mine > theirs * (1 + budget.vitalsMargin))
      reasons.push(
        `p75 ${vital.toUpperCase()} ${Math.round(mine)} ms against ${Math.round(theirs)} ms live (more than ${percent(budget.vitalsMargin)} worse)`,
      );
  }
  return reasons.length ? { spent: true, reasons } : { spent: false, why: 'within budget' };
}
