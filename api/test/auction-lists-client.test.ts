/**
 * The auction-list functions of the front ends' typed client (shared/src/api/auction-lists.ts, and
 * placeBid's maximum) against the real server: routes, methods, headers, query and reply shapes agree.
 */
import { signedInUser } from './helpers/accounts';
import { createAuction } from './helpers/auctions';
import * as client from '../../shared/src/api';
import { useSession } from '../../shared/src/session/sessionStore';
import { serveClient } from './helpers/client';

const server = serveClient();

function signIn(user: { firstname: string; lastname: string; token: string }) {
  useSession.setState({ session: { firstname: user.firstname, lastname: user.lastname, authtoken: user.token } });
}

const fails = (p: Promise<unknown>, status: number, message?: string) =>
  expect(p).rejects.toMatchObject({ name: 'ApiError', status, ...(message === undefined ? {} : { message }) });

test('watching, My bids and Selling through the client', async () => {
  const s = server();
  const seller = await signedInUser(s, { firstname: 'Omar' });
  const bidder = await signedInUser(s, { firstname: 'Tara' });
  const a = await createAuction(s, seller.token, { productname: 'Client lot A' });
  const b = await createAuction(s, seller.token, { productname: 'Client lot B' });

  useSession.setState({ session: null });
  await fails(client.watchAuction(a.auctionid), 401, 'Please login first');
  await fails(client.getMyBidsPage(), 401);

  signIn(seller);
  await fails(client.watchAuction(a.auctionid), 403, 'You cannot watch your own auction item');

  signIn(bidder);
  await fails(client.watchAuction(987654), 404, 'Auction item not found');
  expect(await client.watchAuction(a.auctionid)).toEqual({ msg: 'Added to your watch list', watching: true, count: 1 });
  expect(await client.getWatchedAmong([a.auctionid, b.auctionid])).toEqual([a.auctionid]);
  expect(await client.getWatchedAmong([])).toEqual([]);
  const watching = await client.getWatchingPage({ limit: 10 });
  expect(watching).toMatchObject({ next: null, items: [{ auctionid: a.auctionid, productname: 'Client lot A' }] });
  expect(await client.unwatchAuction(a.auctionid)).toEqual({
    msg: 'Removed from your watch list',
    watching: false,
    count: 0,
  });

  // A maximum: the bid leads at the least it takes, the maximum comes back to its bidder only.
  const placed = await client.placeBid(b.auctionid, 1100, { maxbid: 3000 });
  expect(placed).toMatchObject({ bid: 1050, yourmax: 3000 });
  expect(await client.placeBid(a.auctionid, 1100)).toMatchObject({ bid: 1050, yourmax: 1100 });
  const first = await client.getMyBidsPage({ limit: 1 });
  expect(first.items).toEqual([expect.objectContaining({ auctionid: a.auctionid, state: 'leading', yourmax: 1100 })]);
  expect(first.next).toEqual(expect.any(String));
  const second = await client.getMyBidsPage({ limit: 1, cursor: first.next! });
  expect(second).toEqual({
    items: [expect.objectContaining({ auctionid: b.auctionid, state: 'leading', yourmax: 3000, price: 1050 })],
    next: null,
  });

  signIn(seller);
  const selling = await client.getSellingPage();
  expect(selling.items.map((r) => [r.productname, r.state, r.leader, r.bidcount])).toEqual([
    ['Client lot B', 'open', 'Tara', 1],
    ['Client lot A', 'open', 'Tara', 1],
  ]);
  expect(JSON.stringify(selling)).not.toContain('3000');
});
