import type { ColumnType, Generated } from 'kysely';

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

export interface Database {
  users: UsersTable;
  login_tokens: LoginTokensTable;
  password_resets: PasswordResetsTable;
  password_proofs: PasswordProofsTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
  images: ImagesTable;
  products: ProductsTable;
  cart_items: CartItemsTable;
  coupons: CouponsTable;
  contact_messages: ContactMessagesTable;
}
