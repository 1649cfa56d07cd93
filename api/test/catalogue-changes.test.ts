/**
 * GET /catalogue/changes (server-sent events): what changed in the public pages, for a server
 * that caches them; over real HTTP on PGlite and PostgreSQL, two processes on PostgreSQL.
 */
import { Client } from 'pg';
import { loadConfig } from '../src/config';
import { describeEachDatabase, describeTwoProcesses, eventually, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction, openEventStream, openSseStream, type EventStream } from './helpers/auctions';
import { del, listProduct } from './helpers/shop';

const openChanges = (s: TestServer | string, headers: Record<string, string> = {}) =>
  openSseStream(`${typeof s === 'string' ? s : s.url}/catalogue/changes`, headers);

/** The change events received so far, in order. */
const changes = (stream: EventStream) => stream.events.filter((e) => e.event === 'change').map((e) => e.data);

describeEachDatabase(
  'catalogue change stream',
  (server) => {
    it('says ready, then a catalogue change for a product written and an auction change for each bid and the approval', async () => {
      const seller = await signedInUser(server());
      const owner = await signedInUser(server());
      const bidder = await signedInUser(server());
      const item = await createAuction(server(), owner.token);
      const origin = server().config.corsOrigins[0];
      const stream = await openChanges(server(), { origin });
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
        expect(stream.headers.get('content-encoding')).toBeNull();
        expect(stream.headers.get('access-control-allow-origin')).toBe(origin);
        await stream.next((e) => e.event === 'ready');
        expect(stream.events[0]).toMatchObject({ event: 'ready', data: {} });

        // A product listed: every process's catalogue cache is dropped, and the stream names it.
        const product = await listProduct(server(), seller.token, 420);
        await stream.next((e) => e.event === 'change');
        const named = { scope: 'catalogue', id: product.productid };
        expect(changes(stream)).toEqual([named]);

        // A product deleted: again.
        expect(
          (await del(server(), `/product/${product.productid}`, undefined, { authtoken: seller.token })).status,
        ).toBe(200);
        await eventually(
          async () => changes(stream).length,
          (n) => n >= 2,
        );
        expect(changes(stream)).toEqual([named, named]);

        // A refused bid says nothing; an accepted one names the item, and nothing else.
        expect((await bid(server(), bidder.token, item.auctionid, 10)).status).toBe(400);
        expect((await bid(server(), bidder.token, item.auctionid, 1500)).status).toBe(200);
        await eventually(
          async () => changes(stream).length,
          (n) => n >= 3,
        );
        expect(changes(stream)[2]).toEqual({ scope: 'auction', id: item.auctionid });

        const approved = await server().put(
          '/setHighBid',
          { productid: item.auctionid, userid: bidder.userid },
          { authtoken: owner.token },
        );
        expect(approved.status).toBe(200);
        await eventually(
          async () => changes(stream).length,
          (n) => n >= 4,
        );
        expect(changes(stream)).toEqual([
          named,
          named,
          { scope: 'auction', id: item.auctionid },
          { scope: 'auction', id: item.auctionid },
        ]);
        await stream.waitForComment('ping', 2000);
      } finally {
        stream.close();
      }
    });

    it('sees a change committed right after ready, on every open stream', async () => {
      const seller = await signedInUser(server());
      for (let round = 0; round < 3; round++) {
        const streams = await Promise.all([1, 2].map(() => openChanges(server())));
        try {
          await Promise.all(streams.map((s) => s.next((e) => e.event === 'ready')));
          const { productid } = await listProduct(server(), seller.token, 100 + round);
          for (const s of streams) {
            const change = await s.next((e) => e.event === 'change');
            expect(change.data).toEqual({ scope: 'catalogue', id: productid });
          }
        } finally {
          streams.forEach((s) => s.close());
        }
      }
    });

    it('sends a burst of bids on one item as few lines, each naming the item', async () => {
      const owner = await signedInUser(server());
      const bidders = await Promise.all([1, 2, 3, 4, 5].map(() => signedInUser(server())));
      const item = await createAuction(server(), owner.token);
      const stream = await openChanges(server());
      try {
        await stream.next((e) => e.event === 'ready');
        const placed = await Promise.all(bidders.map((b, i) => bid(server(), b.token, item.auctionid, 2000 + i * 10)));
        expect(placed.some((p) => p.status === 200)).toBe(true);
        await stream.next((e) => e.event === 'change');
        await new Promise((r) => setTimeout(r, 200));
        const got = changes(stream);
        expect(got.length).toBeGreaterThanOrEqual(1);
        // At most a line per bid the history gained: an accepted maximum adds one or two (the
        // caller's, and the leader's answer when it is below the leader's maximum); bids taken
        // together in one commit, or heard in one turn, share a line.
        expect(got.length).toBeLessThanOrEqual(2 * placed.filter((p) => p.status === 200).length);
        for (const change of got) expect(change).toEqual({ scope: 'auction', id: item.auctionid });
      } finally {
        stream.close();
      }
    });

    it('answers HEAD and other methods as an unknown route, and keeps working after its readers left', async () => {
      const streams = await Promise.all([1, 2, 3].map(() => openChanges(server())));
      streams.forEach((s) => s.close());
      expect((await server().request('HEAD', '/catalogue/changes')).status).toBe(404);
      expect((await server().post('/catalogue/changes', {})).status).toBe(404);
      const seller = await signedInUser(server());
      // Writing to the closed streams must not fail the change.
      await listProduct(server(), seller.token, 99);
    });
  },
  () => ({ auctions: { ...loadConfig({}).auctions, heartbeatSeconds: 0.3 } }),
);

describeEachDatabase(
  'catalogue change stream caps',
  (server) => {
    const open: EventStream[] = [];
    afterEach(() => {
      for (const stream of open.splice(0)) stream.close();
    });
    const keep = async (opening: Promise<EventStream>) => {
      const stream = await opening;
      open.push(stream);
      return stream;
    };

    it('are per client address (429), counted with the auction streams, and a closed stream gives its place back', async () => {
      const item = await createAuction(server(), (await signedInUser(server())).token);
      expect((await keep(openChanges(server()))).status).toBe(200);
      expect((await keep(openChanges(server()))).status).toBe(200);
      expect((await keep(openEventStream(server().url, item.auctionid))).status).toBe(200);
      const refused = await keep(openChanges(server()));
      expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '30']);
      // An auction stream is refused too: one budget for every stream of the address.
      expect((await keep(openEventStream(server().url, item.auctionid))).status).toBe(429);

      open[0]!.close();
      const again = await eventually(
        () => keep(openChanges(server())),
        (stream) => stream.status === 200,
      );
      expect(again.status).toBe(200);
    });
  },
  () => ({ auctions: { ...loadConfig({}).auctions, maxEventStreams: 50, maxEventStreamsPerClient: 3 } }),
);

describeEachDatabase(
  'catalogue change stream process cap',
  (server) => {
    it('holds at most the process cap, the rest refused with 503', async () => {
      const streams = await Promise.all(Array.from({ length: 6 }, () => openChanges(server())));
      try {
        expect(streams.map((s) => s.status).sort()).toEqual([...Array(4).fill(200), ...Array(2).fill(503)]);
      } finally {
        streams.forEach((s) => s.close());
      }
    });
  },
  () => ({ auctions: { ...loadConfig({}).auctions, maxEventStreams: 4, maxEventStreamsPerClient: 100 } }),
);

describeTwoProcesses('catalogue change stream across processes (PostgreSQL)', (first, second) => {
  it("hears the other process's product changes and bids", async () => {
    const stream = await openChanges(first());
    try {
      await stream.next((e) => e.event === 'ready');
      const seller = await signedInUser(second());
      const { productid } = await listProduct(second(), seller.token, 321);
      await stream.next((e) => e.event === 'change');
      expect(changes(stream)).toEqual([{ scope: 'catalogue', id: productid }]);

      const owner = await signedInUser(second());
      const bidder = await signedInUser(second());
      const item = await createAuction(second(), owner.token);
      expect((await bid(second(), bidder.token, item.auctionid, 1500)).status).toBe(200);
      await eventually(
        async () => changes(stream).length,
        (n) => n >= 2,
      );
      expect(changes(stream)).toEqual([
        { scope: 'catalogue', id: productid },
        { scope: 'auction', id: item.auctionid },
      ]);
    } finally {
      stream.close();
    }
  });

  it('says the catalogue changed when its LISTEN connection was cut and is back (a change may have been missed)', async () => {
    const stream = await openChanges(first());
    const admin = new Client({ connectionString: first().config.databaseUrl });
    await admin.connect();
    try {
      await stream.next((e) => e.event === 'ready');
      const { rows } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query = 'LISTEN catalogue_changed' AND pid <> pg_backend_pid()`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(1);
      // Told when the connection drops and again once it is back (it retries every second).
      const change = await stream.next((e) => e.event === 'change', 5000);
      expect(change.data).toEqual({ scope: 'catalogue' });
      const seller = await signedInUser(second());
      const before = changes(stream).length;
      await eventually(
        async () => {
          await listProduct(second(), seller.token, 77);
          return changes(stream).length;
        },
        (n) => n > before,
        8000,
      );
      expect(changes(stream).length).toBeGreaterThan(before);
    } finally {
      stream.close();
      await admin.end();
    }
  });
});

if (!process.env.TEST_DATABASE_URL) {
  test.skip('the change stream across processes needs TEST_DATABASE_URL (PostgreSQL)', () => undefined);
}
