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
    s = await startServer('pglite', { auctions: { ...loadConfig({}).auctions, maxEventStreams: 50, maxEventStreamsPerClient: 3 } });
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
