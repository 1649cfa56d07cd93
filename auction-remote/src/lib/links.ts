/** Where the auction pages live (spec section 2). */
export const AUCTION_HOME_PATH = '/auctionhome';
export const ADD_AUCTION_PATH = '/addauction';
export const LOGIN_PATH = '/login';
export const STORE_PATH = '/';
export const auctionProductPath = (auctionid: number): string => `/auctionproduct/${auctionid}`;
export const auctionUsersPath = (userid: number): string => `/auctionusers/${userid}`;

const MAX_ID = 2147483647;

/** A route id: a positive whole number the API accepts, or null. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
