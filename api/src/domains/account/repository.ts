import { sql, type Kysely, type Transaction } from 'kysely';
import type { Address, SignupPayload } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import { issueLoginToken } from '../../lib/auth';

/** Emails are compared in lower case (lower(email) is indexed). */
export function userByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['userid', 'email', 'firstname', 'lastname', 'password_hash'])
    .where(sql<boolean>`lower(email) = ${email}`)
    .executeTakeFirst();
}

export function insertUser(db: Kysely<Database>, b: SignupPayload, email: string, password_hash: string) {
  return db
    .insertInto('users')
    .values({
      firstname: b.firstname.trim(),
      lastname: b.lastname.trim(),
      email,
      phonenum: b.phonenum,
      createdate: b.createdate,
      gender: b.gender,
      address: '[]',
      password_hash,
    })
    .returning(['userid', 'firstname', 'lastname', 'email'])
    .executeTakeFirstOrThrow();
}

/** A sign-in first drops the user's expired and revoked tokens, then issues a new one. */
export async function signIn(db: Kysely<Database>, userid: number, ttlSeconds: number): Promise<string> {
  await db
    .deleteFrom('login_tokens')
    .where('userid', '=', userid)
    .where((eb) => eb.or([eb('expires_at', '<', new Date()), eb('revoked_at', 'is not', null)]))
    .execute();
  return issueLoginToken(db, userid, ttlSeconds);
}

/** Revokes a live login token; its user, or undefined when it was not live. */
export async function revokeLoginToken(db: Kysely<Database>, hash: string): Promise<number | undefined> {
  const revoked = await db
    .updateTable('login_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('userid')
    .executeTakeFirst();
  return revoked?.userid;
}

/** Whether this hash is of a login token at all (live or not): PUT /updatecus tells login tokens from reset tokens by it. */
export async function isLoginTokenHash(db: Kysely<Database>, hash: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('login_tokens').select('userid').where('token_hash', '=', hash).executeTakeFirst(),
  );
}

/** A new reset row for the email; only the newest code of an email works. */
export async function startPasswordReset(
  db: Kysely<Database>,
  reset: {
    tokenHash: string;
    email: string;
    userid: number | null;
    otpHash: string;
    otpExpiresAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('email', '=', reset.email)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_resets')
      .values({
        token_hash: reset.tokenHash,
        email: reset.email,
        userid: reset.userid,
        otp_hash: reset.otpHash,
        otp_expires_at: reset.otpExpiresAt,
        expires_at: reset.expiresAt,
      })
      .execute();
  });
}

export function passwordReset(db: Kysely<Database>, hash: string) {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Counts a wrong code; the count now. */
export async function countWrongCode(db: Kysely<Database>, resetid: number): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('resetid', '=', resetid)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts;
}

/** Marks the code verified, once: false when it was already used, spent or tried too often meanwhile. */
export async function markCodeVerified(db: Kysely<Database>, resetid: number, maxWrongTries: number): Promise<boolean> {
  const verified = await db
    .updateTable('password_resets')
    .set({ verified_at: new Date() })
    .where('resetid', '=', resetid)
    .where('verified_at', 'is', null)
    .where('used_at', 'is', null)
    .where('failed_attempts', '<', maxWrongTries)
    .returning('resetid')
    .executeTakeFirst();
  return Boolean(verified);
}

export async function insertPasswordProof(
  db: Kysely<Database>,
  hash: string,
  userid: number,
  expiresAt: Date,
): Promise<void> {
  await db.insertInto('password_proofs').values({ token_hash: hash, userid, expires_at: expiresAt }).execute();
}

/** A verified reset that can still be finished (token hash of the reset token). */
function usableReset(db: Kysely<Database>, hash: string) {
  return db
    .selectFrom('password_resets')
    .where('token_hash', '=', hash)
    .where('verified_at', 'is not', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('userid', 'is not', null);
}

export async function isResetUsable(db: Kysely<Database>, hash: string): Promise<boolean> {
  return Boolean(await usableReset(db, hash).select('userid').executeTakeFirst());
}

/**
 * Finishes a verified reset in one transaction (checked again there, so two requests cannot both
 * use it): the new password, every login token revoked, every open reset of the email spent,
 * every proof dropped. The user's id, or undefined when the reset was no longer usable.
 */
export function finishPasswordReset(db: Kysely<Database>, hash: string, newHash: string): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const reset = await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hash)
      .where('verified_at', 'is not', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .where('userid', 'is not', null)
      .returning(['userid', 'email'])
      .executeTakeFirst();
    if (!reset?.userid) return undefined;
    await setPasswordSigningOut(trx, reset.userid, newHash);
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('email', '=', reset.email)
      .where('used_at', 'is', null)
      .execute();
    await trx.deleteFrom('password_proofs').where('userid', '=', reset.userid).execute();
    return reset.userid;
  });
}

export function updateProfile(
  db: Kysely<Database>,
  userid: number,
  profile: { firstname: string; lastname: string; phonenum: string },
) {
  return db
    .updateTable('users')
    .set({ ...profile, updated_at: new Date() })
    .where('userid', '=', userid)
    .returning(['firstname', 'lastname'])
    .executeTakeFirstOrThrow();
}

export async function updateAddresses(db: Kysely<Database>, userid: number, list: Address[]): Promise<void> {
  await db
    .updateTable('users')
    .set({ address: JSON.stringify(list), updated_at: new Date() })
    .where('userid', '=', userid)
    .execute();
}

/** An unused, unexpired proof of the user's (token hash of the proof). */
function usableProof(db: Kysely<Database>, hash: string, userid: number) {
  return db
    .selectFrom('password_proofs')
    .where('token_hash', '=', hash)
    .where('userid', '=', userid)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date());
}

export async function isProofUsable(db: Kysely<Database>, hash: string, userid: number): Promise<boolean> {
  return Boolean(await usableProof(db, hash, userid).select('userid').executeTakeFirst());
}

/**
 * A password change with a proof of the old one, in one transaction: the proof used up, the new
 * password, every login token revoked and a new one issued (answered); undefined when the proof
 * was no longer usable.
 */
export function changePassword(
  db: Kysely<Database>,
  proofHash: string,
  userid: number,
  newHash: string,
  loginTtlSeconds: number,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const proof = await trx
      .updateTable('password_proofs')
      .set({ used_at: new Date() })
      .where('token_hash', '=', proofHash)
      .where('userid', '=', userid)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('userid')
      .executeTakeFirst();
    if (!proof) return undefined;
    await setPasswordSigningOut(trx, userid, newHash);
    return issueLoginToken(trx, userid, loginTtlSeconds);
  });
}

/** The new password, every login token of the user revoked (inside the caller's transaction). */
async function setPasswordSigningOut(trx: Transaction<Database>, userid: number, newHash: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: newHash, updated_at: new Date() })
    .where('userid', '=', userid)
    .execute();
  await trx
    .updateTable('login_tokens')
    .set({ revoked_at: new Date() })
    .where('userid', '=', userid)
    .where('revoked_at', 'is', null)
    .execute();
}
