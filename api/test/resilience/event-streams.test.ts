import { loadConfig } from '../../src/config';
import { signedInUser } from '../helpers/accounts';
import { createAuction, openEventStream, type EventStream } from '../helpers/auctions';
import { eventually, startServer, type TestServer } from '../helpers/server';

// One client opening every live stream a process allows left everyone else with 503 and no live
// bids: each client now has a cap of its own, well below the process cap.
describe('live auction streams per client', () => {
  let s: TestServer;
  let auctionid: number;
  const open: EventStream[] = [];
  beforeAll(async () => {
    s = await startServer('pglite', {
      auctions: { ...loadConfig({}).auctions, maxEventStreams: 50, maxEventStreamsPerClient: 3 },
    });
    auctionid = (await createAuction(s, (await signedInUser(s)).token)).auctionid;
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await s?.stop();
  });

  it('are capped per client address with 429, and a closed stream gives its place back', async () => {
    for (let i = 0; i < 3; i++) {
      const stream = await openEventStream(s.url, auctionid);
      open.push(stream);
      expect(stream.status).toBe(200);
    }
    const refused = await openEventStream(s.url, auctionid);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    refused.close();

    open.pop()!.close();
    // The server sees the close when the socket ends: a new stream is taken once it has.
    const again = await eventually(
      () => openEventStream(s.url, auctionid),
      (stream) => {
        if (stream.status !== 200) stream.close();
        return stream.status === 200;
      },
    );
    open.push(again);
    expect(again.status).toBe(200);
  });
});

// Streams asked for all at once, the first a fresh process serves (it starts listening for auction
// events with the first one), were all held: each was counted only once its setup had finished.
describe.each(['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const)(
  'live auction streams asked for at once [%s]',
  (kind) => {
    const open: EventStream[] = [];
    const servers: TestServer[] = [];
    afterAll(async () => {
      for (const stream of open) stream.close();
      for (const s of servers) await s.stop();
    });

    /** A fresh process (not yet listening for auction events) with these caps, and an item on it. */
    async function freshServer(maxEventStreams: number, maxEventStreamsPerClient: number) {
      const s = await startServer(kind, {
        auctions: { ...loadConfig({}).auctions, maxEventStreams, maxEventStreamsPerClient },
      });
      servers.push(s);
      return { s, auctionid: (await createAuction(s, (await signedInUser(s)).token)).auctionid };
    }

    const statuses = async (s: TestServer, auctionid: number, n: number) => {
      const streams = await Promise.all(Array.from({ length: n }, () => openEventStream(s.url, auctionid)));
      open.push(...streams);
      return streams.map((stream) => stream.status).sort();
    };

    it('are held up to the per-client cap, the rest refused with 429', async () => {
      const { s, auctionid } = await freshServer(50, 5);
      expect(await statuses(s, auctionid, 15)).toEqual([...Array(5).fill(200), ...Array(10).fill(429)]);
    });

    it('are held up to the process cap, the rest refused with 503', async () => {
      const { s, auctionid } = await freshServer(6, 100);
      expect(await statuses(s, auctionid, 10)).toEqual([...Array(6).fill(200), ...Array(4).fill(503)]);
    });
  },
);
