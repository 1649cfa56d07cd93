/**
 * The proxy bidding rules (proxy.ts) with no database, against a simple model that recomputes
 * the price from every bidder's maximum: for any sequence of maximums from several bidders, the
 * price, the leader and the history are the model's. And the soft close, on an injected clock.
 */
import fc from 'fast-check';
import { applyMaximum, softCloseEnd, type BidStep, type ProxyState } from '../src/domains/auctions/proxy';
import { ProxyModel as Model } from './helpers/proxy-model';

const startBids = fc.constantFrom(1, 10, 499, 500, 999, 1_000, 4_990, 9_999, 24_900, 99_500, 1_00_000);
/** Maximums around the start, some far above it (through several increment bands). */
const bidsFor = (start: number) =>
  fc.array(
    fc.record({
      bidder: fc.integer({ min: 1, max: 4 }),
      max: fc.oneof(
        fc.integer({ min: Math.max(1, start - 20), max: start + 300 }),
        fc.integer({ min: start, max: start * 3 + 2_000 }),
      ),
    }),
    { maxLength: 40 },
  );

describe('proxy bidding rules', () => {
  it('any sequence of maximums: the price, the leader and the history are the model’s', () => {
    fc.assert(
      fc.property(
        startBids.chain((start) => fc.tuple(fc.constant(start), bidsFor(start))),
        ([start, bids]) => {
          const model = new Model(start);
          let state: ProxyState = { price: start, bidcount: 0, leader: null, leaderMax: null };
          const history: BidStep[] = [];
          for (const { bidder, max } of bids) {
            const outcome = applyMaximum(state, bidder, max);
            const accepted = model.bid(bidder, max);
            expect(['state' in outcome, bidder, max]).toEqual([accepted, bidder, max]);
            if (!('state' in outcome)) continue;
            state = outcome.state;
            history.push(...outcome.steps);
            expect(state.price).toBe(model.price);
            expect(state.leader).toBe(model.leader);
          }
          expect(history).toEqual(model.history);
          expect(state.bidcount).toBe(history.length);
          if (history.length) {
            // The history ends at the price, with the leader; it never goes down.
            expect(history.at(-1)).toMatchObject({ userid: state.leader, bid: state.price });
            for (let i = 1; i < history.length; i++) {
              expect(history[i].bid).toBeGreaterThanOrEqual(history[i - 1].bid);
              // Nobody outbids themselves.
              expect(history[i].userid === history[i - 1].userid && history[i].bid > history[i - 1].bid).toBe(false);
            }
            // The leader's maximum is never shown, unless the price has reached it.
            if (state.leaderMax! > state.price) expect(history.map((h) => h.bid)).not.toContain(state.leaderMax);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the first leads one increment above the start; the earlier of two equal maximums leads; the leader raising their maximum keeps the price', () => {
    const start = { price: 1000, bidcount: 0, leader: null, leaderMax: null };
    expect(applyMaximum(start, 1, 1000)).toEqual({ refusal: { reason: 'notAbovePrice', price: 1000 } });
    expect(applyMaximum(start, 1, 1049)).toEqual({ refusal: { reason: 'belowMinimum', minimum: 1050 } });
    const first = applyMaximum(start, 1, 2000);
    if (!('state' in first)) throw new Error('refused');
    expect(first).toEqual({
      state: { price: 1050, bidcount: 1, leader: 1, leaderMax: 2000 },
      steps: [{ userid: 1, bid: 1050, auto: false }],
    });
    const tie = applyMaximum(first.state, 2, 2000);
    if (!('state' in tie)) throw new Error('refused');
    expect(tie.state).toMatchObject({ price: 2000, leader: 1 });
    expect(tie.steps).toEqual([
      { userid: 2, bid: 2000, auto: false },
      { userid: 1, bid: 2000, auto: true },
    ]);
    const raise = applyMaximum(tie.state, 1, 5000);
    if (!('state' in raise)) throw new Error('refused');
    expect(raise).toEqual({ state: { ...tie.state, leaderMax: 5000 }, steps: [] });
  });
});

describe('soft close', () => {
  const rule = { extendMinutes: 5, capMinutes: 60 };
  const listed = new Date('2030-05-01T10:00:00.000Z');
  const at = (ms: number) => new Date(listed.getTime() + ms);

  it('a bid in the last minutes moves the end to 5 minutes after it; an earlier one does not', () => {
    expect(softCloseEnd(listed, listed, at(-1000), rule)).toEqual(at(-1000 + 300_000));
    expect(softCloseEnd(listed, listed, at(-300_000), rule)).toEqual(listed);
    expect(softCloseEnd(listed, listed, at(-3_600_000), rule)).toEqual(listed);
  });

  it('never beyond 60 minutes after the listed end, never earlier than it was', () => {
    expect(softCloseEnd(listed, at(3_500_000), at(3_400_000), rule)).toEqual(at(3_600_000));
    expect(softCloseEnd(listed, at(3_600_000), at(3_599_000), rule)).toEqual(at(3_600_000));
  });
});
