import { LRUCache } from 'lru-cache';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import type { CanaryOutcome } from '../releases/registry';
import type { CanaryFigures } from '../releases/schemas';
import type { PageViewBeacon } from './beacon';
import { Histogram, shiftHistogram, timeHistogram } from './histogram';

/** What the telemetry knows of one release of one front end, as stored beside the registry. */
const StoredRelease = Type.Object(
  {
    frontEnd: Type.String(),
    release: Type.String(),
    views: Type.Integer({ minimum: 0 }),
    /** Views in which this front end had an error, was unavailable or failed to load. */
    failedViews: Type.Integer({ minimum: 0 }),
    errors: Type.Integer({ minimum: 0 }),
    unavailable: Type.Integer({ minimum: 0 }),
    loadFailures: Type.Integer({ minimum: 0 }),
    lcp: Type.Array(Type.Integer({ minimum: 0 })),
    inp: Type.Array(Type.Integer({ minimum: 0 })),
    cls: Type.Array(Type.Integer({ minimum: 0 })),
    updatedAt: Type.Integer({ minimum: 0 }),
    /** When it was first counted (a canary's figures older than the canary are dropped). */
    since: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export const StoredFigures = Type.Object(
  { schema: Type.Literal(1), releases: Type.Array(StoredRelease) },
  { additionalProperties: false },
);
export type StoredFigures = Static<typeof StoredFigures>;
/** One release's figures as one server stores them. */
export type StoredReleaseFigures = Static<typeof StoredRelease>;
const storedChecker = Compile(StoredFigures);

/** A release's figures as `release status` and the error budget read them. */
export interface ReleaseSummary {
  frontEnd: string;
  release: string;
  views: number;
  failedViews: number;
  /** failedViews ÷ views, 0 without views. */
  errorRate: number;
  errors: number;
  unavailable: number;
  loadFailures: number;
  /** 75th percentiles, null without samples; with the sample counts they came from. */
  p75: { lcp: number | null; inp: number | null; cls: number | null };
  samples: { lcp: number; inp: number; cls: number };
  /** When it was first counted (ms since the epoch; 0 when never). */
  since: number;
}

/** A release's figures as the registry's history records them when a canary ends. */
export function canaryFigures(summary: ReleaseSummary): CanaryFigures {
  const round = (x: number | null, digits: number) => (x === null ? null : Number(x.toFixed(digits)));
  return {
    release: summary.release,
    views: summary.views,
    errorRate: Number(summary.errorRate.toFixed(4)),
    unavailable: summary.unavailable,
    p75: { lcp: round(summary.p75.lcp, 0), inp: round(summary.p75.inp, 0), cls: round(summary.p75.cls, 3) },
  };
}

/** The live release's and the canary's figures, for the history. */
export function canaryOutcome(live: ReleaseSummary, canary: ReleaseSummary): CanaryOutcome {
  return { live: canaryFigures(live), canary: canaryFigures(canary) };
}

class ReleaseFigures {
  views = 0;
  failedViews = 0;
  errors = 0;
  unavailable = 0;
  loadFailures = 0;
  lcp: Histogram;
  inp: Histogram;
  cls: Histogram;
  since: number;

  constructor(
    readonly frontEnd: string,
    readonly release: string,
    public updatedAt: number,
    stored?: StoredReleaseFigures,
  ) {
    this.since = stored ? (stored.since ?? stored.updatedAt) : updatedAt;
    this.lcp = timeHistogram(stored?.lcp);
    this.inp = timeHistogram(stored?.inp);
    this.cls = shiftHistogram(stored?.cls);
    if (stored) Object.assign(this, pickCounts(stored));
  }

  summary(): ReleaseSummary {
    return {
      frontEnd: this.frontEnd,
      release: this.release,
      ...pickCounts(this),
      errorRate: this.views ? this.failedViews / this.views : 0,
      p75: { lcp: this.lcp.quantile(0.75), inp: this.inp.quantile(0.75), cls: this.cls.quantile(0.75) },
      samples: { lcp: this.lcp.samples, inp: this.inp.samples, cls: this.cls.samples },
      since: this.since,
    };
  }

  /** Adds another server's figures of the same release (pooled: counts and histograms summed). */
  add(other: StoredReleaseFigures): void {
    for (const [name, value] of Object.entries(pickCounts(other)) as [keyof ReturnType<typeof pickCounts>, number][])
      this[name] += value;
    this.lcp = timeHistogram(sumCounts(this.lcp.counts, other.lcp));
    this.inp = timeHistogram(sumCounts(this.inp.counts, other.inp));
    this.cls = shiftHistogram(sumCounts(this.cls.counts, other.cls));
    this.since = Math.min(this.since, other.since ?? other.updatedAt);
    this.updatedAt = Math.max(this.updatedAt, other.updatedAt);
  }

  stored(): StoredReleaseFigures {
    return {
      frontEnd: this.frontEnd,
      release: this.release,
      ...pickCounts(this),
      lcp: this.lcp.counts,
      inp: this.inp.counts,
      cls: this.cls.counts,
      updatedAt: this.updatedAt,
      since: this.since,
    };
  }
}

/** Two histograms' counts summed bucket by bucket (one of another size counts for nothing). */
function sumCounts(mine: readonly number[], theirs: readonly number[]): number[] {
  return mine.map((count, i) => count + (theirs.length === mine.length ? theirs[i] : 0));
}

function pickCounts(f: {
  views: number;
  failedViews: number;
  errors: number;
  unavailable: number;
  loadFailures: number;
}) {
  const { views, failedViews, errors, unavailable, loadFailures } = f;
  return { views, failedViews, errors, unavailable, loadFailures };
}

/** Releases one server keeps figures of. */
export const RELEASES_KEPT = 64;

/**
 * Page-view figures per release of each front end, in bounded memory: only releases the caller
 * knows (live, canary, previous) are counted, and at most `maxReleases` are kept, the least
 * recently counted dropped first.
 */
export class TelemetryFigures {
  private readonly byKey: LRUCache<string, ReleaseFigures>;

  constructor(
    private readonly isKnown: (frontEnd: string, release: string) => boolean,
    private readonly maxReleases = RELEASES_KEPT,
    private readonly now: () => number = Date.now,
    /** When a release's figures start counting (a canary's start: its earlier figures give way). */
    private readonly countedSince: (frontEnd: string, release: string) => number = () => 0,
  ) {
    this.byKey = new LRUCache({ max: maxReleases });
  }

  /** Counts a beacon; false (nothing counted) when it names a front end or release not known. */
  record(beacon: PageViewBeacon): boolean {
    const areas = Object.entries(beacon.areas);
    if (!areas.every(([frontEnd, view]) => this.isKnown(frontEnd, view.release))) return false;
    for (const [frontEnd, view] of areas) {
      const f = this.entry(frontEnd, view.release);
      f.views++;
      f.errors += view.errors;
      f.loadFailures += view.loadFailures;
      if (view.unavailable) f.unavailable++;
      if (view.errors || view.unavailable || view.loadFailures) f.failedViews++;
      const { lcp, inp, cls } = beacon.vitals;
      if (lcp !== undefined) f.lcp.add(lcp);
      if (inp !== undefined) f.inp.add(inp);
      if (cls !== undefined) f.cls.add(cls);
    }
    return true;
  }

  /** The figures of one release; zeros when it was never counted. */
  summary(frontEnd: string, release: string): ReleaseSummary {
    return (this.byKey.peek(keyOf(frontEnd, release)) ?? new ReleaseFigures(frontEnd, release, 0)).summary();
  }

  /** Every release's figures, the least recently counted first. */
  all(): ReleaseSummary[] {
    return this.releases().map((f) => f.summary());
  }

  toStored(): StoredFigures {
    return { schema: 1, releases: this.releases().map((f) => f.stored()) };
  }

  /** Takes the figures stored by toStored (a restart keeps them); throws on a file that is not. */
  load(value: unknown): void {
    if (!storedChecker.Check(value)) throw new Error('The telemetry file is not valid.');
    this.byKey.clear();
    for (const r of value.releases.slice(-this.maxReleases))
      this.byKey.set(keyOf(r.frontEnd, r.release), new ReleaseFigures(r.frontEnd, r.release, r.updatedAt, r));
  }

  /**
   * Adds figures stored by another server (several shell servers each count the beacons they take):
   * a release's counts and histograms are summed; `keep` leaves out a part (a canary's figures from
   * before it started). Checked as load checks them; throws on a file that is not valid.
   */
  add(value: unknown, keep: (part: StoredReleaseFigures) => boolean = () => true): void {
    if (!storedChecker.Check(value)) throw new Error('The telemetry file is not valid.');
    for (const r of value.releases) {
      if (!keep(r)) continue;
      const key = keyOf(r.frontEnd, r.release);
      const mine = this.byKey.get(key);
      if (mine) mine.add(r);
      else this.byKey.set(key, new ReleaseFigures(r.frontEnd, r.release, r.updatedAt, r));
    }
  }

  /** The releases held, the least recently counted first. */
  private releases(): ReleaseFigures[] {
    return [...this.byKey.rvalues()].filter((f): f is ReleaseFigures => f !== undefined);
  }

  private entry(frontEnd: string, release: string): ReleaseFigures {
    const key = keyOf(frontEnd, release);
    let f = this.byKey.get(key);
    if (!f || f.since < this.countedSince(frontEnd, release))
      this.byKey.set(key, (f = new ReleaseFigures(frontEnd, release, this.now())));
    f.updatedAt = this.now();
    return f;
  }
}

const keyOf = (frontEnd: string, release: string) => `${frontEnd}@${release}`;
