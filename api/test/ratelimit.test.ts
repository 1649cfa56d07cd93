import { describeEachDatabase } from './helpers/server';
import { anonToken, login, newUser } from './helpers/accounts';

const rule = (perIp: number, perEmail: number, perEmailAnywhere = perEmail) => ({
  perIp,
  perEmail,
  perEmailAnywhere,
  windowSeconds: 900,
});

describeEachDatabase(
  'rate limits',
  (server) => {
    it('limits login attempts per email, then per IP, with 429 and Retry-After', async () => {
      const user = newUser();
      await server().post('/signupcus', user);
      for (let i = 0; i < 3; i++) expect((await login(server(), user.email, 'Wrong@1234')).status).toBe(404);
      // Even the right password is refused now: the guessing window is closed for this email.
      const blocked = await login(server(), user.email, user.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        status: 429,
        msg: 'Too many login attempts. Please try again in 15 minutes.',
        data: null,
      });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
      // Another email from the same IP still works until the IP limit (6 per window).
      expect((await login(server(), 'someone.else@example.com', 'Wrong@1234')).status).toBe(404);
      expect((await login(server(), 'third.person@example.com', 'Wrong@1234')).status).toBe(404);
      const ipBlocked = await login(server(), 'fourth.person@example.com', 'Wrong@1234');
      expect(ipBlocked.status).toBe(429);
    });

    it('limits reset requests per email', async () => {
      const ask = async (email: string) => server().post('/otpemail', { email, authtoken: await anonToken(server()) });
      expect((await ask('limit.me@example.com')).status).toBe(200);
      expect((await ask('LIMIT.ME@example.com')).status).toBe(200);
      const third = await ask('limit.me@example.com');
      expect(third.status).toBe(429);
      expect(third.body.msg).toMatch(/^Too many password reset requests\./);
      expect((await ask('not.limited@example.com')).status).toBe(200);
    });

    it('limits code checks per email', async () => {
      const reset = await server().post('/otpemail', {
        email: 'codes@example.com',
        authtoken: await anonToken(server()),
      });
      const token = reset.body.data.resetToken;
      for (let i = 0; i < 3; i++) {
        expect(
          (await server().post('/otpemailcheck', { otp: '111111,codes@example.com', authtoken: token })).status,
        ).toBe(400);
      }
      const r = await server().post('/otpemailcheck', { otp: '111111,codes@example.com', authtoken: token });
      expect(r.status).toBe(429);
      expect(r.body.msg).toMatch(/^Too many code attempts\./);
    });
  },
  { rateLimits: { login: rule(6, 3), resetRequest: rule(50, 2), otpCheck: rule(50, 3) } },
);

describeEachDatabase(
  'rate limits on sign-ups and contact messages',
  (server) => {
    it('limits sign-ups per address, registered emails included, so they cannot be probed at volume', async () => {
      const first = newUser();
      expect((await server().post('/signupcus', first)).status).toBe(200);
      // Asking about a registered email counts like any sign-up.
      expect((await server().post('/signupcus', first)).status).toBe(409);
      expect((await server().post('/signupcus', newUser())).status).toBe(200);
      const blocked = await server().post('/signupcus', newUser());
      expect(blocked.status).toBe(429);
      expect(blocked.body.msg).toMatch(/^Too many sign-ups from your address\. Please try again in \d+ minutes?\.$/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Nothing was created by the refused one, and a registered email is not answered 409 any more.
      expect((await server().post('/signupcus', first)).status).toBe(429);
    });

    it('limits contact messages per email and per address', async () => {
      const send = (email: string, n: number) =>
        server().post('/contact', { name: 'Asha Verma', email, subject: `Question ${n}`, msg: 'Where is my order?' });
      expect((await send('asha@example.com', 1)).status).toBe(200);
      expect((await send('asha@example.com', 2)).status).toBe(200);
      const third = await send('asha@example.com', 3);
      expect(third.status).toBe(429);
      expect(third.body.msg).toMatch(/^Too many messages from your address\./);
      const count = await server()
        .app.ctx.db.selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', 'asha@example.com')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
      expect((await send('ravi@example.com', 4)).status).toBe(200);
    });
  },
  { rateLimits: { signup: rule(3, 50), contact: rule(50, 2) } },
);

// A flood of attempts from one address, each with another email, added two counter rows per
// attempt (the email from this address, and from anywhere) even after the address was refused.
describeEachDatabase(
  'rate-limit counters under a flood',
  (server) => {
    const loginRows = async () =>
      Number(
        (
          await server()
            .app.ctx.db.selectFrom('rate_limits')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('key', 'like', 'login:%')
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('stay bounded: once an address is refused, its attempts add no rows, whatever email they name', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push((await login(server(), `flood.${i}@example.com`, 'Wrong@1234')).status);
      expect(statuses.filter((s) => s === 404)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(55);
      // One row for the address, two for each of the 5 emails tried before it was refused.
      expect(await loginRows()).toBe(1 + 2 * 5);
    });
  },
  { rateLimits: { login: rule(5, 3, 10) } },
);
