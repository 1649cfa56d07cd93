/**
 * Accounts: anonymous tokens, signing in (POST /logincus) and out (POST /logoutcus), over real HTTP
 * on PGlite and PostgreSQL.
 */
import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/server';
import { anonToken, login, newUser, signedInUser } from './helpers/accounts';

describeEachDatabase('accounts: sign-in and sign-out', (server) => {
  describe('GET /getanytoken and POST /logincus', () => {
    it('logs in with a fresh anonymous token and returns the session data', async () => {
      const user = newUser();
      await server().post('/signupcus', user);
      const r = await login(server(), user.email, user.password);
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Login Successfully');
      expect(r.body.data).toEqual({ firstname: 'Meera', lastname: 'Iyer', authtoken: expect.any(String) });
      // >= 128 random bits, and only a hash in the database.
      const token = r.body.data.authtoken as string;
      expect(Buffer.from(token.replace(/^lt_/, ''), 'base64url').length).toBeGreaterThanOrEqual(16);
      const rows = await server().app.ctx.db.selectFrom('login_tokens').select('token_hash').execute();
      expect(rows.some((row) => row.token_hash === token)).toBe(false);
      expect(rows.length).toBeGreaterThan(0);
      // Email is case-insensitive.
      expect((await login(server(), user.email.toUpperCase(), user.password)).status).toBe(200);
    });

    it('answers a wrong password and an unknown email the same way', async () => {
      const user = newUser();
      await server().post('/signupcus', user);
      const wrong = await login(server(), user.email, 'Wrong@1234');
      const unknown = await login(server(), 'nobody.here@example.com', 'Wrong@1234');
      expect(wrong.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(wrong.body).toEqual({ status: 404, msg: 'Wrong Email or Password', data: null });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('needs a valid anonymous token', async () => {
      const user = newUser();
      await server().post('/signupcus', user);
      const none = await server().post('/logincus', { email: user.email, password: user.password });
      expect(none.status).toBe(401);
      expect(none.body.msg).toMatch(/authtoken/);
      const token = await anonToken(server());
      const forged = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
      const bad = await server().post('/logincus', { email: user.email, password: user.password, authtoken: forged });
      expect(bad.status).toBe(401);
      // A login token is not an anonymous token either.
      const u = await signedInUser(server());
      const withLogin = await server().post('/logincus', { email: u.email, password: u.password, authtoken: u.token });
      expect(withLogin.status).toBe(401);
    });

    it('rejects empty and malformed fields with clear messages', async () => {
      const authtoken = await anonToken(server());
      let r = await server().post('/logincus', { email: '', password: 'x', authtoken });
      expect(r.body).toEqual({ status: 400, msg: 'Please Enter Email', data: null });
      r = await server().post('/logincus', { email: 'a@example.com', password: '', authtoken });
      expect(r.body).toEqual({ status: 400, msg: 'Please Enter Password', data: null });
      r = await server().post('/logincus', { email: 'a@example.com', authtoken });
      expect(r.body.msg).toBe('Please Enter Password');
      r = await server().request('POST', '/logincus', {
        raw: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status).toBe(400);
      r = await server().request('POST', '/logincus', { raw: '', headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(400);
      r = await server().post('/logincus', ['a', 'b']);
      expect(r.status).toBe(400);
    });
  });

  describe('POST /logoutcus', () => {
    it('revokes the login token: it no longer works anywhere', async () => {
      const u = await signedInUser(server());
      expect((await server().get('/getuserdata', { authtoken: u.token })).status).toBe(200);
      const out = await server().post('/logoutcus', { authtoken: u.token });
      expect(out.status).toBe(200);
      expect(out.body.msg).toBe('Successfully Logout');
      const after = await server().get('/getuserdata', { authtoken: u.token });
      expect(after.status).toBe(401);
      expect(after.body.msg).toBe('Session expired, please login again');
      expect(
        (
          await server().put('/updatecus', {
            authtoken: u.token,
            firstname: 'X',
            lastname: 'Y',
            phonenum: '9999999999',
          })
        ).status,
      ).toBe(401);
      expect((await server().get('/productviewcart', { authtoken: u.token })).status).toBe(401);
      expect((await server().post('/logoutcus', { authtoken: u.token })).status).toBe(401);
    });

    it('leaves the user’s other sessions alive', async () => {
      const u = await signedInUser(server());
      const second = (await login(server(), u.email, u.password)).body.data.authtoken;
      await server().post('/logoutcus', { authtoken: u.token });
      expect((await server().get('/getuserdata', { authtoken: second })).status).toBe(200);
    });

    it('refuses an expired login token', async () => {
      const u = await signedInUser(server());
      await sql`UPDATE login_tokens SET expires_at = now() - interval '1 second' WHERE userid = ${u.userid}`.execute(
        server().app.ctx.db,
      );
      expect((await server().get('/getuserdata', { authtoken: u.token })).status).toBe(401);
    });
  });
});
