import { CheckCouponBody, CouponCheckReply, CouponListReply, SHOP_MESSAGES } from '@marketplace/contract';
import type { App } from '../../context';
import { replies } from '../../lib/replies';
import { findValidCoupon, validCoupons } from './repository';

export function couponRoutes(app: App) {
  const { db } = app.ctx;

  /** POST /checkcoupen (spec name): is the coupon usable now, and for how much. Never uses it up. */
  app.post(
    '/checkcoupen',
    { schema: { body: CheckCouponBody, response: replies(CouponCheckReply) }, config: { auth: { token: 'body' } } },
    async (req) => {
      const coupon = await findValidCoupon(db, req.body.couponname);
      return { status: 200, msg: SHOP_MESSAGES.couponApplied, data: coupon };
    },
  );

  /** GET /coupons: the coupons valid now (Offers and Coupons page), soonest expiry first. */
  app.get('/coupons', { schema: { response: replies(CouponListReply) } }, async () => {
    const rows = await validCoupons(db);
    return {
      status: 200,
      msg: rows.length ? 'Coupons' : 'No coupons available right now',
      data: rows.map((r) => ({
        couponname: r.name,
        discount: Number(r.discount),
        expiresAt: new Date(r.expires_at).toISOString(),
        usesLeft: r.uses_left,
      })),
    };
  });
}
