import { sql } from 'kysely';
import {
  AnyTokenReply,
  AuthHeaders,
  CheckUserDataBody,
  CheckUserDataReply,
  CustomerReply,
  LoginBody,
  LoginReply,
  LogoutBody,
  MessageReply,
  OtpCheckBody,
  OtpCheckReply,
  OtpEmailBody,
  OtpEmailReply,
  SIGNUP_MESSAGES,
  SignupPayload,
  SignupReply,
  UpdateCusBody,
  UpdateCusReply,
  type Address,
} from '@marketplace/shared/contract';
import type { App } from '../context';
import { isValidAnonToken, issueAnonToken, issueLoginToken, requireUser } from '../lib/auth';
import { hashPassword, hmac, randomOtp, randomToken, safeEqual, tokenHash, verifyPassword } from '../lib/crypto';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../lib/errors';
import { enforceRateLimit } from '../lib/ratelimit';
import { replies } from './common';

const WRONG_LOGIN = 'Wrong Email or Password';
const ANON_EXPIRED = 'Your page has expired, please try again';

/** A real calendar date between 1900-01-01 and today. */
function isValidBirthday(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return false;
  return d.getUTCFullYear() >= 1900 && d.getTime() <= Date.now();
}

function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string })?.code === '23505';
}

const RESET_NOT_USABLE = 'Your password reset has expired or was not verified, please request a new code';
const PROOF_NOT_USABLE = 'Please confirm your old password again';

export function accountRoutes(app: App) {
  const { db, config, mailer } = app.ctx;
  const { tokens } = config;
  /** The OTP is kept as an HMAC keyed by the server secret and bound to its reset row (by the reset token's hash). */
  const otpHash = (resetTokenHash: string, otp: string) => hmac(app.ctx.secret, `otp:${resetTokenHash}:${otp}`);

  app.get('/getanytoken', { schema: { response: replies(AnyTokenReply) } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 200, msg: 'Anonymous token', data: issueAnonToken(app.ctx.secret, tokens.anonTtlSeconds) };
  });

  app.post('/signupcus', { schema: { body: SignupPayload, response: replies(SignupReply) } }, async (req) => {
    const b = req.body;
    // First: limits the probing of registered emails (the 409 below) and the hashing a signup costs.
    await enforceRateLimit(db, 'signup', config.rateLimits.signup, { ip: req.ip, email: b.email }, 'Too many sign-ups from your address.');
    if (!isValidBirthday(b.createdate)) throw badRequest(SIGNUP_MESSAGES.createdate);
    const email = b.email.trim().toLowerCase();
    const existing = await db.selectFrom('users').select('userid').where(sql<boolean>`lower(email) = ${email}`).executeTakeFirst();
    if (existing) throw conflict('Email already registered, please login');
    const password_hash = await hashPassword(b.password, config.scrypt);
    try {
      const user = await db
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
      return { status: 200, msg: 'Account Created Successfully', data: user };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('Email already registered, please login');
      throw e;
    }
  });

  app.post('/logincus', { schema: { body: LoginBody, response: replies(LoginReply) } }, async (req) => {
    const { password, authtoken } = req.body;
    const email = req.body.email.trim().toLowerCase();
    await enforceRateLimit(db, 'login', config.rateLimits.login, { ip: req.ip, email }, 'Too many login attempts.');
    if (!isValidAnonToken(app.ctx.secret, authtoken)) throw unauthorized(ANON_EXPIRED);
    const user = await db
      .selectFrom('users')
      .select(['userid', 'firstname', 'lastname', 'password_hash'])
      .where(sql<boolean>`lower(email) = ${email}`)
      .executeTakeFirst();
    // Unknown email: still spend the time of a password check, and give the same answer.
    const ok = await verifyPassword(password, user?.password_hash ?? app.ctx.dummyPasswordHash);
    if (!user || !ok) throw notFound(WRONG_LOGIN);
    await db
      .deleteFrom('login_tokens')
      .where('userid', '=', user.userid)
      .where((eb) => eb.or([eb('expires_at', '<', new Date()), eb('revoked_at', 'is not', null)]))
      .execute();
    const token = await issueLoginToken(db, user.userid, tokens.loginTtlSeconds);
    return { status: 200, msg: 'Login Successfully', data: { firstname: user.firstname, lastname: user.lastname, authtoken: token } };
  });

  app.post('/logoutcus', { schema: { body: LogoutBody, response: replies(MessageReply) } }, async (req) => {
    const revoked = await db
      .updateTable('login_tokens')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', tokenHash(req.body.authtoken))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('userid')
      .executeTakeFirst();
    if (!revoked) throw unauthorized();
    app.ctx.sessions.forgetUser(revoked.userid);
    return { status: 200, msg: 'Successfully Logout', data: null };
  });

  /**
   * Reset request. Registered or not, the answer is the same (status, shape, similar time):
   * a reset row is written either way, and the mail is sent in the background.
   */
  app.post('/otpemail', { schema: { body: OtpEmailBody, response: replies(OtpEmailReply) } }, async (req) => {
    const typed = req.body.email.trim();
    const email = typed.toLowerCase();
    await enforceRateLimit(db, 'reset', config.rateLimits.resetRequest, { ip: req.ip, email }, 'Too many password reset requests.');
    if (!isValidAnonToken(app.ctx.secret, req.body.authtoken)) throw unauthorized(ANON_EXPIRED);

    const user = await db
      .selectFrom('users')
      .select(['userid', 'email', 'firstname'])
      .where(sql<boolean>`lower(email) = ${email}`)
      .executeTakeFirst();
    const resetToken = randomToken('rt');
    const otp = randomOtp();
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      // Only the newest code of an email works.
      await trx
        .updateTable('password_resets')
        .set({ used_at: new Date() })
        .where('email', '=', email)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: tokenHash(resetToken),
          email,
          userid: user?.userid ?? null,
          otp_hash: otpHash(tokenHash(resetToken), otp),
          otp_expires_at: new Date(now + tokens.otpTtlSeconds * 1000),
          expires_at: new Date(now + tokens.resetTtlSeconds * 1000),
        })
        .execute();
    });

    if (user) {
      const minutes = Math.round(tokens.otpTtlSeconds / 60);
      mailer.sendLater(
        {
          to: user.email,
          subject: 'Your Marketplace password reset code',
          text:
            `Hello ${user.firstname},\n\nYour password reset code is: ${otp}\n\n` +
            `It is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this mail; ` +
            `your password stays as it is.\n\nMarketplace`,
        },
        `reset code for ${user.email} is ${otp}`,
      );
    }
    return {
      status: 200,
      msg: 'If this email is registered, a reset code has been sent to it',
      data: { resetToken, email: typed },
    };
  });

  app.post('/otpemailcheck', { schema: { body: OtpCheckBody, response: replies(OtpCheckReply) } }, async (req) => {
    const comma = req.body.otp.indexOf(',');
    const code = req.body.otp.slice(0, comma);
    const email = req.body.otp.slice(comma + 1).trim().toLowerCase();
    await enforceRateLimit(db, 'otp', config.rateLimits.otpCheck, { ip: req.ip, email }, 'Too many code attempts.');
    const wrong = (msg = 'Wrong OTP') => new HttpError(400, msg, false);

    const reset = await db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash(req.body.authtoken))
      .executeTakeFirst();
    if (!reset) throw wrong();
    if (reset.verified_at || reset.used_at) throw wrong('This code was already used, please request a new one');
    if (reset.failed_attempts >= tokens.otpMaxWrongTries) throw wrong('Too many wrong codes, please request a new one');
    if (reset.otp_expires_at.getTime() <= Date.now()) throw wrong('Otp Expire Try Again');

    const right = reset.userid !== null && reset.email === email && safeEqual(otpHash(reset.token_hash, code), reset.otp_hash);
    if (!right) {
      const row = await db
        .updateTable('password_resets')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('resetid', '=', reset.resetid)
        .returning('failed_attempts')
        .executeTakeFirst();
      const left = tokens.otpMaxWrongTries - (row?.failed_attempts ?? tokens.otpMaxWrongTries);
      throw wrong(left > 0 ? 'Wrong OTP' : 'Wrong OTP. Too many wrong codes, please request a new one');
    }
    // Verified once: a second check of the same code fails (single use).
    const verified = await db
      .updateTable('password_resets')
      .set({ verified_at: new Date() })
      .where('resetid', '=', reset.resetid)
      .where('verified_at', 'is', null)
      .where('used_at', 'is', null)
      .where('failed_attempts', '<', tokens.otpMaxWrongTries)
      .returning('resetid')
      .executeTakeFirst();
    if (!verified) throw wrong('This code was already used, please request a new one');
    return { status: 200, msg: 'OTP Verified', data: true };
  });

  app.post('/checkuserdata', { schema: { body: CheckUserDataBody, response: replies(CheckUserDataReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.body.authtoken, { fresh: true });
    await enforceRateLimit(db, 'checkpw', config.rateLimits.login, { ip: req.ip, email: user.email }, 'Too many password attempts.');
    if (!(await verifyPassword(req.body.password, user.password_hash))) throw badRequest('Wrong Password');
    const proof = randomToken('pf');
    await db
      .insertInto('password_proofs')
      .values({ token_hash: tokenHash(proof), userid: user.userid, expires_at: new Date(Date.now() + tokens.proofTtlSeconds * 1000) })
      .execute();
    return { status: 200, msg: 'Password Verified', data: { proof } };
  });

  app.put('/updatecus', { schema: { body: UpdateCusBody, response: replies(UpdateCusReply) } }, async (req) => {
    const b = req.body;
    const wantsPassword = b.password !== undefined;
    const wantsAddress = b.address !== undefined;
    const wantsProfile = b.firstname !== undefined || b.lastname !== undefined || b.phonenum !== undefined;
    const modes = [wantsPassword, wantsAddress, wantsProfile].filter(Boolean).length;
    if (modes === 0) throw badRequest('Nothing to update: send firstname, lastname and phonenum, or address, or password');
    if (modes > 1) throw badRequest('Send one change at a time: the profile, the address list or the password');

    const tokenHashValue = tokenHash(b.authtoken);
    const isLoginToken = await db
      .selectFrom('login_tokens')
      .select('userid')
      .where('token_hash', '=', tokenHashValue)
      .executeTakeFirst();

    if (!isLoginToken) {
      // Not a login token: the only thing allowed is finishing a verified password reset.
      if (!wantsPassword) throw unauthorized();
      // Hashing costs ~0.3 s of CPU: only for a verified reset that can still be finished (the
      // transaction below checks it again, so two requests cannot both use it).
      const pending = await db
        .selectFrom('password_resets')
        .select('userid')
        .where('token_hash', '=', tokenHashValue)
        .where('verified_at', 'is not', null)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .where('userid', 'is not', null)
        .executeTakeFirst();
      if (!pending) throw unauthorized(RESET_NOT_USABLE);
      const newHash = await hashPassword(b.password!, config.scrypt);
      const done = await db.transaction().execute(async (trx) => {
        const reset = await trx
          .updateTable('password_resets')
          .set({ used_at: new Date() })
          .where('token_hash', '=', tokenHashValue)
          .where('verified_at', 'is not', null)
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .where('userid', 'is not', null)
          .returning(['userid', 'email'])
          .executeTakeFirst();
        if (!reset?.userid) return false;
        await trx.updateTable('users').set({ password_hash: newHash, updated_at: new Date() }).where('userid', '=', reset.userid).execute();
        await trx.updateTable('login_tokens').set({ revoked_at: new Date() }).where('userid', '=', reset.userid).where('revoked_at', 'is', null).execute();
        await trx.updateTable('password_resets').set({ used_at: new Date() }).where('email', '=', reset.email).where('used_at', 'is', null).execute();
        await trx.deleteFrom('password_proofs').where('userid', '=', reset.userid).execute();
        return reset.userid;
      });
      if (!done) throw unauthorized(RESET_NOT_USABLE);
      app.ctx.sessions.forgetUser(done);
      return { status: 200, msg: 'Password Updated Successfully', data: null };
    }

    const user = await requireUser(app.ctx, b.authtoken, { fresh: true });
    const session = (firstname: string, lastname: string, authtoken: string) => ({ firstname, lastname, authtoken });

    if (wantsProfile) {
      if (b.firstname === undefined) throw badRequest(SIGNUP_MESSAGES.firstname);
      if (b.lastname === undefined) throw badRequest(SIGNUP_MESSAGES.lastname);
      if (b.phonenum === undefined) throw badRequest(SIGNUP_MESSAGES.phonenum);
      const row = await db
        .updateTable('users')
        .set({ firstname: b.firstname.trim(), lastname: b.lastname.trim(), phonenum: b.phonenum, updated_at: new Date() })
        .where('userid', '=', user.userid)
        .returning(['firstname', 'lastname'])
        .executeTakeFirstOrThrow();
      app.ctx.sessions.forgetUser(user.userid);
      return { status: 200, msg: 'Profile Updated Successfully', data: session(row.firstname, row.lastname, b.authtoken) };
    }

    if (wantsAddress) {
      const list: Address[] = b.address!.map((a) => ({
        streetadd: a.streetadd.trim(),
        landmark: a.landmark.trim(),
        country: a.country,
        state: a.state,
        city: a.city.trim(),
        postal: a.postal.trim(),
      }));
      await db
        .updateTable('users')
        .set({ address: JSON.stringify(list), updated_at: new Date() })
        .where('userid', '=', user.userid)
        .execute();
      app.ctx.sessions.forgetUser(user.userid);
      return { status: 200, msg: 'Address Updated Successfully', data: session(user.firstname, user.lastname, b.authtoken) };
    }

    // Password change: needs the one-time proof of /checkuserdata.
    if (!b.proof) throw badRequest('Please confirm your old password first');
    // The proof is looked up before the new password is hashed (as above), and used up below.
    const proofUsable = await db
      .selectFrom('password_proofs')
      .select('userid')
      .where('token_hash', '=', tokenHash(b.proof))
      .where('userid', '=', user.userid)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!proofUsable) throw badRequest(PROOF_NOT_USABLE);
    const newHash = await hashPassword(b.password!, config.scrypt);
    const newToken = await db.transaction().execute(async (trx) => {
      const proof = await trx
        .updateTable('password_proofs')
        .set({ used_at: new Date() })
        .where('token_hash', '=', tokenHash(b.proof!))
        .where('userid', '=', user.userid)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('userid')
        .executeTakeFirst();
      if (!proof) return null;
      await trx.updateTable('users').set({ password_hash: newHash, updated_at: new Date() }).where('userid', '=', user.userid).execute();
      await trx.updateTable('login_tokens').set({ revoked_at: new Date() }).where('userid', '=', user.userid).where('revoked_at', 'is', null).execute();
      return issueLoginToken(trx, user.userid, tokens.loginTtlSeconds);
    });
    if (!newToken) throw badRequest(PROOF_NOT_USABLE);
    app.ctx.sessions.forgetUser(user.userid);
    return { status: 200, msg: 'Password Updated Successfully', data: session(user.firstname, user.lastname, newToken) };
  });

  app.get('/getuserdata', { schema: { headers: AuthHeaders, response: replies(CustomerReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken, { fresh: true });
    const address = Array.isArray(user.address) ? (user.address as Address[]) : [];
    return {
      status: 200,
      msg: 'User data',
      data: {
        userid: user.userid,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        phonenum: user.phonenum,
        createdate: user.createdate,
        gender: user.gender,
        address,
        authtoken: req.headers.authtoken,
      },
    };
  });
}
