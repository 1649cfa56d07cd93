import { PNG } from 'pngjs';
import { AUCTION_MESSAGES } from '@marketplace/shared/contract';
import { describeEachDatabase, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { auctionBody, bid, createAuction, openEventStream, uploadedPhoto } from './helpers/auctions';
import { loadConfig } from '../src/config';
import { walkPages } from './helpers/paging';

const ITEM_KEYS = [
  'ageproduct',
  'auctionid',
  'bid',
  'bidcount',
  'bids',
  'category',
  'description',
  'highbid',
  'ownerid',
  'photo',
  'photos',
  'productid',
  'productname',
  'rangehighbid',
  'rangelowbid',
  'startbid',
  'status',
  'time',
  'username',
  'winner',
].sort();

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** Moves an item's end time (tests cannot wait days). */
async function setEndTime(s: TestServer, auctionid: number, end: Date) {
  await s.app.ctx.db.updateTable('auctions').set({ end_time: end }).where('auctionid', '=', auctionid).execute();
}

describeEachDatabase(
  'auctions',
  (server) => {
    describe('seeded demo auctions', () => {
      it('lists at least 8 demo items in the three categories with the banner starting prices, photos and bids', async () => {
        const r = await server().get('/getauction');
        expect(r.status).toBe(200);
        const items = r.body.data as any[];
        const seeded = items.filter((i) => ['ashaart', 'rohan_m', 'priyacollects'].includes(i.username));
        expect(seeded.length).toBeGreaterThanOrEqual(8);
        const byCategory = (c: string) => seeded.filter((i) => i.category === c);
        expect(Math.min(...byCategory('Painting').map((i) => i.startbid))).toBe(499);
        expect(Math.min(...byCategory('Currancy').map((i) => i.startbid))).toBe(999);
        expect(Math.min(...byCategory('Sports Items').map((i) => i.startbid))).toBe(9999);
        expect(seeded.filter((i) => i.bidcount > 0).length).toBeGreaterThanOrEqual(3);
        for (const item of seeded) {
          expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
          expect(item.status).toBe('open');
          expect(new Date(item.time).getTime()).toBeGreaterThan(Date.now() + 86_400_000);
          expect(item.photo).toMatch(new RegExp(`^${server().url}/images/[0-9a-f]{64}\\.png$`));
          expect(item.rangelowbid).toBeLessThan(item.startbid);
          expect(item.rangehighbid).toBeGreaterThan(item.startbid);
          if (item.bidcount) {
            expect(item.bid).toBe(item.bids[0].bid);
            expect(item.highbid).toBe(item.bid);
            // Never a bid by the owner.
            expect(item.bids.every((b: any) => typeof b.nickname === 'string' && b.nickname.length > 0)).toBe(true);
          } else {
            expect(item.bid).toBe(item.startbid);
            expect(item.highbid).toBe(0);
          }
        }
        expect(new Set(seeded.map((i) => i.photo)).size).toBe(seeded.length);
        // No emails anywhere in the public listing.
        expect(JSON.stringify(r.body)).not.toMatch(/@/);

        const png = PNG.sync.read(Buffer.from(await (await fetch(seeded[0].photo)).arrayBuffer()));
        expect([png.width, png.height]).toEqual([400, 400]);
      });
    });

    describe('POST /addauction', () => {
      it('creates an item owned by the caller (a userid in the body is ignored), listed first', async () => {
        const owner = await signedInUser(server());
        const other = await signedInUser(server());
        const photo = await uploadedPhoto(server(), owner.token);
        const photo2 = await uploadedPhoto(server(), owner.token);
        const r = await server().post(
          '/addauction',
          auctionBody(photo, { photos: [photo, photo2, photo], userid: other.userid, bid: 1200, rangelowbid: 800, time: '2099-01-01T10:30' }),
          { authtoken: owner.token },
        );
        // 2099 is more than a year ahead.
        expect(r.status).toBe(400);
        expect(r.body.msg).toBe(AUCTION_MESSAGES.farTime);

        const end = new Date(Date.now() + 2 * 86_400_000);
        const ok = await server().post(
          '/addauction',
          auctionBody(photo, { photos: [photo, photo2, photo], userid: other.userid, bid: 1200, rangelowbid: 800, time: end.toISOString() }),
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
        const r = await server().post('/addauction', { ...auctionBody(photo, { time: local }), photos: undefined, photo }, { authtoken: owner.token });
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
        const ok = await server().post('/addauction', auctionBody(photo, { rangelowbid: 0, bid: 100, rangehighbid: 101 }), { authtoken: owner.token });
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
        const r = await server().post('/addauction', auctionBody(photo, { photos: [elsewhere] }), { authtoken: owner.token });
        expect(r.status).toBe(200);
        expect(r.body.data.photo).toBe(photo);
      });

      it('answers 400 for malformed JSON and 415 for a non-JSON body', async () => {
        const owner = await signedInUser(server());
        const bad = await server().request('POST', '/addauction', { raw: '{"username":', headers: { 'content-type': 'application/json', authtoken: owner.token } });
        expect(bad.status).toBe(400);
        const text = await server().request('POST', '/addauction', { raw: 'hello', headers: { 'content-type': 'text/plain', authtoken: owner.token } });
        expect(text.status).toBe(415);
      });
    });

    describe('GET /getparticularaucpro/:id', () => {
      it('answers 404 for an unknown id and 400 for a bad id', async () => {
        const r = await server().get('/getparticularaucpro/987654');
        expect(r.body).toEqual({ status: 404, msg: 'Auction item not found', data: null });
        for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
          const b = await server().get(`/getparticularaucpro/${id}`);
          expect([id, b.status]).toEqual([id, 400]);
          expect(b.body.msg).toMatch(/id/);
        }
      });
    });

    describe('PUT /updatebiduser', () => {
      it('appends the caller’s bid: current and highest bid, history with first names only', async () => {
        const owner = await signedInUser(server());
        const bidder = await signedInUser(server(), { firstname: 'Kabir' });
        const item = await createAuction(server(), owner.token);
        const r = await bid(server(), bidder.token, item.auctionid, 1100);
        expect(r.status).toBe(200);
        expect(r.body.msg).toBe('Your BID has been placed');
        expect(r.body.data).toMatchObject({ auctionid: item.auctionid, bid: 1100, highbid: 1100, startbid: 1000, bidcount: 1, status: 'open' });
        expect(r.body.data.bids).toEqual([{ bid: 1100, nickname: 'Kabir', at: expect.any(String) }]);
        expect(Math.abs(new Date(r.body.data.bids[0].at).getTime() - Date.now())).toBeLessThan(60_000);
        // The caller may raise their own bid.
        const again = await bid(server(), bidder.token, item.auctionid, 1250);
        expect(again.status).toBe(200);
        expect(again.body.data.bids.map((b: any) => b.bid)).toEqual([1250, 1100]);
        const text = JSON.stringify(again.body);
        expect(text).not.toContain(bidder.email);
        expect(text).not.toContain(bidder.token);
        expect(again.body.data.bids[0]).not.toHaveProperty('userid');
      });

      it('answers the newest 5 bids with the full count, however long the history; the item page has them all', async () => {
        const owner = await signedInUser(server());
        const bidder = await signedInUser(server());
        const item = await createAuction(server(), owner.token);
        let last: Awaited<ReturnType<typeof bid>> | undefined;
        for (let i = 1; i <= 7; i++) last = await bid(server(), bidder.token, item.auctionid, 1000 + i * 100);
        expect(last!.status).toBe(200);
        expect(last!.body.data.bidcount).toBe(7);
        expect(last!.body.data.bids.map((b: any) => b.bid)).toEqual([1700, 1600, 1500, 1400, 1300]);
        const page = await server().get(`/getparticularaucpro/${item.auctionid}`);
        expect(page.body.data.bids).toHaveLength(7);
      });

      it('refuses missing, malformed, non-integer, negative and zero bids', async () => {
        const owner = await signedInUser(server());
        const bidder = await signedInUser(server());
        const item = await createAuction(server(), owner.token);
        const cases: Array<[Record<string, unknown>, string | RegExp]> = [
          [{}, /auctionid/],
          [{ auctionid: item.auctionid }, AUCTION_MESSAGES.placeBid],
          [{ bid: 2000 }, /auctionid/],
          [{ auctionid: 'abc', bid: 2000 }, /auctionid/],
          [{ auctionid: -1, bid: 2000 }, /auctionid/],
          [{ auctionid: item.auctionid, bid: '' }, AUCTION_MESSAGES.placeBid],
          [{ auctionid: item.auctionid, bid: null }, AUCTION_MESSAGES.placeBid],
          [{ auctionid: item.auctionid, bid: 1500.5 }, AUCTION_MESSAGES.wholePlaceBid],
          [{ auctionid: item.auctionid, bid: '1500.5' }, AUCTION_MESSAGES.wholePlaceBid],
          [{ auctionid: item.auctionid, bid: '1e4' }, AUCTION_MESSAGES.wholePlaceBid],
          [{ auctionid: item.auctionid, bid: 'ten' }, AUCTION_MESSAGES.wholePlaceBid],
          [{ auctionid: item.auctionid, bid: -2000 }, AUCTION_MESSAGES.wholePlaceBid],
          [{ auctionid: item.auctionid, bid: '-2000' }, AUCTION_MESSAGES.wholePlaceBid],
          [{ auctionid: item.auctionid, bid: 0 }, AUCTION_MESSAGES.wholePlaceBid],
          [{ auctionid: item.auctionid, bid: 5e9 }, AUCTION_MESSAGES.wholePlaceBid],
          // Strict numbers: a JSON body's number is a JSON number, never a text that looks like one.
          [{ auctionid: item.auctionid, bid: ' 1500 ' }, AUCTION_MESSAGES.wholePlaceBid],
          [{ auctionid: item.auctionid, bid: '1500' }, AUCTION_MESSAGES.wholePlaceBid],
          [{ auctionid: item.auctionid, bid: true }, AUCTION_MESSAGES.placeBid],
          [{ auctionid: String(item.auctionid), bid: 1500 }, /auctionid/],
        ];
        for (const [body, message] of cases) {
          const r = await server().put('/updatebiduser', body, { authtoken: bidder.token });
          expect([body, r.status]).toEqual([body, 400]);
          expect(r.body.msg).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
        }
        const bad = await server().request('PUT', '/updatebiduser', { raw: '{"auctionid":', headers: { 'content-type': 'application/json', authtoken: bidder.token } });
        expect(bad.status).toBe(400);
        const noToken = await server().put('/updatebiduser', { auctionid: item.auctionid, bid: 2000 });
        expect(noToken.status).toBe(401);
        const deadToken = await server().put('/updatebiduser', { auctionid: item.auctionid, bid: 2000 }, { authtoken: 'lt_dead' });
        expect(deadToken.status).toBe(401);
        // Nothing was recorded.
        expect((await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data).toMatchObject({ bid: 1000, bidcount: 0 });
      });

      it('refuses a bid equal to or lower than the current bid', async () => {
        const owner = await signedInUser(server());
        const a = await signedInUser(server());
        const b = await signedInUser(server());
        const item = await createAuction(server(), owner.token);
        for (const amount of [1000, 999, 1]) {
          const r = await bid(server(), a.token, item.auctionid, amount);
          expect([amount, r.status, r.body.msg]).toEqual([amount, 400, 'Your BID must be higher than the current BID of Rs. 1000']);
        }
        expect((await bid(server(), a.token, item.auctionid, 1500)).status).toBe(200);
        for (const amount of [1500, 1400]) {
          const r = await bid(server(), b.token, item.auctionid, amount);
          expect([amount, r.status, r.body.msg]).toEqual([amount, 400, 'Your BID must be higher than the current BID of Rs. 1500']);
        }
        const detail = (await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data;
        expect(detail).toMatchObject({ bid: 1500, highbid: 1500, bidcount: 1 });
      });

      it('refuses bidding on one’s own item (403) and on an unknown id (404)', async () => {
        const owner = await signedInUser(server());
        const item = await createAuction(server(), owner.token);
        const own = await bid(server(), owner.token, item.auctionid, 5000);
        expect([own.status, own.body.msg]).toEqual([403, 'You cannot bid on your own auction item']);
        const unknown = await bid(server(), owner.token, 987654, 5000);
        expect([unknown.status, unknown.body.msg]).toEqual([404, 'Auction item not found']);
      });

      it('refuses bids after the end time (409)', async () => {
        const owner = await signedInUser(server());
        const bidder = await signedInUser(server());
        const item = await createAuction(server(), owner.token);
        await setEndTime(server(), item.auctionid, new Date(Date.now() - 1000));
        const r = await bid(server(), bidder.token, item.auctionid, 5000);
        expect([r.status, r.body.msg]).toEqual([409, 'This auction has ended: no more bids are taken']);
        const detail = (await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data;
        expect(detail).toMatchObject({ status: 'closed', winner: null, bidcount: 0 });
        // Ended items come after the open ones in the listing.
        const list = (await walkPages(server(), '/getauction', { limit: 100 })).rows as any[];
        const firstClosed = list.findIndex((i) => i.status === 'closed');
        expect(list.slice(firstClosed).every((i) => i.status === 'closed')).toBe(true);
        expect(list.some((i) => i.auctionid === item.auctionid && i.status === 'closed')).toBe(true);
      });

      it('ignores a client-sent bid list: only the caller’s one bid counts', async () => {
        const owner = await signedInUser(server());
        const bidder = await signedInUser(server(), { firstname: 'Ira' });
        const victim = await signedInUser(server(), { firstname: 'Victim' });
        const item = await createAuction(server(), owner.token);
        const forged = [
          { userid: victim.userid, bid: 999999 },
          { userid: bidder.userid, bid: 1 },
        ];
        const r = await bid(server(), bidder.token, item.auctionid, 1200, { biduser: forged, userid: victim.userid, highbid: 999999 });
        expect(r.status).toBe(200);
        expect(r.body.data).toMatchObject({ bid: 1200, highbid: 1200, bidcount: 1 });
        expect(r.body.data.bids.map((b: any) => [b.nickname, b.bid])).toEqual([['Ira', 1200]]);
        // The spec's form: only a biduser text, no bid → no bid recorded.
        const specOnly = await server().put('/updatebiduser', { auctionid: item.auctionid, biduser: JSON.stringify(forged) }, { authtoken: bidder.token });
        expect([specOnly.status, specOnly.body.msg]).toEqual([400, AUCTION_MESSAGES.placeBid]);
        expect((await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data.bidcount).toBe(1);
      });
    });

    describe('bidders and approval', () => {
      it('GET /getUserAuction/:id lists one row per (own item, bidder) with the highest bid and nothing else', async () => {
        const owner = await signedInUser(server());
        const a = await signedInUser(server(), { firstname: 'Anil', lastname: 'Rao' });
        const b = await signedInUser(server(), { firstname: 'Bela', lastname: 'Sen' });
        const first = await createAuction(server(), owner.token, { productname: 'First item' });
        const second = await createAuction(server(), owner.token, { productname: 'Second item' });
        const othersItem = await createAuction(server(), a.token, { productname: 'Not mine' });
        await bid(server(), a.token, first.auctionid, 1100);
        await bid(server(), b.token, first.auctionid, 1200);
        await bid(server(), a.token, first.auctionid, 1300);
        await bid(server(), b.token, second.auctionid, 2000);
        await bid(server(), b.token, othersItem.auctionid, 3000);

        const r = await server().get(`/getUserAuction/${owner.userid}`, { authtoken: owner.token });
        expect(r.status).toBe(200);
        expect(r.body.data).toEqual([
          { firstname: 'Bela', lastname: 'Sen', email: b.email, userid: b.userid, auctionid: second.auctionid, productname: 'Second item', cartdata: 2000, status: 'Bidding' },
          { firstname: 'Anil', lastname: 'Rao', email: a.email, userid: a.userid, auctionid: first.auctionid, productname: 'First item', cartdata: 1300, status: 'Bidding' },
          { firstname: 'Bela', lastname: 'Sen', email: b.email, userid: b.userid, auctionid: first.auctionid, productname: 'First item', cartdata: 1200, status: 'Bidding' },
        ]);
        const text = JSON.stringify(r.body);
        for (const secret of ['password', 'hash', 'token', a.token, b.token, owner.token]) expect(text).not.toContain(secret);

        const none = await server().get(`/getUserAuction/${b.userid}`, { authtoken: b.token });
        expect([none.status, none.body.data]).toEqual([200, []]);
      });

      it('refuses another user’s bidder list (403), bad ids (400) and no token', async () => {
        const owner = await signedInUser(server());
        const snoop = await signedInUser(server());
        const r = await server().get(`/getUserAuction/${owner.userid}`, { authtoken: snoop.token });
        expect([r.status, r.body.msg, r.body.data]).toEqual([403, 'You can only see the bidders on your own items', null]);
        const bad = await server().get('/getUserAuction/abc', { authtoken: owner.token });
        expect(bad.status).toBe(400);
        const noToken = await server().get(`/getUserAuction/${owner.userid}`);
        expect(noToken.status).toBe(401);
        const deadToken = await server().get(`/getUserAuction/${owner.userid}`, { authtoken: 'lt_dead' });
        expect(deadToken.status).toBe(401);
      });

      it('PUT /setHighBid: only the owner, only a real bidder; closes the auction; later bids get 409', async () => {
        const owner = await signedInUser(server());
        const a = await signedInUser(server());
        const b = await signedInUser(server());
        const never = await signedInUser(server());
        const item = await createAuction(server(), owner.token);
        await bid(server(), a.token, item.auctionid, 1100);
        await bid(server(), b.token, item.auctionid, 1500);

        const notOwner = await server().put('/setHighBid', { productid: item.auctionid, userid: a.userid }, { authtoken: b.token });
        expect([notOwner.status, notOwner.body.msg]).toEqual([403, 'Only the owner of this auction item can approve a bidder']);
        const neverBid = await server().put('/setHighBid', { productid: item.auctionid, userid: never.userid }, { authtoken: owner.token });
        expect([neverBid.status, neverBid.body.msg]).toEqual([400, 'This user has not bid on this auction item']);
        const self = await server().put('/setHighBid', { productid: item.auctionid, userid: owner.userid }, { authtoken: owner.token });
        expect(self.status).toBe(400);
        const ghost = await server().put('/setHighBid', { productid: item.auctionid, userid: 987654 }, { authtoken: owner.token });
        expect(ghost.status).toBe(400);
        const unknown = await server().put('/setHighBid', { productid: 987654, userid: a.userid }, { authtoken: owner.token });
        expect([unknown.status, unknown.body.msg]).toEqual([404, 'Auction item not found']);
        for (const body of [{ userid: a.userid }, { productid: item.auctionid }, { productid: 'x', userid: a.userid }, { productid: item.auctionid, userid: -1 }]) {
          const r = await server().put('/setHighBid', body, { authtoken: owner.token });
          expect([body, r.status]).toEqual([body, 400]);
        }
        const noToken = await server().put('/setHighBid', { productid: item.auctionid, userid: a.userid });
        expect(noToken.status).toBe(401);

        // The owner may approve any bidder, not only the highest: the item records that bid.
        const ok = await server().put('/setHighBid', { auctionid: item.auctionid, userid: a.userid }, { authtoken: owner.token });
        expect(ok.status).toBe(200);
        expect(ok.body.data).toMatchObject({ status: 'closed', winner: a.userid, highbid: 1100, bid: 1500 });

        const late = await bid(server(), b.token, item.auctionid, 9000);
        expect([late.status, late.body.msg]).toEqual([409, 'This auction is closed: the owner has approved a winner']);
        const twice = await server().put('/setHighBid', { productid: item.auctionid, userid: b.userid }, { authtoken: owner.token });
        expect([twice.status, twice.body.msg]).toEqual([409, 'A winner has already been approved for this auction item']);
        const detail = (await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data;
        expect(detail).toMatchObject({ status: 'closed', winner: a.userid, bidcount: 2 });
        // Approval never opens a bid to the owner either.
        const own = await bid(server(), owner.token, item.auctionid, 9000);
        expect(own.status).toBe(403);
      });

      it('the winner row goes Processing → Shipped → Delivered with time; the others are Not selected', async () => {
        const owner = await signedInUser(server());
        const a = await signedInUser(server());
        const b = await signedInUser(server());
        const item = await createAuction(server(), owner.token);
        await bid(server(), a.token, item.auctionid, 1100);
        await bid(server(), b.token, item.auctionid, 1200);
        // An ended auction can still be approved.
        await setEndTime(server(), item.auctionid, new Date(Date.now() - 1000));
        expect((await server().put('/setHighBid', { productid: item.auctionid, userid: b.userid }, { authtoken: owner.token })).status).toBe(200);

        const statuses = async () => {
          const rows = (await server().get(`/getUserAuction/${owner.userid}`, { authtoken: owner.token })).body.data as any[];
          return Object.fromEntries(rows.map((r) => [r.userid, r.status]));
        };
        expect(await statuses()).toEqual({ [a.userid]: 'Not selected', [b.userid]: 'Processing' });
        const db = server().app.ctx.db;
        await db.updateTable('auctions').set({ approved_at: hoursAgo(25) }).where('auctionid', '=', item.auctionid).execute();
        expect((await statuses())[b.userid]).toBe('Shipped');
        await db.updateTable('auctions').set({ approved_at: hoursAgo(49) }).where('auctionid', '=', item.auctionid).execute();
        expect((await statuses())[b.userid]).toBe('Delivered');
      });
    });

    describe('GET /auctionevents/:id (server-sent events)', () => {
      it('streams each accepted bid and the close, with CORS for the front ends and heartbeats', async () => {
        const owner = await signedInUser(server());
        const bidder = await signedInUser(server(), { firstname: 'Zoya' });
        const item = await createAuction(server(), owner.token);
        const other = await createAuction(server(), owner.token);
        const origin = server().config.corsOrigins[0];
        const stream = await openEventStream(server().url, item.auctionid, { origin });
        const otherStream = await openEventStream(server().url, other.auctionid);
        try {
          expect(stream.status).toBe(200);
          expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
          expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
          expect(stream.headers.get('access-control-allow-origin')).toBe(origin);

          // A refused bid is never announced; the accepted one is, within a second.
          expect((await bid(server(), bidder.token, item.auctionid, 10)).status).toBe(400);
          const sent = Date.now();
          const placed = await bid(server(), bidder.token, item.auctionid, 1700);
          expect(placed.status).toBe(200);
          const e = await stream.next((x) => x.event === 'bid');
          expect(e.receivedAt - sent).toBeLessThan(1000);
          // The event's time is the history's time of that bid, to the millisecond.
          const stored = placed.body.data.bids.find((b: { bid: number }) => b.bid === 1700);
          expect(e.data).toEqual({ type: 'bid', auctionid: item.auctionid, bid: 1700, highbid: 1700, nickname: 'Zoya', at: stored.at });
          expect(stream.events.filter((x) => x.event === 'bid')).toHaveLength(1);

          expect((await server().put('/setHighBid', { productid: item.auctionid, userid: bidder.userid }, { authtoken: owner.token })).status).toBe(200);
          const closed = await stream.next((x) => x.event === 'closed');
          expect(closed.data).toEqual({ type: 'closed', auctionid: item.auctionid, winner: bidder.userid, highbid: 1700 });

          await stream.waitForComment('ping', 2000);
          // The other item's stream heard nothing.
          expect(otherStream.events).toEqual([]);
        } finally {
          stream.close();
          otherStream.close();
        }
      });

      it('answers 404 for an unknown item and 400 for a bad id', async () => {
        const r = await server().get('/auctionevents/987654');
        expect([r.status, r.body.msg]).toEqual([404, 'Auction item not found']);
        expect((await server().get('/auctionevents/abc')).status).toBe(400);
      });

      it('keeps taking bids after its streams were closed by the browser', async () => {
        const owner = await signedInUser(server());
        const item = await createAuction(server(), owner.token);
        const streams = await Promise.all([1, 2, 3].map(() => openEventStream(server().url, item.auctionid)));
        streams.forEach((s) => s.close());
        const bidder = await signedInUser(server());
        // Writing to the closed streams must not fail the bid.
        expect((await bid(server(), bidder.token, item.auctionid, 1100)).status).toBe(200);
      });
    });
  },
  () => ({ auctions: { ...loadConfig({}).auctions, heartbeatSeconds: 0.3 } }),
);
