/**
 * Shop: coupons (POST /checkcoupen never uses one up; GET /coupons lists the valid ones), over
 * real HTTP on PGlite and PostgreSQL.
 */
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { shopCalls, type ShopUser } from './helpers/shop';

type User = ShopUser;

describeEachDatabase('shop: coupons', (server) => {
  const { couponUses } = shopCalls(server);

  describe('coupons', () => {
    const check = (u: User, couponname: unknown) => server().post('/checkcoupen', { couponname, authtoken: u.token });

    it('checks a valid coupon (any case) without using it up', async () => {
      const u = await signedInUser(server());
      const before = await couponUses('WELCOME50');
      for (const name of ['WELCOME50', 'welcome50', '  Welcome50 ']) {
        const r = await check(u, name);
        expect(r.status).toBe(200);
        expect(r.body).toEqual({
          status: 200,
          msg: 'Coupon Applied Successfully',
          data: { couponname: 'WELCOME50', discount: 50 },
        });
      }
      expect(await couponUses('WELCOME50')).toBe(before);
    });

    it('refuses expired, used-up and unknown coupons with 400', async () => {
      const u = await signedInUser(server());
      await server()
        .app.ctx.db.insertInto('coupons')
        .values({ name: 'GONE10', discount: 10, expires_at: new Date(Date.now() + 86400_000), uses_left: 0 })
        .execute();
      expect((await check(u, 'SUMMER20')).body).toEqual({ status: 400, msg: 'Coupon is Expired', data: null });
      expect((await check(u, 'GONE10')).body).toEqual({
        status: 400,
        msg: 'Coupon is Expired: it has no uses left',
        data: null,
      });
      expect((await check(u, 'NOSUCHCODE')).body).toEqual({
        status: 400,
        msg: 'Coupon not found: check the code',
        data: null,
      });
      expect((await check(u, "' OR 1=1 --")).status).toBe(400);
      expect((await check(u, '%')).body.msg).toBe('Coupon not found: check the code');
    });

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['an object', { $ne: '' }],
      ['null', null],
      ['a list of two', ['WELCOME50', 'SAVE100']],
      ['too long', 'X'.repeat(51)],
    ])('refuses a coupon name that is %s', async (_w, name) => {
      const u = await signedInUser(server());
      const r = await check(u, name);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Please Enter Coupon Code');
    });

    it('needs a login token', async () => {
      expect((await server().post('/checkcoupen', { couponname: 'WELCOME50' })).status).toBe(401);
      expect((await server().post('/checkcoupen', { couponname: 'WELCOME50', authtoken: 'lt_nope' })).status).toBe(401);
    });

    it('lists the currently valid coupons on GET /coupons', async () => {
      const r = await server().get('/coupons');
      expect(r.status).toBe(200);
      const names = r.body.data.map((c: any) => c.couponname);
      expect(names).toEqual(expect.arrayContaining(['WELCOME50', 'SAVE100', 'FESTIVE500']));
      expect(names).not.toContain('SUMMER20');
      expect(names).not.toContain('GONE10');
      const welcome = r.body.data.find((c: any) => c.couponname === 'WELCOME50');
      expect(welcome).toEqual({
        couponname: 'WELCOME50',
        discount: 50,
        expiresAt: expect.any(String),
        usesLeft: expect.any(Number),
      });
      expect(new Date(welcome.expiresAt).getTime()).toBeGreaterThan(Date.now());
    });
  });
});
