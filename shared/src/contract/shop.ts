import { Type, type Static } from 'typebox';
import { Envelope, PAGE_SIZES, PageQuery, PageReply, positiveId } from './common';
import { MAX_PHOTOS, NAME_PATTERN, PHOTOS_LIST_MESSAGE, PRODUCT_MESSAGES, REVIEW_MESSAGES, DATE_PATTERN } from './rules';
import { Product } from './catalog';

/** The login token in a JSON body (the spec's cart, coupon and review calls send it there). */
const bodyToken = Type.String({ minLength: 1, maxLength: 200, errorMessage: 'Please login first (authtoken missing)' });

// ---------------------------------------------------------------- cart

/** POST /addtocartproduct. Adding a product already in the cart keeps one line (quantity is always 1). */
export const AddToCartBody = Type.Object({
  productid: positiveId('productid'),
  authtoken: bodyToken,
});
export type AddToCartBody = Static<typeof AddToCartBody>;

/** DELETE /deleteproduct. `userid` is optional and never trusted: when sent it must be the caller's own id (else 403). */
export const RemoveFromCartBody = Type.Object({
  productid: positiveId('productid'),
  authtoken: bodyToken,
  userid: Type.Optional(positiveId('userid')),
});
export type RemoveFromCartBody = Static<typeof RemoveFromCartBody>;

/** DELETE /deleteAllProducts. */
export const ClearCartBody = Type.Object({ authtoken: bodyToken });
export type ClearCartBody = Static<typeof ClearCartBody>;

// ---------------------------------------------------------------- coupons

/** POST /checkcoupen. Checking never uses the coupon up; placing an order with it does. */
export const CheckCouponBody = Type.Object({
  couponname: Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN, errorMessage: 'Please Enter Coupon Code' }),
  authtoken: bodyToken,
});
export type CheckCouponBody = Static<typeof CheckCouponBody>;

/** data of a valid coupon check: its canonical name and its rupee discount. */
export const CouponCheck = Type.Object({
  couponname: Type.String(),
  discount: Type.Number(),
});
export type CouponCheck = Static<typeof CouponCheck>;
export const CouponCheckReply = Envelope(CouponCheck);
export type CouponCheckReply = Static<typeof CouponCheckReply>;

/** A currently valid coupon (GET /coupons, the Offers and Coupons page). */
export const Coupon = Type.Object({
  couponname: Type.String(),
  /** Rupees off the items total. */
  discount: Type.Number(),
  /** ISO 8601 date-time after which it no longer applies. */
  expiresAt: Type.String(),
  usesLeft: Type.Integer(),
});
export type Coupon = Static<typeof Coupon>;
export const CouponListReply = Envelope(Type.Array(Coupon));
export type CouponListReply = Static<typeof CouponListReply>;

// ---------------------------------------------------------------- reviews

export const Review = Type.Object({
  reviewid: Type.Integer(),
  /** YYYY-MM-DD */
  date: Type.String(),
  name: Type.String(),
  title: Type.String(),
  /** Space-separated tags. */
  keywords: Type.String(),
  /** Stored and returned verbatim (markup included): render it as text. */
  description: Type.String(),
});
export type Review = Static<typeof Review>;
export const ReviewListReply = Envelope(Type.Array(Review));
export type ReviewListReply = Static<typeof ReviewListReply>;

/** GET /getreviews: a page of reviews, newest first. */
export const ReviewPageQuery = PageQuery(PAGE_SIZES.reviews);
export const ReviewPageReply = PageReply(Review);
export type ReviewPageReply = Static<typeof ReviewPageReply>;

/** POST /addreview (spec sections 3 and 5; the messages keep the spec's trailing spaces). */
export const AddReviewBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: NAME_PATTERN, errorMessage: REVIEW_MESSAGES.name }),
  title: Type.String({ minLength: 1, maxLength: 200, pattern: NAME_PATTERN, errorMessage: REVIEW_MESSAGES.title }),
  description: Type.String({ minLength: 1, maxLength: 5000, pattern: NAME_PATTERN, errorMessage: REVIEW_MESSAGES.description }),
  keywords: Type.String({ minLength: 1, maxLength: 500, pattern: NAME_PATTERN, errorMessage: REVIEW_MESSAGES.keywords }),
  /** YYYY-MM-DD, a real calendar date. */
  date: Type.String({ pattern: DATE_PATTERN, errorMessage: REVIEW_MESSAGES.date }),
  authtoken: bodyToken,
});
export type AddReviewBody = Static<typeof AddReviewBody>;
/** data: the stored review (non-null on success, as the spec's client expects). */
export const AddReviewReply = Envelope(Review);
export type AddReviewReply = Static<typeof AddReviewReply>;

// ---------------------------------------------------------------- listing a product for sale

/**
 * POST /product (header authtoken; the seller is the caller, a `userid` in the body is ignored).
 * `photos`: URLs returned by POST /uploadimage (at least one; images this API stored, never
 * outside URLs); the product's `photo` is the first. The spec's single `photo` is accepted too.
 */
export const CreateProductBody = Type.Object({
  productname: Type.String({ minLength: 1, maxLength: 100, pattern: NAME_PATTERN, errorMessage: PRODUCT_MESSAGES.productname }),
  title: Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN, errorMessage: PRODUCT_MESSAGES.title }),
  description: Type.String({ minLength: 1, maxLength: 5000, pattern: NAME_PATTERN, errorMessage: PRODUCT_MESSAGES.description }),
  /** Rupees, above 0 (at most 2 decimals are kept). */
  price: Type.Number({ exclusiveMinimum: 0, maximum: 9999999999, errorMessage: PRODUCT_MESSAGES.price }),
  /** Above 0, at most 5 (one decimal is kept). */
  rating: Type.Number({ exclusiveMinimum: 0, maximum: 5, errorMessage: PRODUCT_MESSAGES.rating }),
  location: Type.Optional(Type.String({ maxLength: 200, errorMessage: 'location must be a text of at most 200 characters' })),
  photos: Type.Optional(
    Type.Array(Type.String({ maxLength: 500 }), { maxItems: MAX_PHOTOS, errorMessage: PHOTOS_LIST_MESSAGE }),
  ),
  photo: Type.Optional(Type.String({ maxLength: 500, errorMessage: 'photo must be a photo URL returned by /uploadimage' })),
});
export type CreateProductBody = Static<typeof CreateProductBody>;
export const CreateProductReply = Envelope(Product);
export type CreateProductReply = Static<typeof CreateProductReply>;
