import type { Static, TSchema } from 'typebox';
import {
  LoginBody,
  LogoutBody,
  OtpCheckBody,
  OtpEmailBody,
  CheckUserDataBody,
  SignupPayload,
  UpdateCusBody,
} from './account';
import { AddToCartBody, CartQuantityBody, ClearCartBody, RemoveFromCartBody } from './cart';
import { ProductSearch } from './catalog';
import { ContactMessage } from './contact';
import { CheckCouponBody } from './coupons';
import { NoticePrefsBody, NoticesSeenBody } from './notices';
import { PayAuctionOrderBody, PlaceOrderBody } from './orders';
import { MarkShippedBody } from './shipments';
import { CreateProductBody, UpdateProductBody } from './products';
import { AddReviewBody } from './reviews';
import { ApproveBidderBody, BuyNowBody, CreateAuctionBody, PlaceBidBody } from './auctions';
import { PriceAlertBody, StockAlertBody, WishlistBody } from './wishlist';

/**
 * An example of every request body, for the API's OpenAPI document (api/src/plugins/openapi.ts)
 * and the clients generated from it. Each is typed by its schema here and checked against it by
 * api/test/openapi.test.ts. Tokens are placeholders of the right shape.
 */
const LOGIN_TOKEN = 'lt_3f9c2a7e41b04d6f8a1e5c9b72d0e6a4';
const ANY_TOKEN = 'at_8d41c0f2b9e74a3c95f1e6d2a07b3c58';
const PHOTO = 'http://localhost:4000/images/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png';
const ADDRESS = '12, MG Road, Near City Mall, Bengaluru, Karnataka, India, 560001';

const examples: [TSchema, unknown][] = [];
function example<T extends TSchema>(schema: T, value: Static<T>): void {
  examples.push([schema, value]);
}

example(SignupPayload, {
  firstname: 'Asha',
  lastname: 'Verma',
  createdate: '1994-08-15',
  gender: 'female',
  email: 'asha.verma@example.com',
  password: 'Asha@2024',
  phonenum: '9876543210',
});
example(LoginBody, { email: 'asha.verma@example.com', password: 'Asha@2024', authtoken: ANY_TOKEN });
example(LogoutBody, { authtoken: LOGIN_TOKEN });
example(OtpEmailBody, { email: 'asha.verma@example.com', authtoken: ANY_TOKEN });
example(OtpCheckBody, { otp: '482913,asha.verma@example.com', authtoken: ANY_TOKEN });
example(CheckUserDataBody, { password: 'Asha@2024', authtoken: LOGIN_TOKEN });
example(UpdateCusBody, { authtoken: LOGIN_TOKEN, firstname: 'Asha', lastname: 'Verma', phonenum: '9876543210' });
example(ProductSearch, {
  productname: 'wireless',
  category: 'Electronics',
  minPrice: 1000,
  maxPrice: 20000,
  limit: 24,
});
example(ContactMessage, {
  email: 'rohan.mehta@example.com',
  name: 'Rohan Mehta',
  subject: 'Delivery to Pune',
  msg: 'Do you deliver to Pune on weekends?',
});
example(AddToCartBody, { productid: 12, authtoken: LOGIN_TOKEN });
example(CartQuantityBody, { quantity: 2 });
example(RemoveFromCartBody, { productid: 12, authtoken: LOGIN_TOKEN });
example(ClearCartBody, { authtoken: LOGIN_TOKEN });
example(CheckCouponBody, { couponname: 'WELCOME50', authtoken: LOGIN_TOKEN });
example(PlaceOrderBody, {
  billname: 'Asha Verma',
  billaddress: ADDRESS,
  ordernote: 'Please call before delivery',
  payinfo: 'cod',
  couponname: 'WELCOME50',
});
example(MarkShippedBody, { courier: 'BlueDart', tracking: 'BD 1234-5678' });
example(PayAuctionOrderBody, { orderid: 41, billname: 'Asha Verma', billaddress: ADDRESS, payinfo: 'paywithcard' });
example(CreateProductBody, {
  productname: 'Handloom Cotton Kurta',
  title: 'Clothing',
  description: 'Block-printed cotton, hand-woven in Jaipur.',
  price: 1499,
  rating: 4,
  location: 'Jaipur',
  photos: [PHOTO],
  stock: 25,
});
example(UpdateProductBody, {
  productname: 'Handloom Cotton Kurta',
  title: 'Clothing',
  description: 'Block-printed cotton, hand-woven in Jaipur.',
  price: 1299,
  rating: 4,
  photos: [PHOTO],
  stock: 40,
});
example(AddReviewBody, {
  name: 'Rohan Mehta',
  title: 'Great sound for the price',
  description: 'Clear highs, deep bass, and the battery lasts all week.',
  keywords: 'headphones, battery',
  date: '2026-11-20',
  authtoken: LOGIN_TOKEN,
});
example(WishlistBody, { productid: 12 });
example(PriceAlertBody, { productid: 12 });
example(StockAlertBody, { productid: 12 });
example(CreateAuctionBody, {
  username: 'Asha Arts',
  bid: 5000,
  rangelowbid: 4000,
  rangehighbid: 12000,
  productname: 'Monsoon over Kochi',
  category: 'Painting',
  description: 'Watercolour on paper, 30 × 40 cm, signed.',
  ageproduct: '5 years',
  time: '2026-12-20T18:30:00.000Z',
  photos: [PHOTO],
  reserve: 8000,
  buynow: 15000,
});
example(PlaceBidBody, { auctionid: 7, bid: 5100, maxbid: 9000 });
example(ApproveBidderBody, { productid: 7, userid: 23 });
example(BuyNowBody, { auctionid: 7 });
example(NoticesSeenBody, { upto: 318 });
example(NoticePrefsBody, { outbid: true, ending: false });

/** The example of each request body, by its schema (the very object a route validates with). */
export const REQUEST_EXAMPLES: ReadonlyMap<TSchema, unknown> = new Map(examples);
