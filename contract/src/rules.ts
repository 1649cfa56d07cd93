/**
 * Validation rules and messages of spec section 5, shared by the API (which enforces them)
 * and the front ends (which may import these plain constants to show the same messages).
 * This file has no dependency, so importing it costs nothing in a browser bundle: it is an entry of
 * its own (`@marketplace/contract/rules`), which `@marketplace/shared` re-exports without TypeBox.
 */
export * from './links';
import type { LinkParams } from './links';
export const NAME_PATTERN = '\\S';
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** Letters/digits (and . _ % + -), @, at least 3 letters in the domain, a dot, a 2-3 letter ending. */
export const EMAIL_PATTERN = '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]{3,}(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,3}$';
/** A lowercase, an uppercase, a digit, one of !@#$%^&*, at least 8 characters (at most 128). */
export const PASSWORD_PATTERN = '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[!@#$%^&*]).{8,128}$';
export const PHONE_PATTERN = '^[0-9]{10}$';
export const GENDERS = ['male', 'female'] as const;

/** The largest id the API has or takes (ids are PostgreSQL integers). */
export const MAX_ID = 2147483647;

/** A route param as an id (/productdetails/12): a positive whole number up to MAX_ID, else null. */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

export const SIGNUP_MESSAGES = {
  firstname: 'Please Enter First Name',
  lastname: 'Please Enter Last Name',
  createdate: 'Please Select Birth Date',
  gender: 'Please Enter Gender',
  email: 'Please Enter Email',
  password: 'Please Enter Password',
  phonenum: 'Please Enter Phone number',
} as const;

export const LOGIN_MESSAGES = {
  email: 'Please Enter Email',
  password: 'Please Enter Password',
  empty: 'Please Enter Email or Password',
  wrong: 'Wrong Email or Password',
} as const;

export const NEW_PASSWORD_MESSAGE =
  'Password should contain Uppercase, Lowercase, Special Symbol and Length should be greater 8';

export const CONTACT_MESSAGES = {
  name: 'Name Required',
  email: 'Email Required',
  emailPattern: 'Email id must be in {email}',
  subject: 'Subject Required',
} as const;

/** Simple address pattern of the contact form. */
export const CONTACT_EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

export const ADDRESS_COUNTRIES = ['India', 'United Arab Emirate', 'United Kingdom', 'United States'] as const;
export const ADDRESS_STATES = ['Gujarat', 'Maharastra', 'Karnataka', 'Dubai', 'London', 'New York'] as const;

export const isValidPassword = (p: string) => new RegExp(PASSWORD_PATTERN).test(p);
export const isValidEmail = (e: string) => new RegExp(EMAIL_PATTERN).test(e);
export const isValidPhone = (p: string) => new RegExp(PHONE_PATTERN).test(p);

/** Add Product (spec section 5). The server also requires a positive price and at least one uploaded photo. */
export const PRODUCT_MESSAGES = {
  productname: 'Please Enter Product Name',
  title: 'Please Enter Title',
  description: 'Please Enter Description',
  rating: 'Please Enter Rating',
  price: 'Please Enter Price',
  photos: 'Please upload at least one PNG photo',
  stock: 'Please Enter Units in Stock (a whole number from 0 to 1,000,000)',
} as const;

// ---------------------------------------------------------------- stock and quantities (issue 26)

/** The most units a product may have in stock. */
export const STOCK_MAX = 1_000_000;
/** At or below this many units (and above 0) a product says "Only N left". */
export const LOW_STOCK = 5;
/** The most units of one product a cart line (so an order line) holds. */
export const CART_LINE_MAX = 10;

export const STOCK_MESSAGES = {
  quantity: `Quantity must be a whole number from 1 to ${CART_LINE_MAX}`,
  outOfStock: (productname: string) => `${productname} is out of stock`,
  onlyLeft: (productname: string, left: number) =>
    left === 0 ? `${productname} is out of stock` : `Only ${left} left of ${productname}`,
} as const;

/**
 * What a product page or card says about its stock, from the product's `left` (absent: more than
 * LOW_STOCK units): "In stock", "Only N left" or "Out of stock".
 */
export function stockLabel(left: number | undefined): string {
  if (left === undefined || left > LOW_STOCK) return 'In stock';
  return left <= 0 ? 'Out of stock' : `Only ${left} left`;
}

/** Add review (spec section 5), trailing spaces (and the double space of the date) kept. */
export const REVIEW_MESSAGES = {
  name: 'Please Enter Name ',
  title: 'Please Enter Title ',
  description: 'Please Enter Description ',
  keywords: 'Please Enter Keywords ',
  date: 'Please Select  Date ',
} as const;

/** Checkout and coupon texts (spec sections 4 and 8). */
export const SHOP_MESSAGES = {
  couponApplied: 'Coupon Applied Successfully',
  couponExpired: 'Coupon is Expired',
  billNameAndAddress: 'Please Enter Bill name and select the Address',
  orderPlaced: 'Order Placed',
} as const;

/** Upload limits of POST /uploadimage and POST /upload. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_DIMENSION = 8000;

/** Photos one product or auction item may have. */
export const MAX_PHOTOS = 10;
export const PHOTOS_LIST_MESSAGE = `photos must be a list of at most ${MAX_PHOTOS} photo URLs returned by /uploadimage`;

/** Add auction (spec section 5), trailing spaces kept; the rest are the server's own texts. */
export const AUCTION_MESSAGES = {
  username: 'Please Enter Nick Name ',
  bid: 'Please Enter Bid Value',
  rangelowbid: 'Please Enter Low BID Value ',
  rangehighbid: 'Please Enter High BID Value ',
  productname: 'Please Enter Product Name ',
  category: 'Please Select Category ',
  description: 'Please Enter Description',
  ageproduct: 'Please Enter Age of Product ',
  time: 'Please Enter Time',
  lowAboveBid: 'Low BID Value must be less than BID Value ',
  highBelowBid: 'High BID Value must be Greater than BID Value ',
  wholeBid: 'BID Value must be a whole number of rupees, at least 1',
  wholeLow: 'Low BID Value must be a whole number of rupees, 0 or more',
  wholeHigh: 'High BID Value must be a whole number of rupees',
  badTime: 'Time must be a date and time, like 2030-05-01T10:30',
  pastTime: 'Time must be in the future',
  farTime: 'Time must be within one year from now',
  photos: 'Please upload at least one PNG photo',
  photosList: PHOTOS_LIST_MESSAGE,
  unknownPhoto: 'Photo not found: upload it with /uploadimage first',
  placeBid: 'Please Enter BID',
  wholePlaceBid: 'BID must be a whole number of rupees, at least 1',
  wholeMaxBid: 'Maximum BID must be a whole number of rupees, at least 1',
  wholeReserve: 'Reserve price must be a whole number of rupees, at least 1',
  reserveBelowBid: 'Reserve price must not be lower than BID Value',
  wholeBuyNow: 'Buy It Now price must be a whole number of rupees, at least 1',
  buyNowBelowBid: 'Buy It Now price must be Greater than BID Value',
  buyNowBelowReserve: 'Buy It Now price must not be lower than the reserve price',
} as const;

export const AUCTION_CATEGORIES = ['Currancy', 'Painting', 'Sports Items'] as const;

/** Bids and bid values are whole rupees up to this amount. */
export const AUCTION_MAX_BID = 1_000_000_000;

/**
 * Money as a person reads it, in the front ends and the API's mails and messages: 'Rs.' and Indian
 * digit grouping (the last three digits, then pairs: Rs. 38,999, Rs. 1,50,000), paise only when the
 * amount has them (Rs. 1,234.50). A numeric text is read as its amount; any other text is shown as
 * given. Grouped by hand rather than by Intl's en-IN: the server render and the browser must print
 * the same text for hydration, and a Node or browser without full ICU data groups as en (150,000).
 */
export function formatRupees(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount.trim() || Number.NaN);
  if (!Number.isFinite(value)) return `Rs. ${amount}`;
  const [whole, paise] = Math.abs(value).toFixed(2).split('.');
  const lakhs = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = lakhs ? `${lakhs},${whole.slice(-3)}` : whole;
  const sign = value < 0 && `${whole}${paise}` !== '000' ? '-' : '';
  return `${sign}Rs. ${grouped}${paise === '00' ? '' : `.${paise}`}`;
}

/**
 * Bid increments (issue 25): the next acceptable bid is the current price plus the increment of
 * the band the price is in. Each row: prices below `below` rupees step by `step` rupees.
 */
export const BID_INCREMENTS: readonly { readonly below: number; readonly step: number }[] = [
  { below: 500, step: 10 },
  { below: 1_000, step: 25 },
  { below: 5_000, step: 50 },
  { below: 10_000, step: 100 },
  { below: 25_000, step: 250 },
  { below: 1_00_000, step: 500 },
  { below: Number.POSITIVE_INFINITY, step: 1_000 },
];

/** The increment over a current price of `price` rupees. */
export function bidIncrement(price: number): number {
  return BID_INCREMENTS.find((band) => price < band.below)!.step;
}

/**
 * The smallest bid an item takes: its current price (the starting bid while nobody has bid) plus
 * one increment. A bid must be higher than the current bid, the first one included.
 */
export function minimumBid(item: { bid: number }): number {
  return item.bid + bidIncrement(item.bid);
}

// ---------------------------------------------------------------- notices (issue 25)

/**
 * What a shopper is told, each once, by mail and live on the page: about auctions (issue 25) and
 * about shipments (issue 26: the buyer when a seller ships or delivers, the seller when an order
 * brings them something to ship or the buyer cancels it).
 */
export const NOTICE_KINDS = [
  'outbid',
  'won',
  'lost',
  'sold',
  'unsold',
  'ending',
  'shipped',
  'delivered',
  'neworder',
  'ordercancelled',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * What a notice tells, by kind: `productname` always; `price` in rupees (the new price when
 * outbid, the winning price when won or sold, the current price when ending soon); `nextbid` the
 * next acceptable bid (outbid); `orderid` the winner's order (won, sold); `buyer` the winner's
 * first name (sold); `endsat` the effective end (ending). Shipment notices: `productname` names
 * the shipment's first product (and how many more), `orderid` and `shipmentid` the shipment,
 * `courier` and `tracking` (shipped), `price` the seller's amount (neworder).
 */
export interface NoticeData {
  productname: string;
  price?: number;
  nextbid?: number;
  orderid?: number;
  buyer?: string;
  endsat?: string;
  shipmentid?: number;
  courier?: string;
  tracking?: string;
}

export const NOTICE_NO_KIND = 'Choose which notices to turn on or off';

export const NOTICE_MESSAGES = {
  saved: 'Notification settings saved',
  noKind: NOTICE_NO_KIND,
  tooManyStreams: 'Too many live connections, please try again in a moment',
  tooManyStreamsFromClient: 'Too many live connections from your network, please close some tabs',
  noLiveUpdates: 'Live notices are unavailable right now, please try again in a moment',
  badTicket: 'This live notices ticket is used up or expired: ask for a new one',
  tooManyTickets: 'Too many live connections, please close some tabs',
} as const;

/** The words a shopper reads for a notice (the live toast and the mail's first line). */
export function noticeText(kind: NoticeKind, d: NoticeData): string {
  const item = `"${d.productname}"`;
  const price = d.price === undefined ? '' : formatRupees(d.price);
  switch (kind) {
    case 'outbid':
      return `You have been outbid on ${item}: the BID is now ${price}.${
        d.nextbid === undefined ? '' : ` Enter ${formatRupees(d.nextbid)} or more to lead.`
      }`;
    case 'won':
      return `You won ${item}${price ? ` at ${price}` : ''}. Your order is in My Orders.`;
    case 'lost':
      return `The auction of ${item} has ended: another bidder won it.`;
    case 'sold':
      return `${item} sold${d.buyer ? ` to ${d.buyer}` : ''}${price ? ` at ${price}` : ''}.`;
    case 'unsold':
      return `The auction of ${item} ended unsold.`;
    case 'ending':
      return `${item} ends within the hour${price ? `: the BID is ${price}` : ''}.`;
    case 'shipped':
      return `${item} of your order #${d.orderid} has shipped with ${d.courier}, tracking number ${d.tracking}.`;
    case 'delivered':
      return `${item} of your order #${d.orderid} has been delivered.`;
    case 'neworder':
      return `New order #${d.orderid} to ship: ${item}${price ? ` (${price})` : ''}.`;
    case 'ordercancelled':
      return `Order #${d.orderid} was cancelled by the buyer: do not ship ${item}.`;
  }
}

/**
 * The page a notice is about and what a link to it says, the same for its live toast (shared's
 * noticeLink) and its mail (the API's), each resolving the names with its own `linkTo`: the buyer's
 * order for a win and for a shipment shipped or delivered (My Orders when the notice names no
 * order), the seller's orders to ship for a new or cancelled order, else the auction item (the
 * auction home when it names none).
 */
export function noticeTarget(
  n: { kind: NoticeKind; auctionid: number | null; data: NoticeData },
  linkTo: (name: string, params?: LinkParams) => string,
): { to: string; label: string } {
  const { orderid } = n.data;
  switch (n.kind) {
    case 'shipped':
    case 'delivered':
      return {
        to: orderid === undefined ? linkTo('myOrders') : linkTo('manageOrder', { orderid }),
        label: 'View order',
      };
    case 'neworder':
    case 'ordercancelled':
      return { to: linkTo('sales'), label: 'Orders to ship' };
    case 'won':
      if (orderid !== undefined) return { to: linkTo('manageOrder', { orderid }), label: 'View order' };
      break;
  }
  return {
    to: n.auctionid === null ? linkTo('auctionHome') : linkTo('auctionProduct', { id: n.auctionid }),
    label: 'See the item',
  };
}

/** The preference switches of the account area (Sold/Unsold is one switch over both kinds). */
export const NOTICE_SWITCHES: readonly { label: string; hint: string; kinds: readonly NoticeKind[] }[] = [
  { label: 'Outbid', hint: 'When another bidder takes the lead on an item you bid on.', kinds: ['outbid'] },
  { label: 'Won', hint: 'When you win an auction.', kinds: ['won'] },
  { label: 'Lost', hint: 'When an auction you bid on ends with another winner.', kinds: ['lost'] },
  { label: 'Sold/Unsold', hint: 'When an item you listed sells, or ends unsold.', kinds: ['sold', 'unsold'] },
  { label: 'Ending soon', hint: 'One hour before an item you watch or bid on ends.', kinds: ['ending'] },
  {
    label: 'Shipping',
    hint: 'When a seller ships or delivers something you ordered.',
    kinds: ['shipped', 'delivered'],
  },
  {
    label: 'Orders to ship',
    hint: 'When an order brings you something to ship, or its buyer cancels it.',
    kinds: ['neworder', 'ordercancelled'],
  },
];

// ---------------------------------------------------------------- shipments (issue 26)

/** What the buyer's order shows who ships a marketplace shipment as. */
export const MARKETPLACE_SELLER = 'Fulfilled by Marketplace';

export const SALES_PAGE = { default: 20, max: 100 } as const;

/** The statuses a seller filters their shipments by. */
export const SHIPMENT_STATUSES = ['Awaiting payment', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_LIMITS = {
  courier: { min: 2, max: 60 },
  tracking: { min: 4, max: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$' },
} as const;

export const SHIPMENT_MESSAGES = {
  list: 'Orders to ship',
  none: 'No orders to ship',
  notFound: 'Shipment not found',
  notYours: 'Only the seller of this shipment can change it',
  courier: `Please enter the courier name (${SHIPMENT_LIMITS.courier.min} to ${SHIPMENT_LIMITS.courier.max} characters)`,
  tracking: `Please enter the tracking number (${SHIPMENT_LIMITS.tracking.min} to ${SHIPMENT_LIMITS.tracking.max} letters, digits, spaces or -)`,
  shipped: 'Marked as shipped: the buyer has been told',
  delivered: 'Marked as delivered: the buyer has been told',
  awaitingPayment: 'The buyer has not paid yet: ship it once the order is Processing',
  cancelled: 'The buyer cancelled this shipment: it must not be shipped',
  alreadyShipped: 'This shipment is already shipped',
  notShipped: 'Mark the shipment shipped (with its tracking number) before delivered',
  alreadyDelivered: 'This shipment is already delivered',
} as const;
