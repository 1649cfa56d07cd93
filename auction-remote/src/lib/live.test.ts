import { auctionItem } from '@marketplace/shared/testing';
import { applyEvent, mergeBids, refreshItem, winnerName } from './live';

describe('live auction state', () => {
  it('adds a bid event once, newest first, and raises the current and highest bid', () => {
    const item = auctionItem();
    const event = {
      type: 'bid',
      auctionid: 1,
      bid: 6000,
      highbid: 6000,
      nickname: 'Dev',
      at: '2026-01-03T00:00:00.000Z',
    } as const;
    const next = applyEvent(item, event);
    expect(next.bid).toBe(6000);
    expect(next.highbid).toBe(6000);
    expect(next.bidcount).toBe(3);
    expect(next.bids.map((b) => b.bid)).toEqual([6000, 5000, 4500]);
    expect(applyEvent(next, event)).toEqual(next);
  });

  it('keeps the higher current bid when events arrive out of order', () => {
    const item = auctionItem({ bid: 7000, highbid: 7000 });
    const late = applyEvent(item, {
      type: 'bid',
      auctionid: 1,
      bid: 6000,
      highbid: 6000,
      nickname: 'Dev',
      at: '2026-01-01T12:00:00.000Z',
    });
    expect(late.bid).toBe(7000);
    expect(late.bids.map((b) => b.bid)).toEqual([5000, 6000, 4500]);
  });

  it('closes an unsold item: no winner, Buy It Now gone', () => {
    const closed = applyEvent(auctionItem({ buynow: 9000 }), {
      type: 'closed',
      auctionid: 1,
      winner: null,
      highbid: 5000,
      outcome: 'unsold',
      closedat: '2026-01-09T10:00:00.000Z',
    });
    expect(closed).toMatchObject({
      status: 'closed',
      winner: null,
      outcome: 'unsold',
      buynow: null,
      closedat: '2026-01-09T10:00:00.000Z',
    });
    expect(winnerName(closed)).toBeNull();
  });

  it('closes the item with its winner', () => {
    const closed = applyEvent(auctionItem(), { type: 'closed', auctionid: 1, winner: 3, highbid: 5000 });
    expect(closed.status).toBe('closed');
    expect(closed.winner).toBe(3);
    expect(winnerName(closed)).toBe('Priya');
    expect(winnerName(auctionItem())).toBeNull();
  });

  it('keeps the winner of a closed item when a bid from before the close arrives after it', () => {
    const closed = applyEvent(auctionItem(), { type: 'closed', auctionid: 1, winner: 3, highbid: 5000 });
    const late = applyEvent(closed, {
      type: 'bid',
      auctionid: 1,
      bid: 6000,
      highbid: 6000,
      nickname: 'Dev',
      at: '2026-01-03T00:00:00.000Z',
    });
    expect(late.status).toBe('closed');
    expect(late.highbid).toBe(5000);
    expect(winnerName(late)).toBe('Priya');
    expect(late.bids.map((b) => b.bid)).toEqual([6000, 5000, 4500]);
  });

  it('ignores events of another item', () => {
    const item = auctionItem();
    expect(applyEvent(item, { type: 'closed', auctionid: 2, winner: 3, highbid: 1 })).toBe(item);
  });

  it('keeps live bids that a slower reload does not know yet', () => {
    const live = applyEvent(auctionItem(), {
      type: 'bid',
      auctionid: 1,
      bid: 6000,
      highbid: 6000,
      nickname: 'Dev',
      at: '2026-01-03T00:00:00.000Z',
    });
    const merged = refreshItem(live, auctionItem());
    expect(merged.bid).toBe(6000);
    expect(merged.bids).toHaveLength(3);
    expect(mergeBids(merged.bids, merged.bids)).toHaveLength(3);
  });
});
