/**
 * A fixed-size histogram for a percentile of Web Vitals: bucket i holds values up to
 * `first × ratio^i`, the last one everything above. Its memory never grows with the samples, and
 * a percentile is known to within one bucket (a 10 % step for times), enough to tell a release
 * 20 % slower from its live one.
 */
export class Histogram {
  readonly counts: number[];

  constructor(
    private readonly first: number,
    private readonly ratio: number,
    size: number,
    counts?: number[],
  ) {
    this.counts = counts && counts.length === size ? counts.slice() : new Array<number>(size).fill(0);
  }

  /** Upper bound of bucket `i` (the last bucket's is its lower bound's next step). */
  bound(i: number): number {
    return this.first * this.ratio ** i;
  }

  add(value: number): void {
    let i = 0;
    while (i < this.counts.length - 1 && value > this.bound(i)) i++;
    this.counts[i]++;
  }

  get samples(): number {
    return this.counts.reduce((a, b) => a + b, 0);
  }

  /** The upper bound of the bucket holding the `p` quantile (0 < p ≤ 1), or null with no samples. */
  quantile(p: number): number | null {
    const total = this.samples;
    if (!total) return null;
    const rank = Math.ceil(total * p);
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i];
      if (seen >= rank) return this.bound(i);
    }
    return this.bound(this.counts.length - 1);
  }
}

/** LCP and INP in ms: 10 ms to about 60 s in 10 % steps. */
export const timeHistogram = (counts?: number[]) => new Histogram(10, 1.1, 92, counts);
/** CLS: 0.001 to about 10 in 10 % steps (0 falls in the first bucket). */
export const shiftHistogram = (counts?: number[]) => new Histogram(0.001, 1.1, 98, counts);
