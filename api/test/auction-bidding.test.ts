/**
 * Auctions: bidding (PUT /updatebiduser): higher bids only, not on one's own or a closed or ended
 * item, the reply and the history, over real HTTP on PGlite and PostgreSQL.
 */
import { AUCTION_MESSAGES } from '@marketplace/contract';
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction, setEndTime } from './helpers/auctions';
import { walkPages } from './helpers/paging';

describeEachDatabase('auctions: bidding', (server) => {
  describe('PUT /updatebiduser', () => {
    it('takes the caller’s bid as a maximum: the first leads one increment above the starting bid, history with first names only', async () => {
      const owner = await signedInUser(server());
      const bidder = await signedInUser(server(), { firstname: 'Kabir' });
      const rival = await signedInUser(server(), { firstname: 'Lena' });
      const item = await createAuction(server(), owner.token);
      // The smallest bid taken is the starting bid plus its increment (Rs. 50 from Rs. 1,000).
      const r = await bid(server(), bidder.token, item.auctionid, 1100);
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Your BID has been placed');
      expect(r.body.data).toMatchObject({
        auctionid: item.auctionid,
        bid: 1050,
        highbid: 1050,
        startbid: 1000,
        bidcount: 1,
        status: 'open',
        yourmax: 1100,
      });
      expect(r.body.data.bids).toEqual([{ bid: 1050, auto: false, nickname: 'Kabir', at: expect.any(String) }]);
      expect(Math.abs(new Date(r.body.data.bids[0].at).getTime() - Date.now())).toBeLessThan(60_000);
      // The leader raising their own maximum does not raise the price.
      const raised = await bid(server(), bidder.token, item.auctionid, 1250);
      expect(raised.status).toBe(200);
      expect(raised.body.data).toMatchObject({ bid: 1050, bidcount: 1, yourmax: 1250 });
      // A rival's lower maximum is answered automatically, one increment above it.
      const again = await bid(server(), rival.token, item.auctionid, 1200);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ bid: 1250, highbid: 1250, bidcount: 3 });
      expect(again.body.data).not.toHaveProperty('yourmax');
      expect(again.body.data.bids.map((b: any) => [b.nickname, b.bid, b.auto])).toEqual([
        ['Kabir', 1250, true],
        ['Lena', 1200, false],
        ['Kabir', 1050, false],
      ]);
      const text = JSON.stringify(again.body);
      expect(text).not.toContain(bidder.email);
      expect(text).not.toContain(bidder.token);
      expect(again.body.data.bids[0]).not.toHaveProperty('userid');
    });

    it('answers the newest 5 bids with the full count, however long the history; the item page has them all', async () => {
      const owner = await signedInUser(server());
      const bidders = [await signedInUser(server()), await signedInUser(server())];
      const item = await createAuction(server(), owner.token);
      let last: Awaited<ReturnType<typeof bid>> | undefined;
      // Two bidders take turns, each beating the other's maximum: the price is the beaten maximum plus Rs. 50.
      for (let i = 1; i <= 7; i++) last = await bid(server(), bidders[i % 2].token, item.auctionid, 1000 + i * 100);
      expect(last!.status).toBe(200);
      expect(last!.body.data.bidcount).toBe(7);
      expect(last!.body.data.bids.map((b: any) => b.bid)).toEqual([1650, 1550, 1450, 1350, 1250]);
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
      const bad = await server().request('PUT', '/updatebiduser', {
        raw: '{"auctionid":',
        headers: { 'content-type': 'application/json', authtoken: bidder.token },
      });
      expect(bad.status).toBe(400);
      const noToken = await server().put('/updatebiduser', { auctionid: item.auctionid, bid: 2000 });
      expect(noToken.status).toBe(401);
      const deadToken = await server().put(
        '/updatebiduser',
        { auctionid: item.auctionid, bid: 2000 },
        { authtoken: 'lt_dead' },
      );
      expect(deadToken.status).toBe(401);
      // Nothing was recorded.
      expect((await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data).toMatchObject({
        bid: 1000,
        bidcount: 0,
      });
    });

    it('refuses a bid not above the current bid or short of the next increment, the first included', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const b = await signedInUser(server());
      const item = await createAuction(server(), owner.token);
      // Before any bid the current bid is the starting bid: equal to it is not higher.
      for (const amount of [1000, 999, 1]) {
        const r = await bid(server(), a.token, item.auctionid, amount);
        expect([amount, r.status, r.body.msg]).toEqual([
          amount,
          400,
          'Your BID must be higher than the current BID of Rs. 1,000',
        ]);
      }
      // Above the starting bid but short of it plus the increment (Rs. 50 from Rs. 1,000).
      for (const amount of [1001, 1049]) {
        const r = await bid(server(), a.token, item.auctionid, amount);
        expect([amount, r.status, r.body.msg]).toEqual([amount, 400, 'Your BID must be at least Rs. 1,050']);
      }
      expect((await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data).toMatchObject({
        bid: 1000,
        bidcount: 0,
      });
      expect((await bid(server(), a.token, item.auctionid, 1500)).status).toBe(200);
      for (const amount of [1050, 1000, 900]) {
        const r = await bid(server(), b.token, item.auctionid, amount);
        expect([amount, r.status, r.body.msg]).toEqual([
          amount,
          400,
          'Your BID must be higher than the current BID of Rs. 1,050',
        ]);
      }
      // Above the current bid but short of it plus the increment (Rs. 50 from Rs. 1,050).
      const short = await bid(server(), b.token, item.auctionid, 1099);
      expect([short.status, short.body.msg]).toEqual([400, 'Your BID must be at least Rs. 1,100']);
      // The leader can only raise their maximum; the message shows it to them alone.
      const lower = await bid(server(), a.token, item.auctionid, 1400);
      expect([lower.status, lower.body.msg]).toEqual([
        400,
        'You are the highest bidder with a maximum BID of Rs. 1,500: enter more to raise it',
      ]);
      const detail = (await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data;
      expect(detail).toMatchObject({ bid: 1050, highbid: 1050, bidcount: 1 });
      expect(JSON.stringify(detail)).not.toContain('1500');
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
      const r = await bid(server(), bidder.token, item.auctionid, 1200, {
        biduser: forged,
        userid: victim.userid,
        highbid: 999999,
      });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ bid: 1050, highbid: 1050, bidcount: 1 });
      expect(r.body.data.bids.map((b: any) => [b.nickname, b.bid])).toEqual([['Ira', 1050]]);
      // The spec's form: only a biduser text, no bid → no bid recorded.
      const specOnly = await server().put(
        '/updatebiduser',
        { auctionid: item.auctionid, biduser: JSON.stringify(forged) },
        { authtoken: bidder.token },
      );
      expect([specOnly.status, specOnly.body.msg]).toEqual([400, AUCTION_MESSAGES.placeBid]);
      expect((await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data.bidcount).toBe(1);
    });
  });
});
