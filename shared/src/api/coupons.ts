import { http, requireLoginToken } from './http';
import type { Coupon, CouponCheckReply, CouponListReply } from '@marketplace/contract';

/**
 * POST /checkcoupen: resolves the coupon's canonical name, its rupee discount and the message
 * ('Coupon Applied Successfully'). Checking never uses the coupon up. Rejects ApiError 400:
 * 'Coupon is Expired' (expired), 'Coupon is Expired: it has no uses left', 'Coupon not found'.
 */
export async function checkCoupon(couponname: string): Promise<{ couponname: string; discount: number; msg: string }> {
  const authtoken = requireLoginToken();
  const res = await http.post<CouponCheckReply>('/checkcoupen', { couponname, authtoken });
  return { ...res.data.data, msg: res.data.msg };
}

/** GET /coupons: the currently valid coupons (not expired, uses left), soonest expiry first. No login needed. */
export async function getCoupons(): Promise<Coupon[]> {
  const res = await http.get<CouponListReply>('/coupons');
  return res.data.data;
}
