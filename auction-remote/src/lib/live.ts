import { formatPrice, type AuctionEvent, type AuctionItem, type Bid } from '@marketplace/shared';

const keyOf = (b: Bid): string => `${b.at}|${b.bid}|${b.nickname}`;

/** Both histories in one, each bid once, newest first (the highest first at the same instant). */
export function mergeBids(a: readonly Bid[], b: readonly Bid[]): Bid[] {
  const seen = new Map<string, Bid>();
  for (const bid of [...a, ...b]) seen.set(keyOf(bid), bid);
  return [...seen.values()].sort((x, y) => Date.parse(y.at) - Date.parse(x.at) || y.bid - x.bid);
}

/** The item's effective end: later than its listed `time` once late bids extended it (soft close). */
export function endOf(item: Pick<AuctionItem, 'time' | 'endsat'>): string {
  return item.endsat ?? item.time;
}

const laterEnd = (a: AuctionItem, endsat: string | undefined): string | undefined =>
  endsat && Date.parse(endsat) > Date.parse(endOf(a)) ? endsat : a.endsat;

/** The item after one live event of its stream; events of other items change nothing. */
export function applyEvent(item: AuctionItem, event: AuctionEvent): AuctionItem {
  if (event.auctionid !== item.auctionid) return item;
  if (event.type === 'closed') {
    const outcome = event.outcome ?? (event.winner === null ? 'unsold' : 'sold');
    return {
      ...item,
      status: 'closed',
      winner: event.winner,
      highbid: event.highbid,
      // Sold at Buy It Now: the price is the winner's, above any bid.
      bid: outcome === 'sold' ? Math.max(item.bid, event.highbid) : item.bid,
      outcome,
      closedat: event.closedat ?? item.closedat ?? null,
      buynow: null,
    };
  }
  const entry: Bid = { bid: event.bid, nickname: event.nickname, at: event.at, auto: event.auto };
  const bids = mergeBids(item.bids, [entry]);
  const added = bids.length - item.bids.length;
  return {
    ...item,
    bid: Math.max(item.bid, event.bid),
    // A bid announced after the close was accepted before it (events of different API processes
    // may cross); the winner's bid stays the highest bid of a closed item.
    highbid: item.status === 'closed' ? item.highbid : Math.max(item.highbid, event.highbid),
    bidcount: item.bidcount + added,
    bids,
    endsat: laterEnd(item, event.endsat),
  };
}

/** A fresh copy of the item from the server, keeping any live bid that arrived meanwhile. */
export function refreshItem(current: AuctionItem, fresh: AuctionItem): AuctionItem {
  const bids = mergeBids(fresh.bids, current.bids);
  return {
    ...fresh,
    bid: Math.max(fresh.bid, current.bid),
    highbid: fresh.status === 'closed' ? fresh.highbid : Math.max(fresh.highbid, current.highbid),
    bidcount: Math.max(fresh.bidcount, bids.length),
    bids,
    status: current.status === 'closed' ? 'closed' : fresh.status,
    endsat: laterEnd(fresh, current.endsat),
    winner: fresh.winner ?? current.winner,
  };
}

/** The winner's first name: the history's entry of the winning bid. */
export function winnerName(item: AuctionItem): string | null {
  if (item.winner === null) return null;
  return item.bids.find((b) => b.bid === item.highbid)?.nickname ?? null;
}

/** What a screen reader hears when the item closes live. */
export function closedAnnouncement(item: Pick<AuctionItem, 'outcome' | 'highbid' | 'winner'>): string {
  return item.outcome === 'unsold' || item.winner === null
    ? 'Bidding has closed: the item ended unsold'
    : `Bidding has closed: sold for ${formatPrice(item.highbid)}`;
}
