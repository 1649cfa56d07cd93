import { bidIncrement, formatRupees, minimumBid } from './rules';

describe('bid increments', () => {
  it('steps by the band of the current price, in rupees', () => {
    const cases: [number, number][] = [
      [0, 10],
      [499, 10],
      [500, 25],
      [999, 25],
      [1_000, 50],
      [4_999, 50],
      [5_000, 100],
      [9_999, 100],
      [10_000, 250],
      [24_999, 250],
      [25_000, 500],
      [99_999, 500],
      [1_00_000, 1_000],
      [5_00_00_000, 1_000],
    ];
    for (const [price, step] of cases) expect([price, bidIncrement(price)]).toEqual([price, step]);
  });

  it('takes the starting bid as the first bid, then the price plus one increment', () => {
    expect(minimumBid({ bid: 499 })).toBe(509);
    expect(minimumBid({ bid: 500 })).toBe(525);
    expect(formatRupees(minimumBid({ bid: 1_200 }))).toBe('Rs. 1,250');
  });
});
