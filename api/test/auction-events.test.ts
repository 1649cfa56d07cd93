import { sql } from 'kysely';
import type { AuctionEvent } from '@marketplace/contract';
import { AUCTION_CHANNEL } from '../src/domains/auctions/event-bus';
import { executePrepared } from '../src/db/prepared';
import { describeEachDatabase, eventually } from './helpers/server';

describeEachDatabase('auction events announced after commit, in batches', (server) => {
  it('every event reaches a listener once, in the order published, also beyond one batch', async () => {
    const { ctx } = server().app;
    const received: AuctionEvent[] = [];
    const stop = await ctx.listen(AUCTION_CHANNEL, (payload) => received.push(JSON.parse(payload)));
    try {
      // Far more than one batch (500), published at once as a burst of bids would.
      const events: AuctionEvent[] = Array.from({ length: 1234 }, (_, i) => ({
        type: 'bid',
        auctionid: 900_000,
        bid: 1000 + i,
        highbid: 1000 + i,
        nickname: `Bidder ${i}`,
        at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString(),
        auto: i % 2 === 1,
        endsat: new Date(Date.UTC(2026, 0, 1, 1)).toISOString(),
      }));
      for (const e of events) ctx.auctionEvents.publish(e);
      await ctx.auctionEvents.flushed();
      const all = await eventually(
        async () => received.length,
        (n) => n >= events.length,
      );
      expect(all).toBe(events.length);
      expect(received).toEqual(events);
    } finally {
      await stop();
    }
  });
});

describeEachDatabase('prepared statements', (server) => {
  it('answer with the values of each run, and PostgreSQL keeps one named statement per connection', async () => {
    const { db, dbKind } = server().app.ctx;
    await db.transaction().execute(async (trx) => {
      const sum = (a: number, b: number) =>
        executePrepared(trx, sql<{ n: number }>`SELECT ${a}::int + ${b}::int AS n`).then((r) => r.rows[0].n);
      expect(await sum(1, 2)).toBe(3);
      expect(await sum(40, 2)).toBe(42);
      if (dbKind === 'postgres') {
        const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(trx);
        expect(rows.filter((r) => r.statement.includes('::int + $2::int AS n'))).toHaveLength(1);
      }
    });
  });
});
