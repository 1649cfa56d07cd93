/**
 * Auctions: the owner's bidder rows (GET /getUserAuction/:id) and approving a winner (PUT
 * /setHighBid), over real HTTP on PGlite and PostgreSQL.
 */
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction, setEndTime } from './helpers/auctions';

describeEachDatabase('auctions: bidders and approval', (server) => {
  describe('bidders and approval', () => {
    it('GET /getUserAuction/:id lists one row per (own item, bidder) with the highest bid and nothing else', async () => {
      // Bids are maximums: each row shows the bidder's highest step in the history, never a maximum.
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
        {
          firstname: 'Bela',
          lastname: 'Sen',
          email: b.email,
          userid: b.userid,
          auctionid: second.auctionid,
          productname: 'Second item',
          cartdata: 1050,
          status: 'Bidding',
        },
        {
          firstname: 'Anil',
          lastname: 'Rao',
          email: a.email,
          userid: a.userid,
          auctionid: first.auctionid,
          productname: 'First item',
          cartdata: 1250,
          status: 'Bidding',
        },
        {
          firstname: 'Bela',
          lastname: 'Sen',
          email: b.email,
          userid: b.userid,
          auctionid: first.auctionid,
          productname: 'First item',
          cartdata: 1150,
          status: 'Bidding',
        },
      ]);
      const text = JSON.stringify(r.body);
      for (const secret of ['password', 'hash', 'token', a.token, b.token, owner.token])
        expect(text).not.toContain(secret);

      const none = await server().get(`/getUserAuction/${b.userid}`, { authtoken: b.token });
      expect([none.status, none.body.data]).toEqual([200, []]);
    });

    it('refuses another user’s bidder list (403), bad ids (400) and no token', async () => {
      const owner = await signedInUser(server());
      const snoop = await signedInUser(server());
      const r = await server().get(`/getUserAuction/${owner.userid}`, { authtoken: snoop.token });
      expect([r.status, r.body.msg, r.body.data]).toEqual([
        403,
        'You can only see the bidders on your own items',
        null,
      ]);
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

      const notOwner = await server().put(
        '/setHighBid',
        { productid: item.auctionid, userid: a.userid },
        { authtoken: b.token },
      );
      expect([notOwner.status, notOwner.body.msg]).toEqual([
        403,
        'Only the owner of this auction item can approve a bidder',
      ]);
      const neverBid = await server().put(
        '/setHighBid',
        { productid: item.auctionid, userid: never.userid },
        { authtoken: owner.token },
      );
      expect([neverBid.status, neverBid.body.msg]).toEqual([400, 'This user has not bid on this auction item']);
      const self = await server().put(
        '/setHighBid',
        { productid: item.auctionid, userid: owner.userid },
        { authtoken: owner.token },
      );
      expect(self.status).toBe(400);
      const ghost = await server().put(
        '/setHighBid',
        { productid: item.auctionid, userid: 987654 },
        { authtoken: owner.token },
      );
      expect(ghost.status).toBe(400);
      const unknown = await server().put(
        '/setHighBid',
        { productid: 987654, userid: a.userid },
        { authtoken: owner.token },
      );
      expect([unknown.status, unknown.body.msg]).toEqual([404, 'Auction item not found']);
      for (const body of [
        { userid: a.userid },
        { productid: item.auctionid },
        { productid: 'x', userid: a.userid },
        { productid: item.auctionid, userid: -1 },
      ]) {
        const r = await server().put('/setHighBid', body, { authtoken: owner.token });
        expect([body, r.status]).toEqual([body, 400]);
      }
      const noToken = await server().put('/setHighBid', { productid: item.auctionid, userid: a.userid });
      expect(noToken.status).toBe(401);

      // Approve accepts the leading bid now (issue 25): any other bidder is refused, nothing changed.
      const notLeader = await server().put(
        '/setHighBid',
        { auctionid: item.auctionid, userid: a.userid },
        { authtoken: owner.token },
      );
      expect([notLeader.status, notLeader.body.msg]).toEqual([
        409,
        'Only the leading bidder can be accepted: Approve accepts the leading BID now',
      ]);
      expect((await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data.status).toBe('open');
      const ok = await server().put(
        '/setHighBid',
        { auctionid: item.auctionid, userid: b.userid },
        { authtoken: owner.token },
      );
      expect(ok.status).toBe(200);
      // a's maximum 1100 led at the starting bid 1000 + 50; b's 1500 then led at 1100 + 50: sold at that price.
      expect(ok.body.data).toMatchObject({
        status: 'closed',
        outcome: 'sold',
        winner: b.userid,
        highbid: 1150,
        bid: 1150,
      });

      const late = await bid(server(), b.token, item.auctionid, 9000);
      expect([late.status, late.body.msg]).toEqual([409, 'This auction is closed: the owner has approved a winner']);
      const twice = await server().put(
        '/setHighBid',
        { productid: item.auctionid, userid: b.userid },
        { authtoken: owner.token },
      );
      expect([twice.status, twice.body.msg]).toEqual([409, 'A winner has already been approved for this auction item']);
      const detail = (await server().get(`/getparticularaucpro/${item.auctionid}`)).body.data;
      expect(detail).toMatchObject({ status: 'closed', winner: b.userid, bidcount: 2 });
      // Approval never opens a bid to the owner either.
      const own = await bid(server(), owner.token, item.auctionid, 9000);
      expect(own.status).toBe(403);
    });

    it('the winner row follows the order: Awaiting payment, then Processing → Shipped → Delivered as the seller ships; the others are Not selected', async () => {
      const owner = await signedInUser(server());
      const a = await signedInUser(server());
      const b = await signedInUser(server());
      const item = await createAuction(server(), owner.token);
      await bid(server(), a.token, item.auctionid, 1100);
      await bid(server(), b.token, item.auctionid, 1200);
      // An ended auction can still be approved.
      await setEndTime(server(), item.auctionid, new Date(Date.now() - 1000));
      expect(
        (await server().put('/setHighBid', { productid: item.auctionid, userid: b.userid }, { authtoken: owner.token }))
          .status,
      ).toBe(200);

      const statuses = async () => {
        const rows = (await server().get(`/getUserAuction/${owner.userid}`, { authtoken: owner.token })).body
          .data as any[];
        return Object.fromEntries(rows.map((r) => [r.userid, r.status]));
      };
      expect(await statuses()).toEqual({ [a.userid]: 'Not selected', [b.userid]: 'Awaiting payment' });
      const order = (await server().get('/allorders', { authtoken: b.token })).body.data[0];
      const paid = await server().put(
        '/payauctionorder',
        { orderid: order.orderid, billname: 'Bela', billaddress: '1 MG Road, Pune', payinfo: 'cod' },
        { authtoken: b.token },
      );
      expect(paid.status).toBe(200);
      expect(await statuses()).toEqual({ [a.userid]: 'Not selected', [b.userid]: 'Processing' });
      // The seller ships an auction win (issue 26).
      const sale = (await server().get('/sales', { authtoken: owner.token })).body.data[0];
      expect(sale).toMatchObject({ orderid: order.orderid, status: 'Processing' });
      const step = (to: string, body?: unknown) =>
        server().request('PUT', `/sales/${sale.shipmentid}/${to}`, { headers: { authtoken: owner.token }, body });
      expect((await step('shipped', { courier: 'India Post', tracking: 'EE123456789IN' })).status).toBe(200);
      expect((await statuses())[b.userid]).toBe('Shipped');
      expect((await step('delivered')).status).toBe(200);
      expect((await statuses())[b.userid]).toBe('Delivered');
    });
  });
});
