import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { COUPON_MESSAGES, usableCoupon, type ValidCoupon } from './rules';

const byName = (name: string) => sql<boolean>`lower(name) = ${name.trim().toLowerCase()}`;

/** Why a coupon cannot be used (400 with the message), or the coupon. Reads only: checking never uses it up. */
export async function findValidCoupon(db: Kysely<Database>, name: string): Promise<ValidCoupon> {
  const row = await db
    .selectFrom('coupons')
    .select(['name', 'discount', 'uses_left', sql<boolean>`expires_at <= now()`.as('expired')])
    .where(byName(name))
    .executeTakeFirst();
  return usableCoupon(row);
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

/** The coupons valid now, soonest expiry first. */
export function validCoupons(db: Kysely<Database>) {
  return db
    .selectFrom('coupons')
    .select(['name', 'discount', 'expires_at', 'uses_left'])
    .where(sql<boolean>`expires_at > now()`)
    .where('uses_left', '>', 0)
    .orderBy('expires_at', 'asc')
    .orderBy('name', 'asc')
    .execute();
}
