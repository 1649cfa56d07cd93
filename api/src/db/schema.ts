import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric columns come back as strings from both drivers. */
type Numeric = ColumnType<string, number | string, number | string>;
/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface StoredAddress {
  streetadd: string;
  landmark: string;
  country: string;
  state: string;
  city: string;
  postal: string;
}

export interface UsersTable {
  userid: Generated<number>;
  firstname: string;
  lastname: string;
  email: string;
  phonenum: string;
  /** The birthday, YYYY-MM-DD (spec name). */
  createdate: string;
  gender: string;
  address: Json<StoredAddress[]>;
  password_hash: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A signed-in user: their users row, as the login-token lookup reads it (lib/auth.ts). */
export type SignedInUser = Pick<
  Selectable<UsersTable>,
  'userid' | 'firstname' | 'lastname' | 'email' | 'phonenum' | 'createdate' | 'gender' | 'address' | 'password_hash'
>;

export interface LoginTokensTable {
  token_hash: string;
  userid: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface PasswordResetsTable {
  resetid: Generated<number>;
  token_hash: string;
  email: string;
  userid: number | null;
  otp_hash: string;
  otp_expires_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  verified_at: NullableTimestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface PasswordProofsTable {
  token_hash: string;
  userid: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ImagesTable {
  hash: string;
  content: ColumnType<Uint8Array, Buffer, Buffer>;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  created_at: Generated<Date>;
  /** The user who uploaded it (null for seed pictures); migration 0002_shop. */
  uploaded_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The WebP and AVIF widths stored in image_variants; `{}` when it could not be converted; null until made (migration 0016). */
  variants: ColumnType<VariantWidths | null, string | null | undefined, string | null>;
  /** A process making its variants holds it until then (migration 0016). */
  variants_claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type VariantFormat = 'avif' | 'webp';
export type VariantWidths = Partial<Record<VariantFormat, number[]>>;

/** A smaller copy of a stored photo (migration 0016_image_variants). */
export interface ImageVariantsTable {
  hash: string;
  format: VariantFormat;
  width: number;
  content: ColumnType<Uint8Array, Buffer, Buffer>;
  bytes: number;
}

export interface ProductsTable {
  productid: Generated<number>;
  productname: string;
  title: string;
  description: string;
  price: Numeric;
  rating: Numeric;
  photo_hash: string;
  location: string;
  userid: number;
  created_at: Generated<Date>;
  /** Every photo (content hashes), the first being photo_hash (migration 0002_shop). */
  photo_hashes: ColumnType<string[], string | undefined, string>;
  /** Units in stock, 0 to 1,000,000 (migration 0014_stock; 100 when not given). */
  stock: ColumnType<number, number | undefined, number>;
  /** Who ships it (migration 0015_shipments): the demo catalogue 'marketplace', listed products 'seller'. */
  fulfilled_by: ColumnType<'marketplace' | 'seller', 'marketplace' | 'seller' | undefined, 'marketplace' | 'seller'>;
}

export interface CartItemsTable {
  cartid: Generated<number>;
  userid: number;
  productid: number;
  quantity: Generated<number>;
  created_at: Generated<Date>;
}

export interface CouponsTable {
  couponid: Generated<number>;
  name: string;
  discount: Numeric;
  expires_at: Timestamp;
  uses_left: number;
  created_at: Generated<Date>;
}

export interface ContactMessagesTable {
  contactid: Generated<number>;
  email: string;
  name: string;
  subject: string;
  msg: string;
  created_at: Generated<Date>;
}

/** 'Awaiting payment': an auction win whose winner has not chosen address and payment yet (never stored in `status`). */
export type OrderStatusValue = 'Awaiting payment' | 'Processing' | 'Shipped' | 'Delivered' | 'Cancelled';

/** Orders (migration 0002_shop). Amounts are computed by the server. */
export interface OrdersTable {
  orderid: Generated<number>;
  userid: number;
  orderdate: ColumnType<Date, Date | string | undefined, Date | string>;
  billname: string;
  billaddress: string;
  ordernote: string;
  /** Null only on an auction win whose winner has not chosen how to pay yet (migration 0011). */
  payinfo: 'cod' | 'paywithcard' | 'paypal' | null;
  /** Sum of the lines at catalogue prices. */
  items_total: Numeric;
  /** Coupon discount actually applied (at most items_total). */
  discount: Numeric;
  /** items_total - discount. */
  billamount: Numeric;
  /** Shipping fee. */
  billtax: Numeric;
  couponname: string | null;
  /** When the buyer cancelled (its shipments not yet delivered are Cancelled). */
  cancelled_at: NullableTimestamp;
  idempotency_key: string | null;
  created_at: Generated<Date>;
  /** The auction item this order was won on (unique), null for a cart's order (migration 0011). */
  auctionid: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the winner of an auction chose address and payment; null until then (migration 0011). */
  paid_at: NullableTimestamp;
}

/** The order's items (the spec's orderdata). */
export interface OrderLinesTable {
  orderid: number;
  lineno: number;
  productid: number | null;
  productname: string;
  price: Numeric;
  quantity: Generated<number>;
  /** The shipment this line travels in (migration 0015_shipments). */
  shipmentid: number;
}

/**
 * An order's part shipped by one party (migration 0015_shipments). `status` null: follows the
 * order clock (marketplace shipments only); 'Awaiting payment' is stored only on a seller's
 * auction win until its winner pays.
 */
export interface ShipmentsTable {
  shipmentid: Generated<number>;
  orderid: number;
  fulfilled_by: 'marketplace' | 'seller';
  sellerid: number | null;
  status: OrderStatusValue | null;
  courier: string | null;
  tracking: string | null;
  shipped_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
}

export interface ReviewsTable {
  reviewid: Generated<number>;
  userid: number | null;
  /** The date the reviewer entered, YYYY-MM-DD. */
  review_date: string;
  name: string;
  title: string;
  keywords: string;
  description: string;
  created_at: Generated<Date>;
}

/** Auction items (migration 0003_auctions). `bid` is the current bid, raised only by accepted bids. */
export interface AuctionsTable {
  auctionid: Generated<number>;
  /** The owner. */
  userid: number;
  /** The owner's nickname as entered (shown as `username`). */
  nickname: string;
  productname: string;
  category: 'Currancy' | 'Painting' | 'Sports Items';
  description: string;
  ageproduct: string;
  startbid: number;
  bid: number;
  highbid: Generated<number>;
  /** Bids placed on the item (migration 0005), raised with each accepted bid. */
  bidcount: Generated<number>;
  rangelowbid: number;
  rangehighbid: number;
  /** Content hashes of the photos (images table), in upload order. */
  photo_hashes: ColumnType<string[], string, string>;
  /** The listed end, as the owner entered it. */
  end_time: Timestamp;
  /** The effective end once a late bid extended it (migration 0009); NULL: the listed end. */
  ends_at: NullableTimestamp;
  /** The bidder who leads and their maximum, never shown to others (migration 0009). */
  leader: number | null;
  leader_max: number | null;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  winner: number | null;
  /** Hidden reserve and Buy It Now price, both optional (migration 0010). */
  reserve: number | null;
  buynow: number | null;
  /** How a closed item ended (migration 0010); null while open. */
  outcome: 'sold' | 'unsold' | null;
  closed_at: NullableTimestamp;
  /** When the one-hour "ending soon" notices were queued (migration 0010). */
  ending_noticed_at: NullableTimestamp;
  approved_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Every accepted bid (migration 0003_auctions). */
export interface BidsTable {
  bidid: Generated<number>;
  auctionid: number;
  userid: number;
  bid: number;
  /** Placed by the server for this bidder against a rival's bid (migration 0009). */
  auto: Generated<boolean>;
  created_at: Generated<Date>;
}

/** A shopper watching an auction item (migration 0010). */
export interface AuctionWatchersTable {
  userid: number;
  auctionid: number;
  created_at: Generated<Date>;
}

import type { NoticeKind } from '@marketplace/contract';
export type { NoticeKind };

type MailState = 'pending' | 'sent' | 'skipped' | 'failed' | 'superseded';

/** What a shopper is told, the outbox of its mail (migration 0010); one row per `dedupe_key`. */
export interface NoticesTable {
  noticeid: Generated<number>;
  userid: number;
  kind: NoticeKind;
  auctionid: number | null;
  dedupe_key: string;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  /** 'superseded': an outbid notice told live whose mail no longer told anything when due (migration 0017). */
  mail_state: ColumnType<MailState, MailState | undefined, MailState>;
  mail_attempts: Generated<number>;
  mail_claimed_until: NullableTimestamp;
  mailed_at: NullableTimestamp;
  seen_at: NullableTimestamp;
}

/** A kind of notice a shopper turned off (migration 0010). */
export interface NoticeOptoutsTable {
  userid: number;
  kind: NoticeKind;
}

/** A single-use ticket opening a shopper's live notices stream (migration 0010). */
export interface NoticeStreamTicketsTable {
  ticket_hash: string;
  userid: number;
  /** The login token it was issued for: the stream opens only while that token lives. */
  login_token_hash: string;
  expires_at: Timestamp;
}

/** A product on a shopper's wishlist (migration 0008). */
export interface WishlistItemsTable {
  wishid: Generated<number>;
  userid: number;
  productid: number;
  created_at: Generated<Date>;
}

/** A shopper waiting for a product's price to drop (migration 0008). */
export interface PriceAlertsTable {
  alertid: Generated<number>;
  userid: number;
  productid: number;
  created_at: Generated<Date>;
}

/** "Tell me when it's back" (migration 0014_stock): deleted when its mail goes out. */
export interface StockAlertsTable {
  alertid: Generated<number>;
  userid: number;
  productid: number;
  created_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  login_tokens: LoginTokensTable;
  password_resets: PasswordResetsTable;
  password_proofs: PasswordProofsTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  products: ProductsTable;
  cart_items: CartItemsTable;
  wishlist_items: WishlistItemsTable;
  price_alerts: PriceAlertsTable;
  stock_alerts: StockAlertsTable;
  coupons: CouponsTable;
  contact_messages: ContactMessagesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  shipments: ShipmentsTable;
  reviews: ReviewsTable;
  auctions: AuctionsTable;
  bids: BidsTable;
  auction_watchers: AuctionWatchersTable;
  notices: NoticesTable;
  notice_optouts: NoticeOptoutsTable;
  notice_stream_tickets: NoticeStreamTicketsTable;
}
