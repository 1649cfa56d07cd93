/**
 * Bids on one item that arrive together at one API process (placeBid's turns, place_bids of
 * migration 0019), on PGlite and PostgreSQL: applied in the order they came, each answered as
 * if it were alone, committed together; a bid that fails fails alone.
 */
import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { createAuction } from './helpers/auctions';
import { ProxyModel } from './helpers/proxy-model';
import { placeBid } from '../src/domains/auctions/bidding';
import { LIST_BIDS } from '../src/domains/auctions/repository';
import { HttpError } from '../src/lib/errors';

const SOFT = { extendMinutes: 5, capMinutes: 60 };
/** Maximums of 8 bidders in the order sent: leads, answers by proxy, refusals (below, own), raises. */
const SENT = [
  [0, 1500],
  [1, 1200],
  [2, 1500],
  [3, 1040],
  [0, 1400],
  [4, 2500],
  [5, 3000],
  [4, 2600],
  [6, 2900],
  [7, 9000],
  [7, 9500],
  [1, 5000],
] as const;

describeEachDatabase('auctions: bids on one item sent together', (server) => {
  it('are applied in the order sent, each answered as if alone, in one commit after the first', async () => {
    const owner = await signedInUser(server());
    const bidders = await Promise.all(SENT.map(() => signedInUser(server())));
    const item = await createAuction(server(), owner.token, { bid: 1000, rangelowbid: 500, rangehighbid: 100_000 });
    const { db } = server().app.ctx;

    const replies = await Promise.allSettled(
      SENT.map(([who, max]) => placeBid(db, item.auctionid, bidders[who].userid, max, SOFT, 60)),
    );

    const model = new ProxyModel(1000);
    const ids = bidders.map((b) => b.userid);
    SENT.forEach(([who, max], i) => {
      const reply = replies[i];
      const taken = model.bid(who, max);
      expect([i, reply.status]).toEqual([i, taken ? 'fulfilled' : 'rejected']);
      if (reply.status === 'fulfilled') {
        // The price, leader and newest bids right after this bid, not after the whole batch.
        const { item, recent } = reply.value;
        expect([i, item.bid, (item as typeof item & { leader: number }).leader]).toEqual([
          i,
          model.price,
          ids[model.leader!],
        ]);
        expect([i, recent.map((r) => ({ userid: r.userid, bid: r.bid, auto: r.auto }))]).toEqual([
          i,
          model.history
            .slice(-LIST_BIDS)
            .reverse()
            .map((h) => ({ ...h, userid: ids[h.userid] })),
        ]);
      } else {
        expect([i, (reply.reason as HttpError).statusCode]).toEqual([i, 400]);
      }
    });
    const rows = await sql<{ userid: number; bid: number; auto: boolean; tx: string }>`
      SELECT userid, bid, auto, xmin::text AS tx FROM bids WHERE auctionid = ${item.auctionid} ORDER BY bidid`.execute(
      db,
    );
    expect(rows.rows.map(({ tx: _tx, ...step }) => step)).toEqual(
      model.history.map((h) => ({ ...h, userid: ids[h.userid] })),
    );
    // The first bid went at once; the others, waiting for it, went in one transaction.
    expect(new Set(rows.rows.map((r) => r.tx)).size).toBe(2);
  });

  it('a bid that fails in a batch fails alone: the others are applied', async () => {
    const owner = await signedInUser(server());
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedInUser(server())));
    const item = await createAuction(server(), owner.token, { bid: 1000, rangelowbid: 500, rangehighbid: 100_000 });
    const { db } = server().app.ctx;
    const nobody = 2_000_000_000; // no such user: its history row breaks the foreign key
    const replies = await Promise.allSettled(
      [a.userid, b.userid, nobody, c.userid].map((userid, i) =>
        placeBid(db, item.auctionid, userid, 2000 + i * 1000, SOFT, 60),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(replies[2].status === 'rejected' && replies[2].reason instanceof HttpError).toBe(false);
    const row = await db
      .selectFrom('auctions')
      .select(['bid', 'leader'])
      .where('auctionid', '=', item.auctionid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ bid: 3050, leader: c.userid });
  });
});
