import type { UpdateCusBody } from '@marketplace/contract';
import { hmac } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { isCalendarDate } from '../../lib/validation';

export const WRONG_LOGIN = 'Wrong Email or Password';
export const ANON_EXPIRED = 'Your page has expired, please try again';
export const ALREADY_REGISTERED = 'Email already registered, please login';
export const RESET_NOT_USABLE = 'Your password reset has expired or was not verified, please request a new code';
export const PROOF_NOT_USABLE = 'Please confirm your old password again';

/** A real calendar date between 1900-01-01 and today. */
export function isValidBirthday(value: string): boolean {
  if (!isCalendarDate(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return d.getUTCFullYear() >= 1900 && d.getTime() <= Date.now();
}

export function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string })?.code === '23505';
}

/** The OTP is kept as an HMAC keyed by the server secret and bound to its reset row (by the reset token's hash). */
export const otpHash = (secret: string, resetTokenHash: string, otp: string) =>
  hmac(secret, `otp:${resetTokenHash}:${otp}`);

/** What one PUT /updatecus changes: the profile (names and phone), the address list or the password. */
export type AccountChange = 'profile' | 'address' | 'password';

/** The one change a PUT /updatecus body asks for; 400 for none or several. */
export function requestedChange(b: UpdateCusBody): AccountChange {
  const asked: AccountChange[] = [];
  if (b.password !== undefined) asked.push('password');
  if (b.address !== undefined) asked.push('address');
  if (b.firstname !== undefined || b.lastname !== undefined || b.phonenum !== undefined) asked.push('profile');
  if (asked.length === 0)
    throw badRequest('Nothing to update: send firstname, lastname and phonenum, or address, or password');
  if (asked.length > 1) throw badRequest('Send one change at a time: the profile, the address list or the password');
  return asked[0];
}
