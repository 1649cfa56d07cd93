import type { Kysely } from 'kysely';
import type { Database, SignedInUser } from '../db/schema';
import { hmac, randomToken, safeEqual, tokenHash } from './crypto';
import { unauthorized } from './errors';
import type { SessionCache } from './session-cache';

/**
 * The user of a live login token (not expired, not revoked), or 401. Reset tokens and proofs are
 * never login tokens. From the session cache unless `fresh` (the account's own pages and changes
 * read the database, so what the user just saved is what they see, whichever process answers).
 */
export async function requireUser(
  ctx: { db: Kysely<Database>; sessions: SessionCache },
  token: string,
  { fresh = false } = {},
): Promise<SignedInUser> {
  const hash = tokenHash(token);
  const user = fresh
    ? (await loadSession(ctx.db, hash))?.user
    : await ctx.sessions.user(hash, () => loadSession(ctx.db, hash));
  if (!user) throw unauthorized();
  return user;
}

async function loadSession(
  db: Kysely<Database>,
  hash: string,
): Promise<{ user: SignedInUser; expiresAt: Date } | undefined> {
  const row = await db
    .selectFrom('login_tokens')
    .innerJoin('users', 'users.userid', 'login_tokens.userid')
    .select([
      'users.userid',
      'users.firstname',
      'users.lastname',
      'users.email',
      'users.phonenum',
      'users.createdate',
      'users.gender',
      'users.address',
      'users.password_hash',
      'login_tokens.expires_at',
    ])
    .where('login_tokens.token_hash', '=', hash)
    .where('login_tokens.revoked_at', 'is', null)
    .where('login_tokens.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return undefined;
  const { expires_at, ...user } = row;
  return { user, expiresAt: new Date(expires_at) };
}

/** Creates a login token (256 random bits); only its SHA-256 is stored. */
export async function issueLoginToken(db: Kysely<Database>, userid: number, ttlSeconds: number): Promise<string> {
  const token = randomToken('lt');
  await db
    .insertInto('login_tokens')
    .values({ token_hash: tokenHash(token), userid, expires_at: new Date(Date.now() + ttlSeconds * 1000) })
    .execute();
  return token;
}

/** Anonymous token: `anon.<expiry epoch s>.<nonce>.<HMAC>`: stateless, signed, short-lived. */
export function issueAnonToken(secret: string, ttlSeconds: number): string {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const nonce = randomToken('n').slice(2, 18);
  const body = `anon.${exp}.${nonce}`;
  return `${body}.${hmac(secret, body)}`;
}

export function isValidAnonToken(secret: string, token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'anon') return false;
  const body = parts.slice(0, 3).join('.');
  if (!safeEqual(hmac(secret, body), parts[3])) return false;
  const exp = Number(parts[1]);
  return Number.isFinite(exp) && exp * 1000 > Date.now();
}
