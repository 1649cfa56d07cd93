import { sql, type Kysely } from 'kysely';
import { SHOP_MESSAGES } from '@marketplace/shared/contract';
import type { Database } from '../db/schema';
import { badRequest } from './errors';

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

const byName = (name: string) => sql<boolean>`lower(name) = ${name.trim().toLowerCase()}`;

/** Why a coupon cannot be used (400 with the message), or the coupon. Reads only: checking never uses it up. */
export async function findValidCoupon(db: Kysely<Database>, name: string): Promise<ValidCoupon> {
  const row = await db
    .selectFrom('coupons')
    .select(['name', 'discount', 'uses_left', sql<boolean>`expires_at <= now()`.as('expired')])
    .where(byName(name))
    .executeTakeFirst();
  if (!row) throw badRequest(COUPON_MESSAGES.unknown);
  if (row.expired) throw badRequest(COUPON_MESSAGES.expired);
  if (row.uses_left <= 0) throw badRequest(COUPON_MESSAGES.usedUp);
  return { couponname: row.name, discount: Number(row.discount) };
}

/**
 * Uses one use of the coupon, atomically (a single guarded UPDATE, so two orders cannot both take
 * the last use). Throws 400 with the reason when it is not valid. Call inside the order transaction.
 */
export async function consumeCoupon(db: Kysely<Database>, name: string): Promise<ValidCoupon> {
  const row = await db
    .updateTable('coupons')
    .set((eb) => ({ uses_left: eb('uses_left', '-', 1) }))
    .where(byName(name))
    .where(sql<boolean>`expires_at > now()`)
    .where('uses_left', '>', 0)
    .returning(['name', 'discount'])
    .executeTakeFirst();
  if (row) return { couponname: row.name, discount: Number(row.discount) };
  await findValidCoupon(db, name); // throws the reason
  throw badRequest(COUPON_MESSAGES.usedUp);
}
