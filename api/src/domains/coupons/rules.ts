import { SHOP_MESSAGES } from '@marketplace/contract';
import { badRequest } from '../../lib/errors';

export const COUPON_MESSAGES = {
  expired: SHOP_MESSAGES.couponExpired,
  usedUp: `${SHOP_MESSAGES.couponExpired}: it has no uses left`,
  unknown: 'Coupon not found: check the code',
} as const;

export interface ValidCoupon {
  couponname: string;
  /** Rupees. */
  discount: number;
}

/** A coupon as read for a check: its uses left and whether it has expired. */
export interface CouponState {
  name: string;
  discount: number | string;
  uses_left: number;
  expired: boolean;
}

/** The coupon when it can be used now; otherwise 400 with why not. */
export function usableCoupon(row: CouponState | undefined): ValidCoupon {
  if (!row) throw badRequest(COUPON_MESSAGES.unknown);
  if (row.expired) throw badRequest(COUPON_MESSAGES.expired);
  if (row.uses_left <= 0) throw badRequest(COUPON_MESSAGES.usedUp);
  return { couponname: row.name, discount: Number(row.discount) };
}
