/**
 * Two API processes (children `node --import tsx api/src/main.ts`) on one PostgreSQL behind a
 * round-robin proxy written here (node:http, each request to the next process): started at the
 * same moment on an empty database they migrate and seed once; a token issued by one is taken
 * by the other; concurrent bids through both stay consistent; live bid events reach streams
 * held by either process; 100 shoppers ordering the last unit at once get one order.
 */
import http from 'node:http';
import pg from 'pg';
import { createPostgresDatabase } from '../helpers/server';
import { openEventStream, type EventStream } from '../helpers/auctions';
import { send } from './helpers/http';
import { freePort, startApi, type ApiProcess } from './helpers/processes';
import { remoteAuction, remoteProduct, remoteUser, type Person } from './helpers/setup';

interface Proxy {
  url: string;
  /** Requests served by each backend. */
  served: number[];
  close(): Promise<void>;
}

/** Forwards each request to the next backend in turn (streams included); `x-backend` tells which. */
async function roundRobin(backends: string[]): Promise<Proxy> {
  const served = backends.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next++ % backends.length;
    served[index]++;
    const target = new URL(backends[index]);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-backend': String(index) });
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 502, msg: 'Bad gateway', data: null }));
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const describePg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePg('two API processes behind a round-robin proxy [PostgreSQL]', () => {
  let db: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let apis: ApiProcess[] = [];
  let proxy: Proxy;

  beforeAll(async () => {
    db = await createPostgresDatabase();
    // Both at once on the empty database: migrations and seed must happen exactly once.
    // (Signups unlimited from this one address: the last-unit race signs up 100 shoppers.)
    const env = { DATABASE_URL: db.url, RATE_SIGNUP_PER_IP: '100000' };
    apis = await Promise.all([startApi(env), startApi(env)]);
    proxy = await roundRobin(apis.map((a) => a.url));
  }, 90_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(apis.map((a) => a.stop()));
    await db?.drop();
  });

  it('started together, they seed once and share the token secret', async () => {
    const products = await send(proxy.url, { method: 'GET', path: '/products?limit=100', headers: {} });
    expect(products.json.data).toHaveLength(65);
    const auctions = await send(proxy.url, { method: 'GET', path: '/getauction', headers: {} });
    expect(auctions.json.data).toHaveLength(9);
    // One drew and wrote the demo data; the other found it done (or waited for it).
    expect(apis.filter((a) => /Seeded \d+ products/.test(a.output()))).toHaveLength(1);
    expect(apis.filter((a) => /Seeded \d+ auction items/.test(a.output()))).toHaveLength(1);
    // Anonymous token from one process, login on the other (the proxy alternates).
    const anon = await send(apis[0].url, { method: 'GET', path: '/getanytoken', headers: {} });
    const body = JSON.stringify({ email: 'demo@example.com', password: 'Demo@1234', authtoken: anon.json.data });
    const login = await send(apis[1].url, {
      method: 'POST',
      path: '/logincus',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(login.status).toBe(200);
    // A login token issued by the second works on the first.
    expect(
      (
        await send(apis[0].url, {
          method: 'GET',
          path: '/getuserdata',
          headers: { authtoken: login.json.data.authtoken },
        })
      ).status,
    ).toBe(200);
  });

  it('bids through both stay consistent, and every live event reaches streams on either process', async () => {
    const seller = await remoteUser(proxy.url, 'Owner');
    const bidders: Person[] = [];
    for (let i = 0; i < 10; i++) bidders.push(await remoteUser(proxy.url, `Rr${i}`));
    const auctionid = await remoteAuction(proxy.url, seller, 100);

    // One stream held by each process.
    const streams: EventStream[] = [];
    const held = new Set<string>();
    for (let i = 0; i < 6 && held.size < 2; i++) {
      const st = await openEventStream(proxy.url, auctionid);
      const backend = st.headers.get('x-backend') ?? '?';
      if (held.has(backend)) st.close();
      else {
        held.add(backend);
        streams.push(st);
      }
    }
    expect([...held].sort()).toEqual(['0', '1']);

    try {
      const amounts: number[] = [];
      let amount = 100;
      for (let i = 0; i < 120; i++) amounts.push((amount += 1 + Math.floor(Math.random() * 40)));
      // Six waves of 20 bids fired at once (higher wave after wave, shuffled within a wave).
      const replies: Array<{ status: number; msg: string; amount: number; backend: unknown; nickname: string }> = [];
      for (let wave = 0; wave < 6; wave++) {
        const batch = amounts.slice(wave * 20, wave * 20 + 20).sort(() => Math.random() - 0.5);
        replies.push(
          ...(await Promise.all(
            batch.map(async (a, i) => {
              const bidder = bidders[(wave + i) % bidders.length];
              const body = JSON.stringify({ auctionid, bid: a });
              const r = await send(proxy.url, {
                method: 'PUT',
                path: '/updatebiduser',
                headers: {
                  authtoken: bidder.token,
                  'content-type': 'application/json',
                  'content-length': String(body.length),
                },
                body,
              });
              return {
                status: r.status,
                msg: r.json?.msg as string,
                amount: a,
                backend: r.headers['x-backend'],
                nickname: bidder.firstname,
              };
            }),
          )),
        );
      }
      expect(replies.filter((r) => r.status !== 200 && r.status !== 400)).toEqual([]);
      const accepted = replies.filter((r) => r.status === 200);
      // A refused maximum was at or below what the rules needed then (the price, the next bid, or one's own maximum).
      for (const r of replies.filter((x) => x.status === 400))
        expect(Number(/Rs\. ([\d,]+)/.exec(r.msg)![1].replace(/,/g, ''))).toBeGreaterThanOrEqual(r.amount);
      expect(new Set(accepted.map((r) => r.backend)).size).toBe(2);

      // Every bid is a maximum (proxy bidding): the history is the steps, oldest first here.
      const item = (await send(proxy.url, { method: 'GET', path: `/getparticularaucpro/${auctionid}`, headers: {} }))
        .json.data;
      const history = [...item.bids].reverse() as Array<{ bid: number; nickname: string; auto: boolean }>;
      expect(item.bidcount).toBe(history.length);
      for (let i = 1; i < history.length; i++) {
        expect(history[i].bid).toBeGreaterThanOrEqual(history[i - 1].bid);
        expect(history[i].nickname === history[i - 1].nickname && history[i].bid > history[i - 1].bid).toBe(false);
      }
      // The highest accepted maximum leads, at the price; every accepted bidder is in the history.
      const highest = accepted.reduce((x, y) => (y.amount > x.amount ? y : x));
      expect(history.at(-1)).toMatchObject({ bid: item.bid, nickname: highest.nickname });
      expect(item.highbid).toBe(item.bid);
      expect(item.bid).toBeLessThanOrEqual(highest.amount);
      for (const r of accepted) expect(history.some((h) => h.nickname === r.nickname)).toBe(true);

      // Every step reached both streams, whichever process accepted it.
      for (const st of streams)
        await st.next(
          (e) => e.event === 'bid' && e.data.bid === item.bid && e.data.nickname === highest.nickname,
          5000,
        );
      await new Promise((r) => setTimeout(r, 200));
      for (const st of streams) {
        const got = st.events.filter((e) => e.event === 'bid').map((e) => `${e.data.bid}:${e.data.nickname}`);
        expect(got.sort()).toEqual(history.map((h) => `${h.bid}:${h.nickname}`).sort());
      }
      console.log(
        `[resilience] two API processes behind round robin: ${amounts.length} concurrent bids (${accepted.length} accepted, ` +
          `${replies.length - accepted.length} outbid), history and current bid consistent; ${streams.length} live streams (one per process) ` +
          `received all ${item.bidcount} bid steps; requests served per process: ${proxy.served.join(' / ')}`,
      );
    } finally {
      for (const st of streams) st.close();
    }
  }, 120_000);

  it('100 shoppers ordering the last unit at once through both: one order, stock 0, 99 clear refusals', async () => {
    const json = (token: string, body: unknown, more: Record<string, string> = {}) => {
      const text = JSON.stringify(body);
      return {
        headers: {
          authtoken: token,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(text)),
          ...more,
        },
        body: text,
      };
    };
    const seller = await remoteUser(proxy.url, 'Stockist');
    const productid = await remoteProduct(proxy.url, seller, 'Last brass lamp', 1);
    const shoppers: Person[] = [];
    for (let i = 0; i < 100; i += 10)
      shoppers.push(
        ...(await Promise.all(Array.from({ length: 10 }, (_, j) => remoteUser(proxy.url, `Buyer${i + j}`)))),
      );
    for (const shopper of shoppers) {
      const add = await send(proxy.url, {
        method: 'POST',
        path: '/addtocartproduct',
        ...json(shopper.token, { productid, authtoken: shopper.token }),
      });
      expect(add.status).toBe(200);
    }

    const replies = await Promise.all(
      shoppers.map((shopper, i) =>
        send(proxy.url, {
          method: 'POST',
          path: '/orderauth',
          ...json(
            shopper.token,
            { billname: shopper.firstname, billaddress: '1, MG Road, Pune', payinfo: 'cod' },
            { 'idempotency-key': `last-unit-${i}` },
          ),
        }),
      ),
    );
    const won = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(99);
    for (const r of refused) expect(r.json.msg).toBe('Last brass lamp is out of stock');
    // Both processes answered some of them.
    expect(new Set(replies.map((r) => r.headers['x-backend'])).size).toBe(2);

    const product = await send(proxy.url, { method: 'GET', path: `/product/${productid}`, headers: {} });
    expect(product.json.data.left).toBe(0);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT (SELECT stock FROM products WHERE productid = $1) AS stock,
           (SELECT count(*)::int FROM order_lines WHERE productid = $1) AS lines,
           (SELECT count(*)::int FROM cart_items WHERE productid = $1) AS carts`,
        [productid],
      );
      // Exactly one order line; the 99 refused carts still hold the lamp.
      expect(rows[0]).toEqual({ stock: 0, lines: 1, carts: 99 });
    } finally {
      await client.end();
    }
    console.log(
      `[resilience] last-unit race through two API processes: 100 concurrent orders, ${won.length} placed, ` +
        `${refused.length} refused (409); requests served per process: ${proxy.served.join(' / ')}`,
    );
  }, 120_000);
});

if (!process.env.TEST_DATABASE_URL) {
  test.skip('two API processes need TEST_DATABASE_URL (PostgreSQL)', () => undefined);
}
