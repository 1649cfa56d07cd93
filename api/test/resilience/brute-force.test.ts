/**
 * Brute force: login, reset request and OTP check answer 429 (with Retry-After) once over their
 * limits, per client IP and per email, and take requests again after the window. Short windows
 * by configuration; the client IP comes from X-Forwarded-For (TRUST_PROXY, as behind a load
 * balancer) so that several addresses can be played from one test.
 */
import { describeEachDatabase, type TestServer } from '../helpers/server';
import { anonToken, newUser } from '../helpers/accounts';

const WINDOW = 2;
const LIMITS = { perIp: 6, perEmail: 3, perEmailAnywhere: 3, windowSeconds: WINDOW };
const OWNER_SAFE_LIMITS = { perIp: 100, perEmail: 3, perEmailAnywhere: 10, windowSeconds: 60 };

let ipCounter = 0;
const freshIp = () => `203.0.113.${(++ipCounter % 250) + 1}`;

type Action = (
  s: TestServer,
  email: string,
  ip: string,
  extra?: { password?: string; resetToken?: string },
) => Promise<{ status: number; body: any; headers: Headers }>;

const actions: Record<'login' | 'reset request' | 'OTP check', Action> = {
  login: async (s, email, ip, extra) =>
    s.post(
      '/logincus',
      { email, password: extra?.password ?? 'Wrong@12345', authtoken: await anonToken(s) },
      { 'x-forwarded-for': ip },
    ),
  'reset request': async (s, email, ip) =>
    s.post('/otpemail', { email, authtoken: await anonToken(s) }, { 'x-forwarded-for': ip }),
  'OTP check': async (s, email, ip, extra) =>
    s.post(
      '/otpemailcheck',
      { otp: `000000,${email}`, authtoken: extra?.resetToken ?? 'rt_unknown' },
      { 'x-forwarded-for': ip },
    ),
};

/** Status of an attempt that is not rate-limited: a wrong password 404, a reset request 200, a wrong code 400. */
const NORMAL: Record<keyof typeof actions, number> = { login: 404, 'reset request': 200, 'OTP check': 400 };

describeEachDatabase(
  'brute force',
  (server) => {
    it('login, reset request and OTP check: 429 after the limit per email and per IP, and again allowed after the window', async () => {
      const s = server();
      const user = newUser();
      expect((await s.post('/signupcus', user)).status).toBe(200);
      const figures: string[] = [];
      const blocked: Array<() => Promise<void>> = [];

      for (const [name, act] of Object.entries(actions) as Array<[keyof typeof actions, Action]>) {
        // Per email: from a new address each time, the email's limit still holds.
        const email = name === 'login' ? user.email : `${name.replace(/\W/g, '')}.${Date.now()}@example.com`;
        for (let i = 0; i < LIMITS.perEmail; i++)
          expect([name, (await act(s, email, freshIp())).status]).toEqual([name, NORMAL[name]]);
        const overEmail = await act(s, email.toUpperCase(), freshIp(), { password: user.password });
        expect([name, 'per email', overEmail.status]).toEqual([name, 'per email', 429]);
        expect(overEmail.body.msg).toMatch(/^Too many .* Please try again in \d+ minutes?\.$/);
        const retry = Number(overEmail.headers.get('retry-after'));
        expect(retry).toBeGreaterThanOrEqual(1);
        expect(retry).toBeLessThanOrEqual(WINDOW);

        // Per IP: one address, a new email each time.
        const ip = freshIp();
        for (let i = 0; i < LIMITS.perIp; i++)
          expect([
            name,
            (await act(s, `ip${i}.${name.replace(/\W/g, '')}.${Date.now()}@example.com`, ip)).status,
          ]).toEqual([name, NORMAL[name]]);
        const overIp = await act(s, `another.${Date.now()}@example.com`, ip);
        expect([name, 'per IP', overIp.status]).toEqual([name, 'per IP', 429]);
        // Another address is not affected.
        expect([name, (await act(s, `fresh.${Date.now()}@example.com`, freshIp())).status]).toEqual([
          name,
          NORMAL[name],
        ]);
        figures.push(`${name}: 429 after ${LIMITS.perEmail} per email and ${LIMITS.perIp} per IP`);

        blocked.push(async () => {
          // After the window: the same email (the right password now logs in) and the same address work again.
          const again = await act(s, email, freshIp(), { password: user.password });
          expect([name, 'email after the window', again.status]).toEqual([
            name,
            'email after the window',
            name === 'login' ? 200 : NORMAL[name],
          ]);
          expect([name, 'IP after the window', (await act(s, `later.${Date.now()}@example.com`, ip)).status]).toEqual([
            name,
            'IP after the window',
            NORMAL[name],
          ]);
        });
      }

      await new Promise((r) => setTimeout(r, WINDOW * 1000 + 300));
      for (const check of blocked) await check();
      console.log(
        `[resilience] brute force on ${s.kind}: ${figures.join('; ')}; all three recover after the ${WINDOW} s window`,
      );
    });

    it('guessing one reset code from many addresses is stopped by the per-email limit', async () => {
      const s = server();
      const user = newUser();
      expect((await s.post('/signupcus', user)).status).toBe(200);
      const reset = await s.post(
        '/otpemail',
        { email: user.email, authtoken: await anonToken(s) },
        { 'x-forwarded-for': freshIp() },
      );
      const token = reset.body.data.resetToken;
      const msgs: string[] = [];
      // Each guess from another address (the per-email limit counts them all; the reset row counts too).
      for (let i = 0; i < 3; i++) {
        const r = await s.post(
          '/otpemailcheck',
          { otp: `${String(i).padStart(6, '0')},${user.email}`, authtoken: token },
          { 'x-forwarded-for': freshIp() },
        );
        msgs.push(`${r.status}`);
      }
      expect(msgs).toEqual(['400', '400', '400']);
      const r = await s.post(
        '/otpemailcheck',
        { otp: `999999,${user.email}`, authtoken: token },
        { 'x-forwarded-for': freshIp() },
      );
      expect(r.status).toBe(429);
    });
  },
  () => ({ trustProxy: true, rateLimits: { login: LIMITS, resetRequest: LIMITS, otpCheck: LIMITS } }),
);

// Lockout by a stranger: the per-email limits count an email's attempts per client address, with
// a higher bar for the email from all addresses together (perEmailAnywhere).
describeEachDatabase(
  'brute force: no lockout by a stranger',
  (server) => {
    it('a stranger hammering an email from their address does not lock its owner out; from many addresses the higher bar holds', async () => {
      const s = server();
      const user = newUser();
      expect((await s.post('/signupcus', user)).status).toBe(200);
      const stranger = freshIp();
      for (let i = 0; i < LIMITS.perEmail; i++) expect((await actions.login(s, user.email, stranger)).status).toBe(404);
      expect((await actions.login(s, user.email, stranger)).status).toBe(429);
      // The owner, from their own address, signs in.
      const owner = freshIp();
      expect((await actions.login(s, user.email, owner, { password: user.password })).status).toBe(200);
      // From many addresses the email's own bar holds: 10 attempts in all (4 by the stranger, 1 by the owner so far).
      for (let i = 0; i < 5; i++) expect((await actions.login(s, user.email, freshIp())).status).toBe(404);
      expect((await actions.login(s, user.email, freshIp(), { password: user.password })).status).toBe(429);
      // Reset requests likewise: the stranger's do not use up the owner's.
      for (let i = 0; i < LIMITS.perEmail; i++)
        expect((await actions['reset request'](s, user.email, stranger)).status).toBe(200);
      expect((await actions['reset request'](s, user.email, stranger)).status).toBe(429);
      expect((await actions['reset request'](s, user.email, owner)).status).toBe(200);
    });
  },
  () => ({ trustProxy: true, rateLimits: { login: OWNER_SAFE_LIMITS, resetRequest: OWNER_SAFE_LIMITS } }),
);
