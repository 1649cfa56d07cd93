import type { ReleaseSummary } from '../telemetry/figures';
import { judgeCanary, type ErrorBudget } from './budget';

/** A canary as the registry holds it. */
export interface RunningCanary {
  frontEnd: string;
  release: string;
  live: string;
  percent: number;
}

export interface CanaryWatcherDeps {
  /** The canaries running now (read from the registry each time). */
  canaries: () => RunningCanary[];
  /** A release's figures since its canary started. */
  figures: (frontEnd: string, release: string) => ReleaseSummary;
  budget: ErrorBudget;
  /** Ends the canary (the registry records why, with the figures); resolves when recorded. */
  end: (
    canary: RunningCanary,
    reasons: string[],
    figures: { live: ReleaseSummary; canary: ReleaseSummary },
  ) => Promise<void>;
  log: (message: string) => void;
}

/**
 * Judges every running canary against its live release and ends one whose error budget is spent.
 * `check` runs every `intervalMs` once started; a check never overlaps the one before.
 */
export class CanaryWatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Passes over the canaries so far (/metrics: a watcher that stopped judging shows). */
  checks = 0;

  constructor(private readonly deps: CanaryWatcherDeps) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  stop(): Promise<void> | null {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.running;
  }

  /** One pass over the canaries: each judged, those whose budget is spent ended. */
  check(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<void> {
    const { canaries, figures, budget, end, log } = this.deps;
    this.checks += 1;
    for (const canary of canaries()) {
      const live = figures(canary.frontEnd, canary.live);
      const mine = figures(canary.frontEnd, canary.release);
      const verdict = judgeCanary(live, mine, budget);
      if (!verdict.spent) continue;
      try {
        await end(canary, verdict.reasons, { live, canary: mine });
        log(`Ended the canary ${canary.frontEnd}@${canary.release}: ${verdict.reasons.join('; ')}`);
      } catch (error) {
        log(`Could not end the canary ${canary.frontEnd}@${canary.release}: ${(error as Error).message}`);
      }
    }
  }
}
