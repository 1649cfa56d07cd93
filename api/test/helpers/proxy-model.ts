import { bidIncrement } from '@marketplace/contract';
import type { BidStep } from '../../src/domains/auctions/bidding';

/** The rules as the issue states them, recomputed from scratch after every bid. */
export class ProxyModel {
  private maxima = new Map<number, { max: number; seq: number }>();
  private seq = 0;
  price: number;
  leader: number | null = null;
  history: BidStep[] = [];

  constructor(start: number) {
    this.price = start;
  }

  /** The bidders by maximum, highest first; equal maximums: the earlier first. */
  private ranked() {
    return [...this.maxima.entries()].sort((a, b) => b[1].max - a[1].max || a[1].seq - b[1].seq);
  }

  /** The smallest bid taken now: higher than the current price (the start, first) by an increment. */
  get next(): number {
    return this.price + bidIncrement(this.price);
  }

  /** Applies a maximum if the rules take it (true). */
  bid(bidder: number, max: number): boolean {
    const own = this.maxima.get(bidder);
    const next = this.next;
    const first = this.history.length === 0;
    const accepted = max >= next && (this.leader !== bidder || max > own!.max);
    if (!accepted) return false;
    const raise = this.leader === bidder;
    this.maxima.set(bidder, { max, seq: this.seq++ });
    const [top, second] = this.ranked();
    this.leader = top[0];
    if (raise) return true;
    if (second) this.price = Math.min(top[1].max, second[1].max + bidIncrement(second[1].max));
    else if (first) this.price = next;
    if (this.leader === bidder) this.history.push({ userid: bidder, bid: this.price, auto: false });
    else
      this.history.push(
        { userid: bidder, bid: max, auto: false },
        { userid: this.leader, bid: this.price, auto: true },
      );
    return true;
  }
}
