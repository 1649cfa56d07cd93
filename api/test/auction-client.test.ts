/**
 * The auction functions of the front ends' typed client (shared/src/api/auctions.ts) against the
 * real server: routes, methods, header/body placement, reply shapes and the event stream agree.
 */
import { startServer, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { readEventStream, soldEvent, uploadedPhoto } from './helpers/auctions';
import * as client from '../../shared/src/api';
import { useSession } from '../../shared/src/session/sessionStore';

/** Just enough of the browser's EventSource (Node 20 has none) over a streaming fetch. */
class FetchEventSource {
  static opened: string[] = [];
  private readonly listeners = new Map<string, Set<(e: { data?: string }) => void>>();
  private readonly abort = new AbortController();
  constructor(readonly url: string) {
    FetchEventSource.opened.push(url);
    void this.run();
  }
  addEventListener(type: string, fn: (e: { data?: string }) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  close() {
    this.abort.abort();
  }
  private emit(type: string, e: { data?: string }) {
    this.listeners.get(type)?.forEach((fn) => fn(e));
  }
  private async run() {
    try {
      const res = await fetch(this.url, { signal: this.abort.signal, headers: { accept: 'text/event-stream' } });
      this.emit('open', {});
      await readEventStream(res.body!, (type, data) => this.emit(type, { data }));
    } catch {
      /* closed */
    }
  }
}

let s: TestServer;

beforeAll(async () => {
  s = await startServer('pglite');
  (globalThis as any).window = { __MARKETPLACE_CONFIG__: { apiUrl: s.url } };
  (globalThis as any).EventSource = FetchEventSource;
});
afterAll(async () => {
  delete (globalThis as any).window;
  delete (globalThis as any).EventSource;
  await s.stop();
});

function signIn(user: { firstname: string; lastname: string; token: string }) {
  useSession.setState({ session: { firstname: user.firstname, lastname: user.lastname, authtoken: user.token } });
}

/** The call rejects with the server's status (and message) as an ApiError. */
const fails = (p: Promise<unknown>, status: number, message?: string) =>
  expect(p).rejects.toMatchObject({ name: 'ApiError', status, ...(message === undefined ? {} : { message }) });

test('auction journey through the client', async () => {
  useSession.setState({ session: null });
  await fails(client.placeBid(1, 100), 401, 'Please login first');

  const list = await client.getAuctions();
  expect(list.length).toBeGreaterThanOrEqual(8);
  expect(await client.getAuction(list[0].auctionid)).toMatchObject({
    auctionid: list[0].auctionid,
    bidcount: list[0].bidcount,
  });
  await fails(client.getAuction(987654), 404, 'Auction item not found');

  const owner = await signedInUser(s, { firstname: 'Omar' });
  const bidder = await signedInUser(s, { firstname: 'Tara' });
  const photo = await uploadedPhoto(s, owner.token);
  signIn(owner);
  const input: client.CreateAuctionInput = {
    username: 'omar_c',
    bid: 2000,
    rangelowbid: 1500,
    rangehighbid: 9000,
    productname: 'Silver Rupee, 1919',
    category: 'Currancy',
    description: 'King George V silver rupee.',
    ageproduct: '106 years',
    // A datetime-local value: the browser's local time, sent as ISO.
    time: '2099-01-01T10:30',
    photos: [photo],
  };
  await fails(client.createAuction(input), 400, 'Time must be within one year from now');
  await fails(
    client.createAuction({ ...input, rangelowbid: 2500, time: new Date(Date.now() + 86_400_000).toISOString() }),
    400,
    'Low BID Value must be less than BID Value ',
  );

  const end = new Date(Date.now() + 2 * 86_400_000);
  end.setSeconds(0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const localValue = `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}T${pad(end.getHours())}:${pad(end.getMinutes())}`;
  const item = await client.createAuction({ ...input, time: localValue });
  expect(item).toMatchObject({
    ownerid: owner.userid,
    username: 'omar_c',
    bid: 2000,
    status: 'open',
    time: end.toISOString(),
    photos: [photo],
  });

  const events: client.AuctionEvent[] = [];
  let opens = 0;
  const unsubscribe = client.subscribeToAuction(
    item.auctionid,
    (e) => events.push(e),
    () => (opens += 1),
  );
  expect(FetchEventSource.opened.at(-1)).toBe(`${s.url}/auctionevents/${item.auctionid}`);
  for (let i = 0; i < 50 && !opens; i++) await new Promise((r) => setTimeout(r, 20));
  expect(opens).toBe(1);

  await fails(client.placeBid(item.auctionid, 3000), 403, 'You cannot bid on your own auction item');

  signIn(bidder);
  const notAbove = 'Your BID must be higher than the current BID of Rs. 2,000';
  await fails(client.placeBid(item.auctionid, 2000), 400, notAbove);
  await fails(client.placeBid(item.auctionid, 1999), 400, notAbove);
  await fails(client.placeBid(item.auctionid, 2049), 400, 'Your BID must be at least Rs. 2,050');
  // A plain bid is a maximum: the first one leads at the starting bid plus one increment
  // (Rs. 50), the maximum stays hidden.
  const afterBid = await client.placeBid(item.auctionid, 2100);
  expect(afterBid).toMatchObject({
    bid: 2050,
    highbid: 2050,
    bidcount: 1,
    bids: [{ bid: 2050, auto: false, nickname: 'Tara', at: expect.any(String) }],
  });
  await fails(client.getMyBidders(owner.userid), 403);
  await fails(client.approveBidder(item.auctionid, bidder.userid), 403);

  signIn(owner);
  expect(await client.getMyBidders(owner.userid)).toEqual([
    {
      firstname: 'Tara',
      lastname: bidder.lastname,
      email: bidder.email,
      userid: bidder.userid,
      auctionid: item.auctionid,
      productname: 'Silver Rupee, 1919',
      cartdata: 2050,
      status: 'Bidding',
    },
  ]);
  const closed = await client.approveBidder(item.auctionid, bidder.userid);
  expect(closed).toMatchObject({ status: 'closed', winner: bidder.userid, highbid: 2050 });
  // Approve accepts the leading bid now: the winner's order waits for their address and payment.
  expect((await client.getMyBidders(owner.userid))[0].status).toBe('Awaiting payment');

  signIn(bidder);
  await fails(client.placeBid(item.auctionid, 5000), 409, 'This auction is closed: the owner has approved a winner');
  const [won] = (await client.getOrdersPage()).items;
  expect(won).toMatchObject({ auctionid: item.auctionid, status: 'Awaiting payment', payinfo: null, total: 2050 });
  const paid = await client.payAuctionOrder({
    orderid: won.orderid,
    billname: 'Tara',
    billaddress: '3 Hill Road, Shimla',
    payinfo: 'cod',
  });
  expect([paid.msg, paid.order.status, paid.order.payinfo]).toEqual(['Order Placed', 'Processing', 'cod']);
  await fails(
    client.payAuctionOrder({ orderid: won.orderid, billname: 'Tara', billaddress: '3 Hill Road', payinfo: 'cod' }),
    409,
  );

  // Buy It Now through the client: the item closes at its price with the caller as winner.
  signIn(owner);
  const binItem = await client.createAuction({ ...input, time: localValue, buynow: 9000 });
  expect(binItem.buynow).toBe(9000);
  await fails(client.buyItNow(binItem.auctionid), 403);
  signIn(bidder);
  const bought = await client.buyItNow(binItem.auctionid);
  expect(bought.item).toMatchObject({ status: 'closed', outcome: 'sold', winner: bidder.userid, highbid: 9000 });
  await fails(client.buyItNow(binItem.auctionid), 409);

  for (let i = 0; i < 100 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
  expect(events).toEqual([
    {
      type: 'bid',
      auctionid: item.auctionid,
      bid: 2050,
      highbid: 2050,
      nickname: 'Tara',
      at: expect.any(String),
      auto: false,
      endsat: item.endsat,
    },
    soldEvent(item.auctionid, bidder.userid, 2050),
  ]);
  unsubscribe();
  useSession.setState({ session: null });
});
