import { bidIncrement, minimumBid } from '@marketplace/contract';

/**
 * Proxy bidding (issue 25), with no database: every bid is a maximum, the server bids for the
 * leader at the smallest amount that leads. bidding.ts applies it under the item's row lock.
 */

/** What the rules need of an item: its price, bids so far and the leader with their hidden maximum. */
export interface ProxyState {
  /** The current price (the starting bid while nobody has bid). */
  price: number;
  bidcount: number;
  leader: number | null;
  leaderMax: number | null;
}

/** One row of the bid history: `auto` when the server bid for someone other than the caller. */
export interface BidStep {
  userid: number;
  bid: number;
  auto: boolean;
}

export type ProxyRefusal =
  | { reason: 'notAbovePrice'; price: number }
  | { reason: 'belowMinimum'; minimum: number }
  | { reason: 'notAboveOwnMax'; yourMax: number };

export type ProxyOutcome = { state: ProxyState; steps: BidStep[] } | { refusal: ProxyRefusal };

/**
 * `bidder` enters `max`, the most they will pay; it must be higher than the current price (the
 * starting bid while nobody has bid) by at least one increment. The first bidder leads at that
 * minimum, the smallest amount that leads. A challenger beating the leader's maximum leads at that maximum plus one
 * increment (capped at their own); one who does not is recorded at their maximum and the leader
 * answers automatically at it plus one increment (capped at the leader's; an equal maximum: the
 * earlier leads). The leader raising their maximum changes nothing anyone sees. Steps are the
 * history rows to append, oldest first.
 */
export function applyMaximum(s: ProxyState, bidder: number, max: number): ProxyOutcome {
  const minimum = minimumBid({ bid: s.price });
  if (max <= s.price) return { refusal: { reason: 'notAbovePrice', price: s.price } };
  if (max < minimum) return { refusal: { reason: 'belowMinimum', minimum } };
  if (s.leader === null || s.leaderMax === null) {
    const step = { userid: bidder, bid: minimum, auto: false };
    return { state: { price: minimum, bidcount: s.bidcount + 1, leader: bidder, leaderMax: max }, steps: [step] };
  }
  if (s.leader === bidder) {
    if (max <= s.leaderMax) return { refusal: { reason: 'notAboveOwnMax', yourMax: s.leaderMax } };
    return { state: { ...s, leaderMax: max }, steps: [] };
  }
  if (max > s.leaderMax) {
    const price = Math.min(max, s.leaderMax + bidIncrement(s.leaderMax));
    return {
      state: { price, bidcount: s.bidcount + 1, leader: bidder, leaderMax: max },
      steps: [{ userid: bidder, bid: price, auto: false }],
    };
  }
  const price = Math.min(s.leaderMax, max + bidIncrement(max));
  return {
    state: { price, bidcount: s.bidcount + 2, leader: s.leader, leaderMax: s.leaderMax },
    steps: [
      { userid: bidder, bid: max, auto: false },
      { userid: s.leader, bid: price, auto: true },
    ],
  };
}

export interface SoftClose {
  /** A price-changing bid this close to the end moves the end to this long after the bid. */
  extendMinutes: number;
  /** The end never moves beyond this long after the listed end. */
  capMinutes: number;
}

/** The item's effective end after a bid at `bidAt` that changed the price (never earlier than before). */
export function softCloseEnd(listedEnd: Date, currentEnd: Date, bidAt: Date, rule: SoftClose): Date {
  const extended = Math.min(
    bidAt.getTime() + rule.extendMinutes * 60_000,
    listedEnd.getTime() + rule.capMinutes * 60_000,
  );
  return new Date(Math.max(currentEnd.getTime(), extended));
}
