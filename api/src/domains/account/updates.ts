import { SIGNUP_MESSAGES, type Address, type UpdateCusBody, type UpdateCusReply } from '@marketplace/contract';
import type { AppContext } from '../../context';
import type { SignedInUser } from '../../db/schema';
import { hashPassword, tokenHash } from '../../lib/crypto';
import { badRequest, unauthorized } from '../../lib/errors';
import * as accounts from './repository';
import { PROOF_NOT_USABLE, RESET_NOT_USABLE } from './rules';

// The changes of PUT /updatecus, one function each (rules.requestedChange picks one).

type Reply = UpdateCusReply;
const session = (firstname: string, lastname: string, authtoken: string) => ({ firstname, lastname, authtoken });

/**
 * A new password with a verified reset token (the forgotten-password flow): every login token
 * is revoked, the user signs in again. Hashing costs ~0.3 s of CPU: only for a verified reset
 * that can still be finished (the transaction checks it again, so two requests cannot both use it).
 */
export async function finishReset(ctx: AppContext, resetToken: string, password: string): Promise<Reply> {
  const hash = tokenHash(resetToken);
  if (!(await accounts.isResetUsable(ctx.db, hash))) throw unauthorized(RESET_NOT_USABLE);
  const newHash = await hashPassword(password, ctx.config.scrypt);
  const userid = await accounts.finishPasswordReset(ctx.db, hash, newHash);
  if (!userid) throw unauthorized(RESET_NOT_USABLE);
  ctx.sessions.forgetUser(userid);
  return { status: 200, msg: 'Password Updated Successfully', data: null };
}

/** Names and phone number, all three together. */
export async function changeProfile(ctx: AppContext, user: SignedInUser, b: UpdateCusBody): Promise<Reply> {
  if (b.firstname === undefined) throw badRequest(SIGNUP_MESSAGES.firstname);
  if (b.lastname === undefined) throw badRequest(SIGNUP_MESSAGES.lastname);
  if (b.phonenum === undefined) throw badRequest(SIGNUP_MESSAGES.phonenum);
  const row = await accounts.updateProfile(ctx.db, user.userid, {
    firstname: b.firstname.trim(),
    lastname: b.lastname.trim(),
    phonenum: b.phonenum,
  });
  ctx.sessions.forgetUser(user.userid);
  return { status: 200, msg: 'Profile Updated Successfully', data: session(row.firstname, row.lastname, b.authtoken) };
}

/** The whole address list, replaced. */
export async function changeAddresses(ctx: AppContext, user: SignedInUser, b: UpdateCusBody): Promise<Reply> {
  const list: Address[] = b.address!.map((a) => ({
    streetadd: a.streetadd.trim(),
    landmark: a.landmark.trim(),
    country: a.country,
    state: a.state,
    city: a.city.trim(),
    postal: a.postal.trim(),
  }));
  await accounts.updateAddresses(ctx.db, user.userid, list);
  ctx.sessions.forgetUser(user.userid);
  return {
    status: 200,
    msg: 'Address Updated Successfully',
    data: session(user.firstname, user.lastname, b.authtoken),
  };
}

/**
 * A new password for a signed-in user: needs the one-time proof of /checkuserdata, looked up
 * before the new password is hashed and used up with the change. Every other token is revoked;
 * the reply carries a new one.
 */
export async function changePassword(ctx: AppContext, user: SignedInUser, b: UpdateCusBody): Promise<Reply> {
  if (!b.proof) throw badRequest('Please confirm your old password first');
  const proofHash = tokenHash(b.proof);
  if (!(await accounts.isProofUsable(ctx.db, proofHash, user.userid))) throw badRequest(PROOF_NOT_USABLE);
  const newHash = await hashPassword(b.password!, ctx.config.scrypt);
  const newToken = await accounts.changePassword(
    ctx.db,
    proofHash,
    user.userid,
    newHash,
    ctx.config.tokens.loginTtlSeconds,
  );
  if (!newToken) throw badRequest(PROOF_NOT_USABLE);
  ctx.sessions.forgetUser(user.userid);
  return { status: 200, msg: 'Password Updated Successfully', data: session(user.firstname, user.lastname, newToken) };
}
