import { Type, type Static } from 'typebox';
import { Envelope } from './common';
import { NAME_PATTERN } from './rules';

/** The login token in a JSON body (the spec's coupon check send it there). */
const bodyToken = Type.String({ minLength: 1, maxLength: 200, errorMessage: 'Please login first (authtoken missing)' });

/** POST /checkcoupen. Checking never uses the coupon up; placing an order with it does. */
export const CheckCouponBody = Type.Object({
  couponname: Type.String({
    minLength: 1,
    maxLength: 50,
    pattern: NAME_PATTERN,
    errorMessage: 'Please Enter Coupon Code',
  }),
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
