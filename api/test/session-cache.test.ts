import { SessionCache } from '../src/lib/session-cache';
import type { SignedInUser } from '../src/db/schema';
import type { ListenFn } from '../src/db/listen';
import { describeEachDatabase, describeTwoProcesses, eventually, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction } from './helpers/auctions';

const cart = (s: TestServer, token: string) => s.get('/productviewcart', { authtoken: token });

describeEachDatabase('signed-in users kept in memory', (server) => {
  it('a token signed out is refused at once, though it was just used', async () => {
    const user = await signedInUser(server());
    expect((await cart(server(), user.token)).status).toBe(200);
    expect((await server().post('/logoutcus', { authtoken: user.token })).status).toBe(200);
    expect((await cart(server(), user.token)).status).toBe(401);
  });

  it('a saved address is what the account page reads next', async () => {
    const user = await signedInUser(server());
    expect((await server().get('/getuserdata', { authtoken: user.token })).body.data.address).toEqual([]);
    const address = {
      streetadd: '12 MG Road',
      landmark: 'Near the park',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      postal: '560001',
    };
    const saved = await server().put('/updatecus', { authtoken: user.token, address: [address] });
    expect(saved.status).toBe(200);
    expect((await server().get('/getuserdata', { authtoken: user.token })).body.data.address).toEqual([address]);
  });

  it('a changed first name is the nickname of the next bid', async () => {
    const owner = await signedInUser(server());
    const item = await createAuction(server(), owner.token);
    const bidder = await signedInUser(server());
    const first = await bid(server(), bidder.token, item.auctionid, 1100);
    expect(first.body.data.bids[0].nickname).toBe(bidder.firstname); // the bidder is now in memory
    const renamed = await server().put('/updatecus', {
      authtoken: bidder.token,
      firstname: 'Renamed',
      lastname: bidder.lastname,
      phonenum: bidder.phonenum,
    });
    expect(renamed.status).toBe(200);
    // Outbid by a rival's maximum, the renamed bidder leads again with a higher one (proxy bidding).
    const rival = await signedInUser(server());
    expect((await bid(server(), rival.token, item.auctionid, 1200)).status).toBe(200);
    const next = await bid(server(), bidder.token, item.auctionid, 1300);
    expect(next.status).toBe(200);
    expect(next.body.data.bids[0]).toMatchObject({ bid: 1250, nickname: 'Renamed' });
  });
});

describeTwoProcesses('signed-in users across two API processes on one PostgreSQL', (first, second) => {
  it('signing out through one process ends the token in the other, which had it in memory', async () => {
    const user = await signedInUser(first());
    expect((await cart(second(), user.token)).status).toBe(200);
    expect((await first().post('/logoutcus', { authtoken: user.token })).status).toBe(200);
    const started = Date.now();
    const after = await eventually(
      () => cart(second(), user.token),
      (r) => r.status === 401,
    );
    expect(after.status).toBe(401);
    console.log(`[sessions] a sign-out reached the other process in ${Date.now() - started} ms`);
  });

  it('an operator revoking every token in SQL ends them in both processes', async () => {
    const user = await signedInUser(first());
    expect((await cart(first(), user.token)).status).toBe(200);
    expect((await cart(second(), user.token)).status).toBe(200);
    await first()
      .app.ctx.db.updateTable('login_tokens')
      .set({ revoked_at: new Date() })
      .where('userid', '=', user.userid)
      .execute();
    for (const s of [first(), second()])
      expect(
        (
          await eventually(
            () => cart(s, user.token),
            (r) => r.status === 401,
          )
        ).status,
      ).toBe(401);
  });
});

describe('the session cache', () => {
  const user = (userid: number): SignedInUser => ({
    userid,
    firstname: 'A',
    lastname: 'B',
    email: 'a@example.com',
    phonenum: '9876501234',
    createdate: '1990-01-01',
    gender: 'female',
    address: [],
    password_hash: 'h',
  });
  /** A listener the test drives: `notify` delivers a payload, `drop` says the connection went down. */
  function fakeListen() {
    let onPayload: (p: string) => void = () => undefined;
    let onListening: (l: boolean) => void = () => undefined;
    const listen: ListenFn = async (_channel, payload, listening) => {
      onPayload = payload;
      onListening = listening ?? (() => undefined);
      return async () => undefined;
    };
    return { listen, notify: (p: string) => onPayload(p), setListening: (l: boolean) => onListening(l) };
  }
  const inAnHour = () => new Date(Date.now() + 3_600_000);

  it('asks the database once per token, again after a notification for that user, never for an unknown token twice as a hit', async () => {
    const fake = fakeListen();
    const cache = new SessionCache();
    await cache.start(fake.listen);
    const load = jest.fn(async () => ({ user: user(7), expiresAt: inAnHour() }));
    await cache.user('t7', load);
    await cache.user('t7', load);
    expect(load).toHaveBeenCalledTimes(1);
    fake.notify('8'); // another user
    await cache.user('t7', load);
    expect(load).toHaveBeenCalledTimes(1);
    fake.notify('7');
    await cache.user('t7', load);
    expect(load).toHaveBeenCalledTimes(2);
    const none = jest.fn(async () => undefined);
    expect(await cache.user('unknown', none)).toBeUndefined();
    expect(await cache.user('unknown', none)).toBeUndefined();
    expect(none).toHaveBeenCalledTimes(2);
    await cache.close();
  });

  it('does not serve a token past its expiry', async () => {
    let now = Date.parse('2030-01-01T12:00:00Z');
    const cache = new SessionCache(() => now);
    await cache.start(fakeListen().listen);
    const load = jest.fn(async () => ({ user: user(1), expiresAt: new Date(now + 30) }));
    await cache.user('t', load);
    now += 29;
    await cache.user('t', load);
    expect(load).toHaveBeenCalledTimes(1); // still live: from memory
    now += 1;
    await cache.user('t', load);
    expect(load).toHaveBeenCalledTimes(2); // expired: asked again
    await cache.close();
  });

  it('keeps nothing while the listening connection is down, nor a lookup a notification overlapped', async () => {
    const fake = fakeListen();
    const cache = new SessionCache();
    await cache.start(fake.listen);
    fake.setListening(false);
    const load = jest.fn(async () => ({ user: user(3), expiresAt: inAnHour() }));
    await cache.user('t', load);
    await cache.user('t', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
    fake.setListening(true);
    await cache.user('t', async () => {
      fake.notify('3'); // the user changed while we read them
      return { user: user(3), expiresAt: inAnHour() };
    });
    expect(cache.size).toBe(0);
    await cache.close();
  });
});
