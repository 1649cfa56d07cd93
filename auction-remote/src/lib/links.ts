/** Where the auction pages live (spec section 2). */
export const AUCTION_HOME_PATH = '/auctionhome';
export const ADD_AUCTION_PATH = '/addauction';
export const LOGIN_PATH = '/login';
export const STORE_PATH = '/';
export const auctionProductPath = (auctionid: number): string => `/auctionproduct/${auctionid}`;
export const auctionUsersPath = (userid: number): string => `/auctionusers/${userid}`;
