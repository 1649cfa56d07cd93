/**
 * Auctions: putting an item up (POST /addauction): the spec's messages, bid ranges, end time and
 * photos, over real HTTP on PGlite and PostgreSQL.
 */
import { AUCTION_MESSAGES } from '@marketplace/contract';
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { auctionBody, ITEM_KEYS, uploadedPhoto } from './helpers/auctions';

describeEachDatabase('auctions: putting an item up', (server) => {
  describe('POST /addauction', () => {
    it('creates an item owned by the caller (a userid in the body is ignored), listed first', async () => {
      const owner = await signedInUser(server());
      const other = await signedInUser(server());
      const photo = await uploadedPhoto(server(), owner.token);
      const photo2 = await uploadedPhoto(server(), owner.token);
      const r = await server().post(
        '/addauction',
        auctionBody(photo, {
          photos: [photo, photo2, photo],
          userid: other.userid,
          bid: 1200,
          rangelowbid: 800,
          time: '2099-01-01T10:30',
        }),
        { authtoken: owner.token },
      );
      // 2099 is more than a year ahead.
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(AUCTION_MESSAGES.farTime);

      const end = new Date(Date.now() + 2 * 86_400_000);
      const ok = await server().post(
        '/addauction',
        auctionBody(photo, {
          photos: [photo, photo2, photo],
          userid: other.userid,
          bid: 1200,
          rangelowbid: 800,
          time: end.toISOString(),
        }),
        { authtoken: owner.token },
      );
      expect(ok.status).toBe(200);
      const item = ok.body.data;
      expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
      expect(item).toMatchObject({
        productid: item.auctionid,
        ownerid: owner.userid,
        username: 'collector',
        bid: 1200,
        startbid: 1200,
        highbid: 0,
        rangelowbid: 800,
        rangehighbid: 5000,
        category: 'Painting',
        status: 'open',
        winner: null,
        bidcount: 0,
        bids: [],
        photo,
        photos: [photo, photo2],
        time: end.toISOString(),
      });

      const list = (await server().get('/getauction')).body.data as any[];
      expect(list[0].auctionid).toBe(item.auctionid);
      const detail = await server().get(`/getparticularaucpro/${item.auctionid}`);
      expect(detail.status).toBe(200);
      expect(detail.body.data).toEqual(item);
    });

    it('accepts the spec single `photo` field and a time without a zone (UTC)', async () => {
      const owner = await signedInUser(server());
      const photo = await uploadedPhoto(server(), owner.token);
      const end = new Date(Date.now() + 86_400_000);
      const local = end.toISOString().slice(0, 16);
      const r = await server().post(
        '/addauction',
        { ...auctionBody(photo, { time: local }), photos: undefined, photo },
        { authtoken: owner.token },
      );
      expect(r.status).toBe(200);
      expect(r.body.data.photos).toEqual([photo]);
      expect(r.body.data.time).toBe(`${local}:00.000Z`);
    });

    it('needs a login token', async () => {
      const r1 = await server().post('/addauction', auctionBody('x'));
      expect(r1.status).toBe(401);
      expect(r1.body.msg).toMatch(/authtoken/);
      const r2 = await server().post('/addauction', auctionBody('x'), { authtoken: 'lt_not-a-token' });
      expect(r2.status).toBe(401);
    });

    const FIELDS: Array<[string, string]> = [
      ['username', AUCTION_MESSAGES.username],
      ['bid', AUCTION_MESSAGES.bid],
      ['rangelowbid', AUCTION_MESSAGES.rangelowbid],
      ['rangehighbid', AUCTION_MESSAGES.rangehighbid],
      ['productname', AUCTION_MESSAGES.productname],
      ['category', AUCTION_MESSAGES.category],
      ['description', AUCTION_MESSAGES.description],
      ['ageproduct', AUCTION_MESSAGES.ageproduct],
      ['time', AUCTION_MESSAGES.time],
    ];

    it('answers the spec message (trailing spaces kept) for each missing, empty or mistyped field', async () => {
      const owner = await signedInUser(server());
      const photo = await uploadedPhoto(server(), owner.token);
      for (const [field, message] of FIELDS) {
        for (const value of [undefined, '', '   ', null, { a: 1 }, [{ a: 1 }]]) {
          const body: Record<string, unknown> = auctionBody(photo);
          if (value === undefined) delete body[field];
          else body[field] = value;
          const r = await server().post('/addauction', body, { authtoken: owner.token });
          expect([field, value, r.status, r.body.msg]).toEqual([field, value, 400, message]);
        }
      }
      // Missing everything: the first field of the form.
      const empty = await server().post('/addauction', {}, { authtoken: owner.token });
      expect([empty.status, empty.body.msg]).toEqual([400, AUCTION_MESSAGES.username]);
      // The exact texts of the spec, trailing spaces included.
      expect(AUCTION_MESSAGES.username).toBe('Please Enter Nick Name ');
      expect(AUCTION_MESSAGES.lowAboveBid).toBe('Low BID Value must be less than BID Value ');
      expect(AUCTION_MESSAGES.highBelowBid).toBe('High BID Value must be Greater than BID Value ');
    });

    it('refuses bids that are not whole rupees, and the range rules', async () => {
      const owner = await signedInUser(server());
      const photo = await uploadedPhoto(server(), owner.token);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ bid: 12.5 }, AUCTION_MESSAGES.wholeBid],
        [{ bid: '12.5' }, AUCTION_MESSAGES.wholeBid],
        [{ bid: 'abc' }, AUCTION_MESSAGES.wholeBid],
        [{ bid: -5 }, AUCTION_MESSAGES.wholeBid],
        [{ bid: '-5' }, AUCTION_MESSAGES.wholeBid],
        [{ bid: 0 }, AUCTION_MESSAGES.wholeBid],
        [{ bid: true }, AUCTION_MESSAGES.bid],
        [{ bid: [1500] }, AUCTION_MESSAGES.bid],
        [{ bid: 1e12 }, AUCTION_MESSAGES.wholeBid],
        [{ rangelowbid: 1.5 }, AUCTION_MESSAGES.wholeLow],
        [{ rangelowbid: -1 }, AUCTION_MESSAGES.wholeLow],
        [{ rangehighbid: 'lots' }, AUCTION_MESSAGES.wholeHigh],
        [{ rangelowbid: 1000 }, AUCTION_MESSAGES.lowAboveBid],
        [{ rangelowbid: 1500 }, AUCTION_MESSAGES.lowAboveBid],
        [{ rangehighbid: 1000 }, AUCTION_MESSAGES.highBelowBid],
        [{ rangehighbid: 999 }, AUCTION_MESSAGES.highBelowBid],
        [{ category: 'Coins' }, AUCTION_MESSAGES.category],
        [{ category: 'painting' }, AUCTION_MESSAGES.category],
        [{ time: 'tomorrow' }, AUCTION_MESSAGES.badTime],
        [{ time: '2030-02-30T10:00' }, AUCTION_MESSAGES.badTime],
        [{ time: '2030-01-01T25:00' }, AUCTION_MESSAGES.badTime],
        [{ time: '2020-01-01T10:00:00Z' }, AUCTION_MESSAGES.pastTime],
        [{ time: new Date(Date.now() + 800 * 86_400_000).toISOString() }, AUCTION_MESSAGES.farTime],
      ];
      for (const [overrides, message] of cases) {
        const r = await server().post('/addauction', auctionBody(photo, overrides), { authtoken: owner.token });
        expect([overrides, r.status, r.body.msg]).toEqual([overrides, 400, message]);
      }
      // Strict numbers: a text of digits is not a JSON number.
      for (const bid of ['0100', ' 150 ', '150']) {
        const r = await server().post('/addauction', auctionBody(photo, { bid }), { authtoken: owner.token });
        expect([bid, r.status, r.body.msg]).toEqual([bid, 400, AUCTION_MESSAGES.wholeBid]);
      }
      // Low 0 is allowed.
      const ok = await server().post(
        '/addauction',
        auctionBody(photo, { rangelowbid: 0, bid: 100, rangehighbid: 101 }),
        { authtoken: owner.token },
      );
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ rangelowbid: 0, bid: 100, rangehighbid: 101 });
    });

    it('needs at least one photo that this API stored', async () => {
      const owner = await signedInUser(server());
      const photo = await uploadedPhoto(server(), owner.token);
      const unknownHash = `${server().url}/images/${'ab'.repeat(32)}.png`;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ photos: undefined }, AUCTION_MESSAGES.photos],
        [{ photos: [] }, AUCTION_MESSAGES.photos],
        [{ photos: 'not-a-list' }, AUCTION_MESSAGES.photosList],
        [{ photos: [{ url: 'x' }] }, AUCTION_MESSAGES.photosList],
        [{ photos: ['https://evil.example.com/cat.png'] }, AUCTION_MESSAGES.unknownPhoto],
        [{ photos: ['data:image/png;base64,iVBORw0KGgo='] }, AUCTION_MESSAGES.unknownPhoto],
        [{ photos: [photo, unknownHash] }, AUCTION_MESSAGES.unknownPhoto],
        [{ photos: [`${photo}?x=1`] }, AUCTION_MESSAGES.unknownPhoto],
        [{ photos: Array(11).fill(photo) }, AUCTION_MESSAGES.photosList],
      ];
      for (const [overrides, message] of cases) {
        const r = await server().post('/addauction', auctionBody(photo, overrides), { authtoken: owner.token });
        expect([overrides, r.status, r.body.msg]).toEqual([overrides, 400, message]);
      }
      // Any origin is fine as long as we stored the hash (the API may be reached through several hosts).
      const elsewhere = photo.replace(server().url, 'https://cdn.example.com');
      const r = await server().post('/addauction', auctionBody(photo, { photos: [elsewhere] }), {
        authtoken: owner.token,
      });
      expect(r.status).toBe(200);
      expect(r.body.data.photo).toBe(photo);
    });

    it('answers 400 for malformed JSON and 415 for a non-JSON body', async () => {
      const owner = await signedInUser(server());
      const bad = await server().request('POST', '/addauction', {
        raw: '{"username":',
        headers: { 'content-type': 'application/json', authtoken: owner.token },
      });
      expect(bad.status).toBe(400);
      const text = await server().request('POST', '/addauction', {
        raw: 'hello',
        headers: { 'content-type': 'text/plain', authtoken: owner.token },
      });
      expect(text.status).toBe(415);
    });
  });
});
