import { minimumBid, type MyBidState, type SellingState } from '@marketplace/contract';

// The states of the caller's auction lists (My bids, Selling), from an item's stored columns; no I/O.

/** An item as the lists read it. */
export interface ListedItem {
  status: 'open' | 'closed';
  /** Set by the close (issue 25); an item closed before it was there is sold to `winner` when set. */
  outcome: 'sold' | 'unsold' | null;
  winner: number | null;
  leader: number | null;
  leader_max: number | null;
  reserve: number | null;
}

/** How a closed item ended: its `outcome`, else sold when a winner is recorded, else unsold. */
export function closedOutcome(item: Pick<ListedItem, 'outcome' | 'winner'>): 'sold' | 'unsold' {
  return item.outcome ?? (item.winner !== null ? 'sold' : 'unsold');
}

/** Where `caller` stands on an item they bid on: won/lost once closed, leading/outbid while open. */
export function myBidState(item: ListedItem, caller: number): MyBidState {
  if (item.status === 'closed') return closedOutcome(item) === 'sold' && item.winner === caller ? 'won' : 'lost';
  return item.leader === caller ? 'leading' : 'outbid';
}

/** A seller's item: open, or how it closed. */
export function sellingState(item: Pick<ListedItem, 'status' | 'outcome' | 'winner'>): SellingState {
  return item.status === 'closed' ? closedOutcome(item) : 'open';
}

/** The reserve as shoppers may know it: null without one, else whether the leading maximum meets it (never the amount). */
export function reserveMet(item: Pick<ListedItem, 'reserve' | 'leader_max'>): boolean | null {
  if (item.reserve === null) return null;
  return item.leader_max !== null && item.leader_max >= item.reserve;
}

/** The caller's row of My bids: their maximum only while they lead; the next acceptable bid only when outbid. */
export function myBidFigures(item: ListedItem & { bid: number }, caller: number) {
  const state = myBidState(item, caller);
  return {
    state,
    yourmax: state === 'leading' ? item.leader_max : null,
    nextbid: state === 'outbid' ? minimumBid(item) : null,
  };
}
