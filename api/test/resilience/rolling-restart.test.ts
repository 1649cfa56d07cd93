/**
 * A rolling restart without a failed request: two API processes (`node --import tsx
 * api/src/main.ts`) on one PostgreSQL behind a small round-robin proxy written here with node:http
 * that follows /readyz, as a load balancer does (it probes each process and sends requests only to
 * ready ones; a connection a stopped process refuses is tried on the other, as a load balancer
 * retries a connect failure). Under steady load (catalogue and item reads, bids, orders) each
 * process in turn gets SIGTERM and is started again. Every request is answered, every
 * acknowledged bid and order is in the database, and live bid streams reconnect (told by the
 * stopping process) and, reloading the item on reconnecting as the front end does, miss no bid.
 */
import http from 'node:http';
import { Client } from 'pg';
import { createPostgresDatabase } from '../helpers/server';
import { send, type RawReply } from './helpers/http';
import { freePort, startApi, type ApiProcess } from './helpers/processes';
import { remoteAuction, remoteUser, type Person } from './helpers/setup';

/** Resolves once `check()` holds (polled); after `limitMs` throws, saying what never came and `state()`. */
async function until(
  check: () => boolean | Promise<boolean>,
  what = 'a condition',
  state: () => unknown = () => '',
  limitMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what} ${JSON.stringify(state())}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Backend {
  url: string;
  /** As the last probe of GET /readyz said. */
  ready: boolean;
}

/** The proxy: round robin over the ready backends, probing GET /readyz every 20 ms. */
async function readinessProxy(backends: Backend[]) {
  const stats = { retried: 0, served: backends.map(() => 0) };
  let closed = false;
  const probing = backends.map(async (backend) => {
    while (!closed) {
      backend.ready = await send(backend.url, { method: 'GET', path: '/readyz', headers: {} }, 2000).then(
        (r) => r.status === 200,
        () => false,
      );
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  let next = 0;
  async function pick(): Promise<number> {
    await until(() => backends.some((b) => b.ready), 'a ready backend');
    for (;;) {
      const index = next++ % backends.length;
      if (backends[index]!.ready) return index;
    }
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = async (tries: number) => {
        const index = await pick();
        const target = new URL(backends[index]!.url);
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, connection: 'close' },
            agent: false,
          },
          (up) => {
            stats.served[index]! += 1;
            res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-backend': String(index) });
            up.pipe(res);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          // Refused: the process stopped listening and never saw the request; it goes elsewhere.
          if (error.code === 'ECONNREFUSED' && tries < 20) {
            backends[index]!.ready = false;
            stats.retried += 1;
            void attempt(tries + 1);
            return;
          }
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: 502, msg: `Bad gateway: ${error.code ?? error.message}`, data: null }));
        });
        res.on('close', () => upstream.destroy());
        upstream.end(body);
      };
      void attempt(0);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    async close() {
      closed = true;
      await Promise.all(probing);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A bid step as the item's history and the bid events name it. */
const stepKey = (b: { bid: number; nickname: string; auto?: boolean }) =>
  `${b.bid}:${b.nickname}:${b.auto ? 'auto' : 'own'}`;

/**
 * A live bid stream as the front end holds one (shared/src/api/auctions.ts: EventSource, and the
 * item reloaded on every (re)connection): connects through the proxy, reloads the item's history
 * once connected, adds each `bid` event, and reconnects after the `retry:` it was told when the
 * stream ends.
 */
function liveBids(proxyUrl: string, auctionid: number) {
  const state = {
    seen: new Map<string, number>(),
    connections: 0,
    reconnectEvents: 0,
    failedConnections: 0,
    stopped: false,
  };
  let current: http.ClientRequest | undefined;
  let retryMs = 3000;
  const connect = () => {
    if (state.stopped) return;
    const target = new URL(`${proxyUrl}/auctionevents/${auctionid}`);
    const req = http.get(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        agent: false,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          state.failedConnections += 1;
          res.resume();
          res.on('end', () => setTimeout(connect, retryMs));
          return;
        }
        state.connections += 1;
        // Events that arrive while the item reloads are applied after it (a step is counted once).
        let pending: string[] | null = null;
        let reloaded: Map<string, number> | null = null;
        const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('retry:')) retryMs = Number(line.slice(6).trim());
              else if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data += line.slice(5).trim();
              else if (line === ': connected') {
                // Connected: reload the item (as onOpen does), then apply what came meanwhile.
                pending = [];
                void send(proxyUrl, { method: 'GET', path: `/getparticularaucpro/${auctionid}`, headers: {} }).then(
                  (r) => {
                    const map = new Map<string, number>();
                    for (const b of r.json.data.bids) add(map, stepKey(b));
                    for (const key of pending ?? []) if (!map.has(key)) add(map, key);
                    pending = null;
                    reloaded = map;
                    state.seen = map;
                  },
                  () => (state.failedConnections += 1),
                );
              }
            }
            if (event === 'reconnect') state.reconnectEvents += 1;
            if (event === 'bid') {
              const key = stepKey(JSON.parse(data));
              // A step the reload already holds is not shown twice, as the page's mergeBids does
              // (auction-remote/src/lib/live.ts): its event, published by the other process, may
              // arrive after a reload that already read the bid.
              if (pending) pending.push(key);
              else if (reloaded && !reloaded.has(key)) add(reloaded, key);
            }
          }
        });
        res.on('end', () => setTimeout(connect, retryMs));
      },
    );
    req.on('error', () => {
      if (state.stopped) return;
      state.failedConnections += 1;
      setTimeout(connect, retryMs);
    });
    current = req;
  };
  connect();
  return {
    state,
    stop() {
      state.stopped = true;
      current?.destroy();
    },
  };
}

const describePg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePg('a rolling restart of two API processes behind a proxy that follows /readyz [PostgreSQL]', () => {
  let db: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const apis: ApiProcess[] = [];
  let ports: number[];
  const env = () => ({ DATABASE_URL: db.url, SHUTDOWN_DELAY_SECONDS: '1' });

  beforeAll(async () => {
    db = await createPostgresDatabase();
    ports = [await freePort(), await freePort()];
    apis.push(...(await Promise.all(ports.map((port) => startApi({ ...env(), PORT: String(port) })))));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.kill()));
    await db?.drop();
  });

  it('answers every request, keeps every bid and order, and streams miss no bid', async () => {
    const backends: Backend[] = apis.map((a) => ({ url: a.url, ready: false }));
    const proxy = await readinessProxy(backends);
    const streams: Array<ReturnType<typeof liveBids>> = [];
    try {
      await until(() => backends.every((b) => b.ready), 'both backends ready');
      const seller = await remoteUser(proxy.url, 'Seller');
      const bidders: Person[] = [];
      for (let i = 0; i < 4; i++) bidders.push(await remoteUser(proxy.url, `Bidder${i}`));
      const buyers: Person[] = [];
      for (let i = 0; i < 2; i++) buyers.push(await remoteUser(proxy.url, `Buyer${i}`));
      const auctionid = await remoteAuction(proxy.url, seller, 100);
      const products = (await send(proxy.url, { method: 'GET', path: '/products?limit=20', headers: {} })).json
        .data as Array<{ productid: number }>;
      for (let i = 0; i < 3; i++) streams.push(liveBids(proxy.url, auctionid));
      await until(
        () => streams.every((st) => st.state.connections === 1),
        'every stream connected',
        () => streams.map((st) => ({ ...st.state, seen: st.state.seen.size })),
      );

      const figures = { sent: 0, failed: [] as string[], bidsAcked: [] as string[], ordersAcked: [] as number[] };
      const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
        const text = body === undefined ? undefined : JSON.stringify(body);
        return send(proxy.url, {
          method,
          path,
          headers: {
            ...headers,
            ...(text === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }),
          },
          body: text,
        });
      };
      /** One request of the load: a network error, a 5xx or the proxy's 502 is a failure. */
      const call = async (what: string, request: () => Promise<RawReply>): Promise<RawReply | null> => {
        figures.sent += 1;
        try {
          const reply = await request();
          if (reply.status >= 500) {
            figures.failed.push(`${what}: ${reply.status} ${reply.text.slice(0, 200)}`);
            return null;
          }
          return reply;
        } catch (error) {
          figures.failed.push(`${what}: ${(error as Error).message}`);
          return null;
        }
      };

      let running = true;
      let price = 100;
      const load: Array<Promise<void>> = [];
      // Readers: the catalogue and the item.
      for (let w = 0; w < 2; w++)
        load.push(
          (async () => {
            for (let i = 0; running; i++) {
              if (i % 2) await call('GET /products', () => json('GET', '/products?limit=5', undefined));
              else await call('GET item', () => json('GET', `/getparticularaucpro/${auctionid}`, undefined));
            }
          })(),
        );
      // Bidders: each bid a little above the last one placed.
      for (let w = 0; w < 2; w++)
        load.push(
          (async () => {
            for (let i = 0; running; i++) {
              const bidder = bidders[(w + 2 * i) % bidders.length]!;
              price += 1 + (i % 5);
              const r = await call('PUT /updatebiduser', () =>
                json('PUT', '/updatebiduser', { auctionid, bid: price }, { authtoken: bidder.token }),
              );
              // Acknowledged: the reply's newest step is what this bid made (or kept) of the item.
              if (r?.status === 200) figures.bidsAcked.push(stepKey(r.json.data.bids[0]));
              else if (r && r.status !== 400) figures.failed.push(`PUT /updatebiduser: ${r.status} ${r.text}`);
            }
          })(),
        );
      // Buyers: one product into the cart, then the order.
      for (const [w, buyer] of buyers.entries())
        load.push(
          (async () => {
            for (let i = 0; running; i++) {
              const productid = products[(w * 7 + i) % products.length]!.productid;
              const added = await call('POST /addtocartproduct', () =>
                json('POST', '/addtocartproduct', { authtoken: buyer.token, productid }),
              );
              if (added?.status !== 200) continue;
              const r = await call('POST /orderauth', () =>
                json(
                  'POST',
                  '/orderauth',
                  { billname: buyer.firstname, billaddress: '1 Rolling Road', payinfo: 'cod' },
                  { authtoken: buyer.token, 'idempotency-key': `roll-${w}-${i}` },
                ),
              );
              if (r?.status === 200) figures.ordersAcked.push(r.json.data.orderid);
              else if (r) figures.failed.push(`POST /orderauth: ${r.status} ${r.text}`);
            }
          })(),
        );

      // Each process in turn: SIGTERM (it turns not ready, the proxy stops picking it, it answers
      // what it holds and exits), then a new one on its port, ready before the next goes.
      const restarts: string[] = [];
      for (const i of [0, 1]) {
        const sentBefore = figures.sent;
        await until(
          () => figures.sent >= sentBefore + 50,
          'more load',
          () => figures.failed,
        );
        apis[i]!.child.kill('SIGTERM');
        const code = await apis[i]!.exited;
        restarts.push(`process ${i}: exit ${code}`);
        expect(code).toBe(0);
        apis[i] = await startApi({ ...env(), PORT: String(ports[i]) });
        await until(() => backends[i]!.ready, `process ${i} ready again`);
      }
      const sentAfter = figures.sent;
      await until(
        () => figures.sent >= sentAfter + 100,
        'load after the restarts',
        () => figures.failed,
      );
      running = false;
      await Promise.all(load);

      // What the database holds.
      const pg = new Client({ connectionString: db.url });
      await pg.connect();
      let stored: string[];
      let ordersStored: number;
      try {
        stored = (
          await pg.query<{ bid: number; nickname: string; auto: boolean }>(
            `SELECT b.bid, u.firstname AS nickname, b.auto FROM bids b JOIN users u ON u.userid = b.userid
             WHERE b.auctionid = $1`,
            [auctionid],
          )
        ).rows.map(stepKey);
        ordersStored = Number(
          (
            await pg.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE orderid = ANY($1::int[])', [
              figures.ordersAcked,
            ])
          ).rows[0]!.n,
        );
      } finally {
        await pg.end();
      }
      const storedSet = new Set(stored);
      const bidsStored = figures.bidsAcked.filter((key) => storedSet.has(key)).length;
      const expected = [...stored].sort();
      const view = (st: ReturnType<typeof liveBids>) =>
        [...st.state.seen.entries()].flatMap(([key, n]) => Array<string>(n).fill(key)).sort();
      // Each stream's view settles on the database's history (events still on their way).
      await until(
        () => streams.every((st) => JSON.stringify(view(st)) === JSON.stringify(expected)),
        "every stream's history equal to the database's",
        () => ({
          expected: expected.length,
          streams: streams.map((st) => ({
            ...st.state,
            seen: view(st).length,
            missing: expected.filter((key) => !st.state.seen.has(key)),
            extra: view(st).filter((key) => !expected.includes(key)),
          })),
          failed: figures.failed,
        }),
      );

      console.log(
        `[resilience] rolling restart of 2 API processes behind a proxy following /readyz: ` +
          `${figures.sent} requests sent, ${figures.failed.length} failed, ${proxy.stats.retried} refused connections ` +
          `tried on the other process; bids acknowledged ${figures.bidsAcked.length}, stored ${bidsStored} ` +
          `(${stored.length} steps in the item's history); orders acknowledged ${figures.ordersAcked.length}, ` +
          `stored ${ordersStored}; ${streams.length} live streams: ${streams
            .map((st) => `${st.state.reconnectEvents} reconnect events / ${st.state.connections} connections`)
            .join(', ')}, each ending with the database's ${expected.length} steps; ${restarts.join(', ')}; ` +
          `requests served per process: ${proxy.stats.served.join(' / ')}`,
      );
      expect(figures.failed).toEqual([]);
      expect(figures.bidsAcked.length).toBeGreaterThan(0);
      expect(bidsStored).toBe(figures.bidsAcked.length);
      expect(figures.ordersAcked.length).toBeGreaterThan(0);
      expect(ordersStored).toBe(figures.ordersAcked.length);
      for (const st of streams) {
        expect(st.state.failedConnections).toBe(0);
        expect(st.state.reconnectEvents).toBeGreaterThanOrEqual(1);
        expect(view(st)).toEqual(expected);
      }
    } finally {
      for (const st of streams) st.stop();
      await proxy.close();
    }
  }, 300_000);
});
