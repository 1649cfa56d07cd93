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
} from '@marketplace/contract';
import type { App } from '../../context';
import { isValidAnonToken, issueAnonToken, requireUser } from '../../lib/auth';
import { hashPassword, randomOtp, randomToken, safeEqual, tokenHash, verifyPassword } from '../../lib/crypto';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { enforceRateLimit } from '../../lib/ratelimit';
import { replies } from '../../lib/replies';
import * as accounts from './repository';
import {
  ALREADY_REGISTERED,
  ANON_EXPIRED,
  WRONG_LOGIN,
  isUniqueViolation,
  isValidBirthday,
  otpHash,
  requestedChange,
} from './rules';
import { changeAddresses, changePassword, changeProfile, finishReset } from './updates';

export function accountRoutes(app: App) {
  const { db, config, mailer } = app.ctx;
  const { tokens } = config;

  app.get('/getanytoken', { schema: { response: replies(AnyTokenReply) } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 200, msg: 'Anonymous token', data: issueAnonToken(app.ctx.secret, tokens.anonTtlSeconds) };
  });

  app.post('/signupcus', { schema: { body: SignupPayload, response: replies(SignupReply) } }, async (req) => {
    const b = req.body;
    // First: limits the probing of registered emails (the 409 below) and the hashing a signup costs.
    await enforceRateLimit(
      db,
      'signup',
      config.rateLimits.signup,
      { ip: req.ip, email: b.email },
      'Too many sign-ups from your address.',
    );
    if (!isValidBirthday(b.createdate)) throw badRequest(SIGNUP_MESSAGES.createdate);
    const email = b.email.trim().toLowerCase();
    if (await accounts.userByEmail(db, email)) throw conflict(ALREADY_REGISTERED);
    const password_hash = await hashPassword(b.password, config.scrypt);
    try {
      const user = await accounts.insertUser(db, b, email, password_hash);
      return { status: 200, msg: 'Account Created Successfully', data: user };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(ALREADY_REGISTERED);
      throw e;
    }
  });

  app.post('/logincus', { schema: { body: LoginBody, response: replies(LoginReply) } }, async (req) => {
    const { password, authtoken } = req.body;
    const email = req.body.email.trim().toLowerCase();
    await enforceRateLimit(db, 'login', config.rateLimits.login, { ip: req.ip, email }, 'Too many login attempts.');
    if (!isValidAnonToken(app.ctx.secret, authtoken)) throw unauthorized(ANON_EXPIRED);
    const user = await accounts.userByEmail(db, email);
    // Unknown email: still spend the time of a password check, and give the same answer.
    const ok = await verifyPassword(password, user?.password_hash ?? app.ctx.dummyPasswordHash);
    if (!user || !ok) throw notFound(WRONG_LOGIN);
    const token = await accounts.signIn(db, user.userid, tokens.loginTtlSeconds);
    return {
      status: 200,
      msg: 'Login Successfully',
      data: { firstname: user.firstname, lastname: user.lastname, authtoken: token },
    };
  });

  app.post('/logoutcus', { schema: { body: LogoutBody, response: replies(MessageReply) } }, async (req) => {
    const userid = await accounts.revokeLoginToken(db, tokenHash(req.body.authtoken));
    if (userid === undefined) throw unauthorized();
    app.ctx.sessions.forgetUser(userid);
    return { status: 200, msg: 'Successfully Logout', data: null };
  });

  /**
   * Reset request. Registered or not, the answer is the same (status, shape, similar time):
   * a reset row is written either way, and the mail is sent in the background.
   */
  app.post('/otpemail', { schema: { body: OtpEmailBody, response: replies(OtpEmailReply) } }, async (req) => {
    const typed = req.body.email.trim();
    const email = typed.toLowerCase();
    await enforceRateLimit(
      db,
      'reset',
      config.rateLimits.resetRequest,
      { ip: req.ip, email },
      'Too many password reset requests.',
    );
    if (!isValidAnonToken(app.ctx.secret, req.body.authtoken)) throw unauthorized(ANON_EXPIRED);

    const user = await accounts.userByEmail(db, email);
    const resetToken = randomToken('rt');
    const otp = randomOtp();
    const now = Date.now();
    const resetHash = tokenHash(resetToken);
    await accounts.startPasswordReset(db, {
      tokenHash: resetHash,
      email,
      userid: user?.userid ?? null,
      otpHash: otpHash(app.ctx.secret, resetHash, otp),
      otpExpiresAt: new Date(now + tokens.otpTtlSeconds * 1000),
      expiresAt: new Date(now + tokens.resetTtlSeconds * 1000),
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
    const email = req.body.otp
      .slice(comma + 1)
      .trim()
      .toLowerCase();
    await enforceRateLimit(db, 'otp', config.rateLimits.otpCheck, { ip: req.ip, email }, 'Too many code attempts.');
    const wrong = (msg = 'Wrong OTP') => new HttpError(400, msg, false);

    const reset = await accounts.passwordReset(db, tokenHash(req.body.authtoken));
    if (!reset) throw wrong();
    if (reset.verified_at || reset.used_at) throw wrong('This code was already used, please request a new one');
    if (reset.failed_attempts >= tokens.otpMaxWrongTries) throw wrong('Too many wrong codes, please request a new one');
    if (reset.otp_expires_at.getTime() <= Date.now()) throw wrong('Otp Expire Try Again');

    const right =
      reset.userid !== null &&
      reset.email === email &&
      safeEqual(otpHash(app.ctx.secret, reset.token_hash, code), reset.otp_hash);
    if (!right) {
      const failed = await accounts.countWrongCode(db, reset.resetid);
      const left = tokens.otpMaxWrongTries - (failed ?? tokens.otpMaxWrongTries);
      throw wrong(left > 0 ? 'Wrong OTP' : 'Wrong OTP. Too many wrong codes, please request a new one');
    }
    // Verified once: a second check of the same code fails (single use).
    if (!(await accounts.markCodeVerified(db, reset.resetid, tokens.otpMaxWrongTries)))
      throw wrong('This code was already used, please request a new one');
    return { status: 200, msg: 'OTP Verified', data: true };
  });

  app.post(
    '/checkuserdata',
    {
      schema: { body: CheckUserDataBody, response: replies(CheckUserDataReply) },
      config: { auth: { token: 'body', fresh: true } },
    },
    async (req) => {
      const { user } = req;
      await enforceRateLimit(
        db,
        'checkpw',
        config.rateLimits.login,
        { ip: req.ip, email: user.email },
        'Too many password attempts.',
      );
      if (!(await verifyPassword(req.body.password, user.password_hash))) throw badRequest('Wrong Password');
      const proof = randomToken('pf');
      await accounts.insertPasswordProof(
        db,
        tokenHash(proof),
        user.userid,
        new Date(Date.now() + tokens.proofTtlSeconds * 1000),
      );
      return { status: 200, msg: 'Password Verified', data: { proof } };
    },
  );

  /**
   * One change at a time. A reset token (not a login token) may only finish a verified password
   * reset; a login token, live, may change the profile, the address list or the password.
   */
  app.put('/updatecus', { schema: { body: UpdateCusBody, response: replies(UpdateCusReply) } }, async (req) => {
    const b = req.body;
    const change = requestedChange(b);
    if (!(await accounts.isLoginTokenHash(db, tokenHash(b.authtoken)))) {
      if (change !== 'password') throw unauthorized();
      return finishReset(app.ctx, b.authtoken, b.password!);
    }
    const user = await requireUser(app.ctx, b.authtoken, { fresh: true });
    if (change === 'profile') return changeProfile(app.ctx, user, b);
    if (change === 'address') return changeAddresses(app.ctx, user, b);
    return changePassword(app.ctx, user, b);
  });

  app.get(
    '/getuserdata',
    {
      schema: { headers: AuthHeaders, response: replies(CustomerReply) },
      config: { auth: { token: 'header', fresh: true } },
    },
    async (req) => {
      const { user } = req;
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
    },
  );
}
