/**
 * Shop: reviews (GET /getreviews, POST /addreview): stored verbatim, newest first, the spec's
 * messages, over real HTTP on PGlite and PostgreSQL.
 */
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';

describeEachDatabase('shop: reviews', (server) => {
  describe('reviews', () => {
    const review = {
      name: 'Anil',
      title: 'Great shop',
      description: 'Fast delivery and good packing.',
      keywords: 'fast friendly',
      date: '2024-05-01',
    };

    it('adds reviews (newest first), stores markup verbatim', async () => {
      const u = await signedInUser(server());
      const first = await server().post('/addreview', { ...review, authtoken: u.token });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        status: 200,
        msg: 'Review Added Successfully',
        data: { reviewid: expect.any(Number), ...review },
      });
      const hostile = {
        ...review,
        title: '<img src=x onerror=alert(1)>',
        description: '<script>alert("x")</script> & <b>bold</b>',
      };
      const second = await server().post('/addreview', { ...hostile, authtoken: u.token });
      expect(second.status).toBe(200);
      const list = await server().get('/getreviews');
      expect(list.status).toBe(200);
      expect(list.headers.get('content-type')).toMatch(/^application\/json/);
      expect(list.body.data[0]).toEqual({ reviewid: second.body.data.reviewid, ...hostile });
      expect(list.body.data[1]).toEqual({ reviewid: first.body.data.reviewid, ...review });
    });

    it.each([
      ['name', 'Please Enter Name '],
      ['title', 'Please Enter Title '],
      ['description', 'Please Enter Description '],
      ['keywords', 'Please Enter Keywords '],
      ['date', 'Please Select  Date '],
    ])('refuses a missing or blank %s with the spec message', async (field, msg) => {
      const u = await signedInUser(server());
      for (const value of [undefined, '', '   ']) {
        const r = await server().post(
          '/addreview',
          JSON.parse(JSON.stringify({ ...review, [field]: value, authtoken: u.token })),
        );
        expect(r.status).toBe(400);
        expect(r.body).toEqual({ status: 400, msg, data: null });
      }
    });

    it.each(['2024-02-30', '01-05-2024', '2024-13-01', 'yesterday', '2024-05-01T00:00'])(
      'refuses the date %s',
      async (date) => {
        const u = await signedInUser(server());
        const r = await server().post('/addreview', { ...review, date, authtoken: u.token });
        expect(r.status).toBe(400);
        expect(r.body.msg).toBe('Please Select  Date ');
      },
    );

    it('refuses oversized texts, objects and a missing or forged token', async () => {
      const u = await signedInUser(server());
      expect(
        (await server().post('/addreview', { ...review, description: 'x'.repeat(5001), authtoken: u.token })).body.msg,
      ).toBe('Please Enter Description ');
      expect(
        (await server().post('/addreview', { ...review, name: { first: 'A' }, authtoken: u.token })).body.msg,
      ).toBe('Please Enter Name ');
      expect((await server().post('/addreview', review)).status).toBe(401);
      expect((await server().post('/addreview', { ...review, authtoken: 'lt_forged' })).status).toBe(401);
    });
  });
});
