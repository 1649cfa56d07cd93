/**
 * Auctions: the live event streams of an item (GET /auctionevents/:id, server-sent events), over
 * real HTTP on PGlite and PostgreSQL.
 */
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction, openEventStream, soldEvent } from './helpers/auctions';
import { loadConfig } from '../src/config';

describeEachDatabase(
  'auctions: live event streams',
  (server) => {
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

          // A refused bid (one equal to the starting bid) is never announced; the accepted one is,
          // within a second (a maximum of Rs. 1,700, the first bid: it leads at the starting bid
          // plus one increment).
          expect((await bid(server(), bidder.token, item.auctionid, 1000)).status).toBe(400);
          const sent = Date.now();
          const placed = await bid(server(), bidder.token, item.auctionid, 1700);
          expect(placed.status).toBe(200);
          const e = await stream.next((x) => x.event === 'bid');
          expect(e.receivedAt - sent).toBeLessThan(1000);
          // The event's time is the history's time of that bid, to the millisecond.
          const stored = placed.body.data.bids.find((b: { bid: number }) => b.bid === 1050);
          expect(e.data).toEqual({
            type: 'bid',
            auctionid: item.auctionid,
            bid: 1050,
            highbid: 1050,
            nickname: 'Zoya',
            at: stored.at,
            auto: false,
            endsat: item.endsat,
          });
          expect(stream.events.filter((x) => x.event === 'bid')).toHaveLength(1);

          expect(
            (
              await server().put(
                '/setHighBid',
                { productid: item.auctionid, userid: bidder.userid },
                { authtoken: owner.token },
              )
            ).status,
          ).toBe(200);
          const closed = await stream.next((x) => x.event === 'closed');
          expect(closed.data).toEqual(soldEvent(item.auctionid, bidder.userid, 1050));

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
