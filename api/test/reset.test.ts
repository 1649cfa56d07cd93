import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/server';
import { anonToken, login, signedInUser } from './helpers/accounts';
import { codeFrom, startSmtp, type TestSmtp } from './helpers/smtp';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});

describeEachDatabase(
  'password reset by emailed code',
  (server) => {
    async function requestReset(email: string) {
      return server().post('/otpemail', { email, authtoken: await anonToken(server()) });
    }
    /** Requests a reset and reads the code from the real SMTP server. */
    async function resetWithCode(email: string) {
      const since = smtp.mails.length;
      const r = await requestReset(email);
      expect(r.status).toBe(200);
      const mail = await smtp.waitForMail(email, since);
      return { resetToken: r.body.data.resetToken as string, code: codeFrom(mail), mail };
    }
    const check = (code: string, email: string, resetToken: string) =>
      server().post('/otpemailcheck', { otp: `${code},${email}`, authtoken: resetToken });
    const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('emails a 6-digit code; code + new password sign the user out everywhere', async () => {
      const u = await signedInUser(server());
      const { resetToken, code, mail } = await resetWithCode(u.email);
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.raw).toMatch(/Subject: Your Marketplace password reset code/);

      const ok = await check(code, u.email, resetToken);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ status: 200, msg: 'OTP Verified', data: true });

      const weak = await server().put('/updatecus', { authtoken: resetToken, password: 'short' });
      expect(weak.status).toBe(400);
      expect(weak.body.msg).toBe(
        'Password should contain Uppercase, Lowercase, Special Symbol and Length should be greater 8',
      );

      const done = await server().put('/updatecus', { authtoken: resetToken, password: 'Fresh@Start9' });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ status: 200, msg: 'Password Updated Successfully', data: null });

      expect((await server().get('/getuserdata', { authtoken: u.token })).status).toBe(401);
      expect((await login(server(), u.email, u.password)).status).toBe(404);
      expect((await login(server(), u.email, 'Fresh@Start9')).status).toBe(200);

      // The reset token is spent.
      expect((await server().put('/updatecus', { authtoken: resetToken, password: 'Again@Reset1' })).status).toBe(401);
      expect((await check(code, u.email, resetToken)).body.data).toBe(false);
      // OTP and hashes stay on the server.
      const row = await server()
        .app.ctx.db.selectFrom('password_resets')
        .selectAll()
        .where('email', '=', u.email)
        .executeTakeFirstOrThrow();
      expect(row.otp_hash).not.toContain(code);
      expect(row.token_hash).not.toBe(resetToken);
    });

    it('answers an unknown email exactly like a registered one, without waiting for the mail, and sends nothing', async () => {
      const u = await signedInUser(server());
      const known = await requestReset(u.email);
      const unknown = await requestReset('no.such.user@example.com');
      expect(unknown.status).toBe(known.status);
      expect(unknown.body.msg).toBe(known.body.msg);
      expect(Object.keys(unknown.body.data).sort()).toEqual(Object.keys(known.body.data).sort());
      expect(unknown.body.data.resetToken).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
      expect(known.body.data.resetToken).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
      expect(unknown.body.data.email).toBe('no.such.user@example.com');
      expect(unknown.headers.get('content-length')).toBe(
        String(Number(known.headers.get('content-length')) + ('no.such.user@example.com'.length - u.email.length)),
      );

      // The answer does not wait for the mail: while the mail server holds every mail, a
      // registered email is answered all the same (were it waiting, it would not be answered).
      const since = smtp.mails.length;
      const held = smtp.holdMails();
      try {
        expect((await requestReset(u.email)).status).toBe(200);
        expect((await requestReset('ghost.user@example.com')).status).toBe(200);
        expect(smtp.mails.length).toBe(since);
      } finally {
        held.release();
      }

      // Every mail sent: the registered email got its code, the unknown ones nothing.
      await server().app.ctx.mailer.settled();
      expect(smtp.mails.slice(since).some((m) => m.to.includes(u.email.toLowerCase()))).toBe(true);
      expect(
        smtp.mails.some((m) => m.to.includes('no.such.user@example.com') || m.to.includes('ghost.user@example.com')),
      ).toBe(false);

      // Its token can never be verified nor finish a reset.
      const bad = await check('000000', 'no.such.user@example.com', unknown.body.data.resetToken);
      expect(bad.status).toBe(400);
      expect(bad.body.data).toBe(false);
      expect(
        (await server().put('/updatecus', { authtoken: unknown.body.data.resetToken, password: 'Fresh@Start9' }))
          .status,
      ).toBe(401);
    });

    it('allows at most 5 wrong codes: after that even the right code fails', async () => {
      const u = await signedInUser(server());
      const { resetToken, code } = await resetWithCode(u.email);
      const wrong = otherCode(code);
      for (let i = 1; i <= 5; i++) {
        const r = await check(wrong, u.email, resetToken);
        expect(r.status).toBe(400);
        expect(r.body.data).toBe(false);
        expect(r.body.msg).toBe(i < 5 ? 'Wrong OTP' : 'Wrong OTP. Too many wrong codes, please request a new one');
      }
      const sixth = await check(code, u.email, resetToken);
      expect(sixth.status).toBe(400);
      expect(sixth.body).toEqual({ status: 400, msg: 'Too many wrong codes, please request a new one', data: false });
      expect((await server().put('/updatecus', { authtoken: resetToken, password: 'Fresh@Start9' })).status).toBe(401);
      expect((await login(server(), u.email, u.password)).status).toBe(200);
    });

    it('refuses an expired code', async () => {
      const u = await signedInUser(server());
      const { resetToken, code } = await resetWithCode(u.email);
      await sql`UPDATE password_resets SET otp_expires_at = now() - interval '1 second' WHERE email = ${u.email}`.execute(
        server().app.ctx.db,
      );
      const r = await check(code, u.email, resetToken);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: 400, msg: 'Otp Expire Try Again', data: false });
      expect((await server().put('/updatecus', { authtoken: resetToken, password: 'Fresh@Start9' })).status).toBe(401);
    });

    it('uses a code once', async () => {
      const u = await signedInUser(server());
      const { resetToken, code } = await resetWithCode(u.email);
      expect((await check(code, u.email, resetToken)).status).toBe(200);
      const again = await check(code, u.email, resetToken);
      expect(again.status).toBe(400);
      expect(again.body.msg).toBe('This code was already used, please request a new one');
    });

    it('keeps only the newest code of an email alive', async () => {
      const u = await signedInUser(server());
      const first = await resetWithCode(u.email);
      const second = await resetWithCode(u.email);
      expect((await check(first.code, u.email, first.resetToken)).status).toBe(400);
      expect((await check(second.code, u.email, second.resetToken)).status).toBe(200);
    });

    it('binds the code to the email it was sent to', async () => {
      const u = await signedInUser(server());
      const v = await signedInUser(server());
      const { resetToken, code } = await resetWithCode(u.email);
      const r = await check(code, v.email, resetToken);
      expect(r.status).toBe(400);
      expect(r.body.data).toBe(false);
    });

    it('never lets a reset token act as a login token, nor a login token verify a code', async () => {
      const u = await signedInUser(server());
      const { resetToken, code } = await resetWithCode(u.email);
      expect((await check(code, u.email, resetToken)).status).toBe(200); // verified, still not a login token
      expect((await server().get('/getuserdata', { authtoken: resetToken })).status).toBe(401);
      expect((await server().get('/productviewcart', { authtoken: resetToken })).status).toBe(401);
      expect((await server().post('/checkuserdata', { authtoken: resetToken, password: u.password })).status).toBe(401);
      expect((await server().post('/logoutcus', { authtoken: resetToken })).status).toBe(401);
      const profile = await server().put('/updatecus', {
        authtoken: resetToken,
        firstname: 'Evil',
        lastname: 'X',
        phonenum: '9999999999',
      });
      expect(profile.status).toBe(401);
      expect((await server().get('/getuserdata', { authtoken: u.token })).body.data.firstname).toBe('Meera');
      expect(
        (await server().post('/logincus', { email: u.email, password: u.password, authtoken: resetToken })).status,
      ).toBe(401);

      const v = await signedInUser(server());
      const other = await resetWithCode(v.email);
      const withLogin = await check(other.code, v.email, v.token);
      expect(withLogin.status).toBe(400);
      expect(withLogin.body.data).toBe(false);
    });

    it('needs a verified code before a new password is accepted', async () => {
      const u = await signedInUser(server());
      const { resetToken } = await resetWithCode(u.email);
      const r = await server().put('/updatecus', { authtoken: resetToken, password: 'Fresh@Start9' });
      expect(r.status).toBe(401);
      expect(r.body.msg).toMatch(/reset/);
      expect((await login(server(), u.email, u.password)).status).toBe(200);
    });

    it('rejects empty and malformed input', async () => {
      let r = await server().post('/otpemail', { email: '', authtoken: await anonToken(server()) });
      expect(r.body).toEqual({ status: 400, msg: 'Please Enter Email', data: null });
      r = await server().post('/otpemail', { email: 'a@example.com' });
      expect(r.status).toBe(401);
      expect(r.body.msg).toMatch(/authtoken/);
      r = await server().post('/otpemail', { email: 'a@example.com', authtoken: 'anon.1.2.3' });
      expect(r.status).toBe(401);
      r = await server().post('/otpemailcheck', { otp: '12345', authtoken: 'rt_x' });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('otp must be the six characters of the code, a comma and the email');
      r = await server().post('/otpemailcheck', { otp: '123456,', authtoken: 'rt_x' });
      expect(r.status).toBe(400);
      r = await server().post('/otpemailcheck', { otp: '123456,a@example.com' });
      expect(r.status).toBe(401);
      expect(r.body.msg).toMatch(/authtoken/);
    });
  },
  () => ({ smtpUrl: smtp.url }),
);
