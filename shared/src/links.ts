import type { NoticeData, NoticeKind } from '@marketplace/contract/rules';
import { renderScope } from './remote/renderScope';
import { withNext } from './session/returnPath';

// ---------------------------------------------------------------- links by name (the live manifests')

/** A link's parameters: its route's `:params`, and anything else as the query (null or undefined: left out). */
export type LinkParams = Readonly<Record<string, string | number | null | undefined>>;

/** A link name no live manifest gives, or a parameter its route needs that the link lacks. */
export class LinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinkError';
  }
}

/** The live link table: this server render's, else the page's runtime config's (empty before it is read). */
function liveLinks(): Readonly<Record<string, string>> {
  return (
    (typeof window !== 'undefined' ? window.__MARKETPLACE_CONFIG__?.links : undefined) ?? renderScope()?.links ?? {}
  );
}

/**
 * The path of the page a manifest names `name` (its route's `link`), from the live releases'
 * manifests (/config.json `links`): an area links to another's page with no path of its own, so a
 * path changed in the other's release reaches this area's links without a release of it.
 * `params` fill the route's `:params`; the others become the query ('manageOrder', { orderid: 5 }
 * → '/myaccount/manageorder?orderid=5'). An unknown name or a missing parameter is a LinkError,
 * never a link to nowhere.
 */
export function linkTo(name: string, params: LinkParams = {}): string {
  const pattern = liveLinks()[name];
  if (pattern === undefined) throw new LinkError(`No live route is linked as '${name}'`);
  const used = new Set<string>();
  const path = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const key = part.slice(1);
      const value = params[key];
      if (value === undefined || value === null || value === '')
        throw new LinkError(`The link '${name}' (${pattern}) needs '${key}'`);
      used.add(key);
      return encodeURIComponent(String(value));
    })
    .join('/');
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([key, value]) => !used.has(key) && value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The paths of the pages the front ends link to, whichever front end serves them (each declares
 * its routes in its own src/routes.ts): one builder, so a link and the page it opens agree. The
 * paths are the spec's; the browser journeys (e2e/) navigate by them.
 */

// ---------------------------------------------------------------- shop (shop-remote)

export const HOME_PATH = '/';
export const NEW_ARRIVALS_PATH = '/newarrival';
/** The catalogue searched for `term` (taken as it is: trim what a user typed); no term: the whole catalogue. */
export const searchPath = (term: string): string =>
  term ? `${NEW_ARRIVALS_PATH}/${encodeURIComponent(term)}` : NEW_ARRIVALS_PATH;
export const productDetailsPath = (productid: number): string => `/productdetails/${productid}`;
export const CART_PATH = '/viewcart';
/** Adds the product to the signed-in shopper's cart, then shows the cart. */
export const addToCartPath = (productid: number): string => `${CART_PATH}/${productid}`;
export const EMPTY_CART_PATH = '/emptycart';
export const CHECKOUT_PATH = '/checkout';
export const BILL_CONFIRM_PATH = '/billconfirm';
export const ADD_PRODUCT_PATH = '/addproduct';
/** The seller's edit of their listing (the shop owns the product form: Add Product and its edit). */
export const editProductPath = (productid: number): string => `/editproduct/${productid}`;
export const REVIEW_PATH = '/review';
export const ADD_REVIEW_PATH = '/addreview';
export const WISHLIST_PATH = '/wishlist';

// ---------------------------------------------------------------- account (account-remote)

export const LOGIN_PATH = '/login';
export const SIGNUP_PATH = '/signup';
/** /login, coming back to `next` after signing in when it is a safe path of this site (withNext). */
export const loginPath = (next?: string | null): string => withNext(LOGIN_PATH, next);
/** /signup, coming back to `next` after signing in when it is a safe path of this site (withNext). */
export const signupPath = (next?: string | null): string => withNext(SIGNUP_PATH, next);
export const FORGET_PASSWORD_PATH = '/forgetpassword';
export const OTP_RESET_PATH = '/otpresetpass';
export const NEW_PASSWORD_PATH = '/newpassword';
export const CHANGE_PASSWORD_PATH = '/changepassword';

/** The account screen's sub-pages: /myaccount/<sub-page> (spec section 2). */
export type AccountSubPage =
  | 'myprofile'
  | 'editprofile'
  | 'addressbook'
  | 'addaddress'
  | 'editaddress'
  | 'myorder'
  | 'manageorder'
  | 'trackorder'
  | 'mypayment'
  | 'cancellation'
  | 'couponoffer'
  | 'myproducts'
  | 'sales'
  | 'notifications';
export const MY_ACCOUNT_PATH = '/myaccount';
/** /myaccount/<page>; no page: the account's dashboard. */
export const myAccountPath = (page?: AccountSubPage): string => (page ? `${MY_ACCOUNT_PATH}/${page}` : MY_ACCOUNT_PATH);
/** The order's page in the account (it also remembers the order for Track Order). */
export const manageOrderPath = (orderid: number): string => `${myAccountPath('manageorder')}?orderid=${orderid}`;
/** The seller's orders to ship (their shipments: Mark shipped, Mark delivered). */
export const SALES_PATH = myAccountPath('sales');
/** The edit of the customer's `index`th saved address. */
export const editAddressPath = (index: number): string => `${myAccountPath('editaddress')}?index=${index}`;

// ---------------------------------------------------------------- auction (auction-remote)

export const AUCTION_HOME_PATH = '/auctionhome';
export const ADD_AUCTION_PATH = '/addauction';
export const auctionProductPath = (auctionid: number): string => `/auctionproduct/${auctionid}`;
/** The bidders on the items of the owner `userid` (only the owner sees them). */
export const auctionUsersPath = (userid: number): string => `/auctionusers/${userid}`;
/** The signed-in shopper's auction lists: the items they watch, bid on and sell. */
export const AUCTION_WATCHING_PATH = '/auction/watching';
export const MY_BIDS_PATH = '/auction/mybids';
export const SELLING_PATH = '/auction/selling';

// ---------------------------------------------------------------- notices

/**
 * The page a notice is about and what a link to it says (its live toast links there; its mail
 * links to the same place): the buyer's order for a win and for a shipment shipped or delivered,
 * the seller's orders to ship for a new or cancelled order, else the auction item.
 */
export function noticeLink(n: { kind: NoticeKind; auctionid: number | null; data: NoticeData }): {
  to: string;
  label: string;
} {
  const { orderid } = n.data;
  switch (n.kind) {
    case 'shipped':
    case 'delivered':
      return { to: orderid === undefined ? myAccountPath('myorder') : manageOrderPath(orderid), label: 'View order' };
    case 'neworder':
    case 'ordercancelled':
      return { to: SALES_PATH, label: 'Orders to ship' };
    case 'won':
      if (orderid !== undefined) return { to: manageOrderPath(orderid), label: 'View order' };
      break;
  }
  return { to: n.auctionid === null ? AUCTION_HOME_PATH : auctionProductPath(n.auctionid), label: 'See the item' };
}

// ---------------------------------------------------------------- shell (its own pages the remotes link to)

export const LOGOUT_PATH = '/logout';
export const ALREADY_LOGGED_IN_PATH = '/alreadyloggedin';
export const ERROR_PATH = '/error404';
