/**
 * The add-auction form's fields, in the order they unlock, with the spec's messages (section 5,
 * trailing spaces kept) and the same rules the server applies.
 */
import { AUCTION_CATEGORIES, AUCTION_MAX_BID, AUCTION_MESSAGES as M, type Check } from '@marketplace/shared';

export { AUCTION_CATEGORIES };
/** The server takes end times up to a year ahead. */
export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export const FIELD_ORDER = [
  'username',
  'bid',
  'rangelowbid',
  'rangehighbid',
  'productname',
  'category',
  'description',
  'ageproduct',
  'time',
  'reserve',
  'buynow',
] as const;

/** Fields that may stay blank: the hidden reserve and the Buy It Now price (issue 25). */
export const OPTIONAL_FIELDS: readonly AuctionField[] = ['reserve', 'buynow'];

export type AuctionField = (typeof FIELD_ORDER)[number];
export type AuctionValues = Record<AuctionField, string>;

const blank = (v: string): boolean => v.trim() === '';
/** Whole rupees: digits only (the server takes integers). */
export function parseRupees(v: string): number | null {
  const t = v.trim();
  if (!/^\d{1,10}$/.test(t)) return null;
  const n = Number(t);
  return n <= AUCTION_MAX_BID ? n : null;
}

/** The message for one field given every value, or null when it passes. */
export function checkField(name: AuctionField, v: AuctionValues, now: number): string | null {
  const value = v[name];
  switch (name) {
    case 'bid': {
      if (blank(value)) return M.bid;
      const bid = parseRupees(value);
      return bid === null || bid < 1 ? M.wholeBid : null;
    }
    case 'rangelowbid': {
      if (blank(value)) return M.rangelowbid;
      const low = parseRupees(value);
      if (low === null) return M.wholeLow;
      return low >= (parseRupees(v.bid) ?? 0) ? M.lowAboveBid : null;
    }
    case 'rangehighbid': {
      if (blank(value)) return M.rangehighbid;
      const high = parseRupees(value);
      if (high === null) return M.wholeHigh;
      return high <= (parseRupees(v.bid) ?? 0) ? M.highBelowBid : null;
    }
    case 'reserve': {
      if (blank(value)) return null;
      const reserve = parseRupees(value);
      if (reserve === null || reserve < 1) return M.wholeReserve;
      return reserve < (parseRupees(v.bid) ?? 0) ? M.reserveBelowBid : null;
    }
    case 'buynow': {
      if (blank(value)) return null;
      const buynow = parseRupees(value);
      if (buynow === null || buynow < 1) return M.wholeBuyNow;
      if (buynow <= (parseRupees(v.bid) ?? 0)) return M.buyNowBelowBid;
      const reserve = parseRupees(v.reserve);
      return reserve !== null && buynow < reserve ? M.buyNowBelowReserve : null;
    }
    case 'category':
      return (AUCTION_CATEGORIES as readonly string[]).includes(value) ? null : M.category;
    case 'time': {
      if (blank(value)) return M.time;
      const t = Date.parse(value);
      if (Number.isNaN(t)) return M.badTime;
      if (t <= now) return M.pastTime;
      return t > now + YEAR_MS ? M.farTime : null;
    }
    default:
      return blank(value) ? M[name] : null;
  }
}

/** Every field's check for the progressive form, end times measured from `now`. */
export function auctionChecks(now: number): Record<AuctionField, Check<AuctionField>> {
  return Object.fromEntries(
    FIELD_ORDER.map((name) => [name, (_value: string, values: AuctionValues) => checkField(name, values, now)]),
  ) as Record<AuctionField, Check<AuctionField>>;
}

/** A datetime-local value ('YYYY-MM-DDTHH:mm') for a moment, in the viewer's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
