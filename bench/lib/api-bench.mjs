// Section 1: API throughput and latency (autocannon) on one database, each endpoint against the
// node:http baseline serving the same bytes, runs interleaved (API, baseline, API, baseline, ...).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cannon, fixtureOf } from './load.mjs';
import { createPgDatabase, dropPgDatabase, openDb, startApi, startSmtpSink, stopChild } from './stack.mjs';
import { PORTS, http, loadavg, log, median, round, sleep } from './util.mjs';

/** The password of the seeded demo shopper; bench users share its (real-cost) scrypt hash. */
export const DEMO_PASSWORD = 'Demo@1234';
const CHECKOUT = {
  billname: 'Bench Buyer',
  billaddress: '12, MG Road, Near City Mall, Bengaluru, Karnataka, India, 560010',
  ordernote: 'Benchmark order',
  payinfo: 'cod',
};
/** Varied realistic searches over the seeded catalogue (name/category/description words, filters). */
export const CATALOGUE_SEARCHES = [
  { productname: 'phone' },
  { productname: 'wireless' },
  { productname: 'laptop', category: 'Electronics' },
  { productname: 'cotton' },
  { productname: 'watch', minPrice: 1000, maxPrice: 20000 },
  { productname: '', category: 'Clothing' },
  { productname: 'bag' },
  { productname: 'shirt', category: 'Clothing', maxPrice: 2000 },
  { productname: 'noise cancellation' },
  { productname: 'battery' },
  { productname: 'xyzzy' },
  { productname: '', minPrice: 5000 },
];

/** Plan of the data this run needs: user ranges per role, item counts. */
function makePlan(opts) {
  const ordersWarm = Math.max(opts.connections, 50);
  const perRun = opts.ordersPerRun;
  return {
    secret: randomBytes(6).toString('hex'),
    bidders: opts.bidders,
    bidItems: opts.bidItems,
    // A fresh set of items per run (set 0: capture and warm-up), so every run starts from items
    // without bids: a bid's reply carries the item's bid history, which grows during a run.
    bidItemSets: opts.runs + 1,
    loginUsers: 50,
    // The last-unit race: this many shoppers order the one unit of one product at once.
    raceShoppers: 100,
    ordersWarm,
    ordersPerRun: perRun,
    // g = 1: the capture; then the warm-up; then one range per measured run.
    orderUsers: 1 + ordersWarm + opts.runs * perRun,
    orderRange: (run) =>
      run === 'warmup' ? [2, 1 + ordersWarm] : [2 + ordersWarm + run * perRun, 1 + ordersWarm + (run + 1) * perRun],
  };
}

/** Units in stock of every product during the bench (STOCK_MAX of the contract). */
const BENCH_STOCK = 1_000_000;

const token = (plan, role, g) => `lt_b${plan.secret}.bench.${role}.${g}`;

/**
 * Bench users share the demo shopper's password hash (made by the API's seed with the real
 * scrypt cost); their login tokens are stored the way the API stores them (SHA-256 of the token).
 */
async function prepareData(q, plan) {
  const addUsers = (role, n) =>
    q(
      `INSERT INTO users (firstname, lastname, email, phonenum, createdate, gender, address, password_hash)
       SELECT 'Bench', $2 || g, 'bench.' || $2 || '.' || g || '@bench.local', '9000000000', '1990-01-01', 'male', '[]'::jsonb,
              (SELECT password_hash FROM users WHERE lower(email) = 'demo@example.com')
       FROM generate_series(1, $1::int) g`,
      [n, role],
    );
  await addUsers('b', plan.bidders);
  await addUsers('l', plan.loginUsers);
  await addUsers('o', plan.orderUsers);
  await addUsers('r', plan.raceShoppers);
  await q(
    `INSERT INTO login_tokens (token_hash, userid, expires_at)
     SELECT encode(sha256(convert_to($1 || split_part(email, '@', 1), 'UTF8')), 'hex'), userid, now() + interval '2 days'
     FROM users WHERE email LIKE 'bench.%@bench.local'`,
    [`lt_b${plan.secret}.`],
  );
  // Orders take stock (issue 26): every product gets the most units a product may have, so no
  // checkout is refused for stock (the seed leaves a few low or out). verify() checks the units
  // taken against the units ordered.
  await q(`UPDATE products SET stock = ${BENCH_STOCK}`);
  await q(`SELECT pg_notify('catalogue_changed', '')`);
  // Every order user gets one to three catalogue products in the cart.
  await q(
    `WITH ids AS (SELECT array_agg(productid ORDER BY productid) AS a, count(*)::int AS n FROM products)
     INSERT INTO cart_items (userid, productid)
     SELECT u.userid, ids.a[1 + ((u.userid * 7 + k * 13) % ids.n)]
     FROM users u CROSS JOIN ids CROSS JOIN generate_series(0, 2) k
     WHERE u.email LIKE 'bench.o.%@bench.local' AND k <= u.userid % 3
     ON CONFLICT DO NOTHING`,
  );
  const items = await q(
    `INSERT INTO auctions (userid, nickname, productname, category, description, ageproduct, startbid, bid,
                           rangelowbid, rangehighbid, photo_hashes, end_time)
     SELECT (SELECT userid FROM users WHERE lower(email) = 'asha.verma@example.com'), 'benchseller',
            'Bench Painting ' || g, 'Painting', 'Oil on canvas, for the benchmark.', '1 year', 100, 100, 50, 100000000,
            jsonb_build_array((SELECT photo_hash FROM products ORDER BY productid LIMIT 1)), now() + interval '2 days'
     FROM generate_series(1, $1::int) g
     RETURNING auctionid`,
    [plan.bidItems * plan.bidItemSets],
  );
  const ids = items.map((r) => r.auctionid).sort((a, b) => a - b);
  const itemSets = Array.from({ length: plan.bidItemSets }, (_, k) =>
    ids.slice(k * plan.bidItems, (k + 1) * plan.bidItems),
  );
  // The last-unit race: one product with 1 unit, in the cart of every race shopper.
  const [{ productid: raceProductid }] = await q(
    `INSERT INTO products (productname, title, description, price, rating, photo_hash, photo_hashes, location, userid, stock)
     SELECT 'Bench last lamp', title, 'The one unit a hundred shoppers order at once.', 999, 4, photo_hash, photo_hashes,
            location, userid, 1
     FROM products ORDER BY productid LIMIT 1
     RETURNING productid`,
  );
  await q(
    `INSERT INTO cart_items (userid, productid)
     SELECT userid, $1 FROM users WHERE email LIKE 'bench.r.%@bench.local'`,
    [raceProductid],
  );
  const [{ n: products }] = await q('SELECT count(*)::int AS n FROM products');
  const [{ n: carts }] = await q(`SELECT count(*)::int AS n FROM cart_items`);
  return { auctions: ids, itemSets, products, cartLines: carts, raceProductid };
}

const json = { 'content-type': 'application/json' };

/** Rupees between the maximums of two consecutive bid requests (10 × it between two on one item: above any increment). */
const BID_STEP = 500;
/** The maximum of bid request i: rising, every 4th one below the item's leader (see the bid endpoint). */
const bidMaximum = (i) => 1000 + i * BID_STEP - (i % 4 === 3 ? 14 * BID_STEP : 0);

/** Runs warm-up and interleaved measured runs of one endpoint; returns the medians and ratio. */
export async function measure(ep, { apiUrl, baseline, opts }) {
  const fixtures = await ep.capture();
  await baseline.set(fixtures);
  const common = { connections: ep.connections, timeoutSeconds: ep.timeoutSeconds ?? 10 };
  const shape = (target, run) => {
    const r = ep.load(target, run);
    const reconnect = r.reconnectRate ? { reconnectRate: r.reconnectRate } : {};
    return r.amount
      ? { requests: r.requests, amount: r.amount, ...reconnect }
      : { requests: r.requests, duration: run === 'warmup' ? opts.warmup : opts.duration, ...reconnect };
  };
  await cannon({ url: apiUrl, ...common, ...shape('api', 'warmup') });
  await sleep(ep.cooldownMs ?? 300);
  await cannon({ url: baseline.url, ...common, ...shape('baseline', 'warmup') });
  const api = [];
  const base = [];
  for (let run = 0; run < opts.runs; run++) {
    const load = loadavg();
    const a = await cannon({ url: apiUrl, ...common, ...shape('api', run) });
    api.push({ run, loadavg: load, ...a, ...(ep.afterRun ? ep.afterRun(run, a) : {}) });
    await sleep(ep.cooldownMs ?? 300);
    base.push({
      run,
      loadavg: loadavg(),
      ...(await cannon({ url: baseline.url, ...common, ...shape('baseline', run) })),
    });
    await sleep(300);
  }
  const rate = (runs, key) => median(runs.map((r) => r[key]));
  const apiRate = rate(api, ep.rateKey ?? 'okPerSec');
  const baseRate = rate(base, 'okPerSec');
  return {
    label: ep.label,
    available: true,
    connections: ep.connections,
    mode: ep.amountLabel ?? `${opts.duration} s per run`,
    api: {
      reqPerSec: apiRate,
      p50: rate(api, 'p50'),
      p99: rate(api, 'p99'),
      errors: api.reduce((s, r) => s + r.errors + r.timeouts, 0),
      non2xx: api.reduce((s, r) => s + r.non2xx, 0),
      responseBytes: fixtures[0] ? Buffer.from(fixtures[0].bodyBase64, 'base64').length : null,
      meanResponseBytes: rate(api, 'meanResponseBytes'),
    },
    baseline: {
      reqPerSec: baseRate,
      p50: rate(base, 'p50'),
      p99: rate(base, 'p99'),
      errors: base.reduce((s, r) => s + r.errors + r.timeouts, 0),
      non2xx: base.reduce((s, r) => s + r.non2xx, 0),
      meanResponseBytes: rate(base, 'meanResponseBytes'),
    },
    ratio: apiRate && baseRate ? round(apiRate / baseRate, 4) : null,
    runs: { api, baseline: base },
  };
}

async function routeExists(apiUrl, method, path) {
  const res = await http(method, apiUrl + path, { body: {} });
  return !(res.status === 404 && String(res.json?.msg ?? '').startsWith('No such API route'));
}

/** The endpoints of section 1. */
function endpoints({ apiUrl, plan, data, opts, state }) {
  const list = [];

  list.push({
    name: 'products',
    label: 'GET /products',
    connections: opts.connections,
    async capture() {
      const res = await http('GET', `${apiUrl}/products`);
      if (res.status !== 200) throw new Error(`GET /products answered ${res.status}`);
      state.productIds = res.json.data.map((p) => p.productid);
      return [fixtureOf('GET', '/products', undefined, res)];
    },
    load: () => ({ requests: [{ method: 'GET', path: '/products' }] }),
  });

  list.push({
    name: 'product',
    label: 'GET /product/{id}',
    connections: opts.connections,
    async capture() {
      const out = [];
      for (const id of state.productIds) {
        const res = await http('GET', `${apiUrl}/product/${id}`);
        if (res.status !== 200) throw new Error(`GET /product/${id} answered ${res.status}`);
        out.push(fixtureOf('GET', `/product/${id}`, undefined, res));
      }
      return out;
    },
    load: () => ({ requests: state.productIds.map((id) => ({ method: 'GET', path: `/product/${id}` })) }),
  });

  list.push({
    name: 'search',
    label: 'POST /products (search)',
    connections: opts.connections,
    async capture() {
      const out = [];
      for (const body of CATALOGUE_SEARCHES) {
        const text = JSON.stringify(body);
        const res = await http('POST', `${apiUrl}/products`, { body: text });
        if (res.status !== 200) throw new Error(`POST /products ${text} answered ${res.status}: ${res.json?.msg}`);
        out.push(fixtureOf('POST', '/products', text, res));
      }
      return out;
    },
    load: () => ({
      requests: CATALOGUE_SEARCHES.map((b) => ({
        method: 'POST',
        path: '/products',
        headers: json,
        body: JSON.stringify(b),
      })),
    }),
  });

  // Bids: `bidders` distinct signed-in bidders over `bidItems` open items, every bid a maximum
  // (PUT /updatebiduser with `maxbid`, proxy bidding). Request i is bidder 1 + i mod bidders on
  // item i mod bidItems with the maximum bidMaximum(i): rising by BID_STEP a request, so each one
  // tops the item's leader by more than an increment; every 4th is a lower maximum that falls
  // between the price and the leader's maximum, recorded and answered by the server for the leader
  // (two history steps). A bid is refused only when others overtook it in flight (400).
  state.bidCounter = 0;
  state.bidRuns = {};
  const bidRequests = (items, record) => [
    {
      method: 'PUT',
      path: '/updatebiduser',
      setupRequest(req, ctx) {
        const i = state.bidCounter++;
        const auctionid = items[i % items.length];
        const bidder = 1 + (i % plan.bidders);
        const max = bidMaximum(i);
        ctx.sent = [auctionid, max, bidder];
        return {
          ...req,
          headers: { ...json, authtoken: token(plan, 'b', bidder) },
          body: JSON.stringify({ auctionid, maxbid: max }),
        };
      },
      onResponse(status, body, ctx) {
        record?.(status, ctx.sent, body);
      },
    },
  ];
  list.push({
    name: 'bid',
    label: 'PUT /updatebiduser (bid)',
    connections: opts.bidders,
    rateKey: 'acceptedPerSec',
    route: ['PUT', '/updatebiduser'],
    async capture() {
      const i = state.bidCounter++;
      const body = { auctionid: data.itemSets[0][0], maxbid: bidMaximum(i) };
      const res = await http('PUT', `${apiUrl}/updatebiduser`, { body, headers: { authtoken: token(plan, 'b', 1) } });
      if (res.status !== 200) throw new Error(`a bid answered ${res.status}: ${res.json?.msg}`);
      state.bidRuns.capture = { accepted: [[body.auctionid, body.maxbid, 1, res.json.data.bid].join(':')] };
      return [fixtureOf('PUT', '/updatebiduser', undefined, res)];
    },
    load(target, run) {
      const items = data.itemSets[run === 'warmup' ? 0 : run + 1];
      if (target === 'baseline') return { requests: bidRequests(items, null) };
      const rec = { accepted: [], outbid: 0, other: {} };
      state.bidRuns[run] = rec;
      return {
        requests: bidRequests(items, (status, sent, body) => {
          // The price after the bid: the row of a bid that leads (or of a leader raising their maximum).
          const price = status === 200 ? JSON.parse(String(body)).data.bid : 0;
          if (status === 200) rec.accepted.push([...sent, price].join(':'));
          else if (status === 400) rec.outbid++;
          else rec.other[status] = (rec.other[status] ?? 0) + 1;
        }),
      };
    },
    afterRun(run, r) {
      const rec = state.bidRuns[run];
      return {
        accepted: rec.accepted.length,
        acceptedPerSec: round(rec.accepted.length / r.seconds, 1),
        outbid: rec.outbid,
        refusedOther: rec.other,
      };
    },
  });

  // Orders: each checkout is a different user with a pre-filled cart (1-3 lines) and a fresh
  // Idempotency-Key; every 10th checkout is sent twice at once (a double click: same user, same
  // key), which must give one order. A run is a fixed number of checkouts (ordersPerRun).
  state.orderRuns = {};
  const orderRequests = (seq, record) => {
    let cursor = 0;
    return [
      {
        method: 'POST',
        path: '/orderauth',
        setupRequest(req, ctx) {
          // The API run sends each checkout once (amount = seq.length); the baseline cycles.
          const item = seq[cursor++ % seq.length];
          ctx.item = item;
          return {
            ...req,
            headers: { ...json, authtoken: item.token, 'idempotency-key': item.key },
            body: JSON.stringify(CHECKOUT),
          };
        },
        onResponse(status, _body, ctx, headers) {
          record?.(status, ctx.item, headers);
        },
      },
    ];
  };
  const orderSeq = (run) => {
    const [from, to] = plan.orderRange(run);
    const seq = [];
    for (let g = from; g <= to; g++) {
      const item = { g, token: token(plan, 'o', g), key: `bench-${plan.secret}-${g}` };
      seq.push(item);
      if (g % 10 === 0) seq.push(item);
    }
    return seq;
  };
  list.push({
    name: 'order',
    label: 'POST /orderauth (order)',
    connections: opts.connections,
    rateKey: 'ordersPerSec',
    amountLabel: `${plan.ordersPerRun} checkouts (+10% double submits) per run`,
    timeoutSeconds: 30,
    route: ['POST', '/orderauth'],
    async capture() {
      const res = await http('POST', `${apiUrl}/orderauth`, {
        body: CHECKOUT,
        headers: { authtoken: token(plan, 'o', 1), 'idempotency-key': `bench-${plan.secret}-1` },
      });
      if (res.status !== 200) throw new Error(`an order answered ${res.status}: ${res.json?.msg}`);
      return [fixtureOf('POST', '/orderauth', undefined, res)];
    },
    load(target, run) {
      const seq = orderSeq(run);
      if (target === 'baseline') return { requests: orderRequests(seq, null) };
      const rec = {
        range: plan.orderRange(run),
        checkouts: plan.orderRange(run)[1] - plan.orderRange(run)[0] + 1,
        sent: seq.length,
        fresh: new Set(),
        replayed: 0,
        other: {},
      };
      state.orderRuns[run] = rec;
      return {
        amount: seq.length,
        requests: orderRequests(seq, (status, item, headers) => {
          const replayed = Object.entries(headers || {}).some(
            ([k, v]) => k.toLowerCase() === 'idempotent-replayed' && String(v) === 'true',
          );
          if (status === 200 && replayed) rec.replayed++;
          else if (status === 200) rec.fresh.add(item.g);
          else rec.other[status] = (rec.other[status] ?? 0) + 1;
        }),
      };
    },
    afterRun(run, r) {
      const rec = state.orderRuns[run];
      return {
        checkouts: rec.checkouts,
        sent: rec.sent,
        placed: rec.fresh.size,
        ordersPerSec: round(rec.fresh.size / r.seconds, 1),
        replayed: rec.replayed,
        refused: rec.other,
      };
    },
  });

  // Login: the real scrypt cost (N=2^17, r=8); rate limits raised for the run (RATE_LOGIN_*).
  list.push({
    name: 'login',
    label: 'POST /logincus (login)',
    amountLabel: `${opts.loginsPerRun} logins per run`,
    connections: opts.loginConnections,
    timeoutSeconds: 60,
    async capture() {
      const anon = await http('GET', `${apiUrl}/getanytoken`);
      state.anon = anon.json.data;
      const body = JSON.stringify({ email: 'bench.l.1@bench.local', password: DEMO_PASSWORD, authtoken: state.anon });
      const res = await http('POST', `${apiUrl}/logincus`, { body });
      if (res.status !== 200) throw new Error(`a login answered ${res.status}: ${res.json?.msg}`);
      return [fixtureOf('POST', '/logincus', undefined, res)];
    },
    // A fixed number of logins per run (hashing is slow: a duration would cut requests off mid-hash).
    load: (target, run) => ({
      amount: target === 'baseline' ? undefined : run === 'warmup' ? opts.loginConnections : opts.loginsPerRun,
      requests: Array.from({ length: plan.loginUsers }, (_, k) => ({
        method: 'POST',
        path: '/logincus',
        headers: json,
        body: JSON.stringify({ email: `bench.l.${k + 1}@bench.local`, password: DEMO_PASSWORD, authtoken: state.anon }),
      })),
    }),
  });

  return list;
}

/** After the API stopped: every acknowledged bid and order checked in the database. */
async function verify(q, plan, data, state) {
  const out = { bids: {}, orders: {} };
  // An acknowledged bid is stored when its bidder has a history row on the item at its maximum
  // (recorded below the leader's) or at the price its reply showed (the row of the leading step).
  for (const [run, rec] of Object.entries(state.bidRuns ?? {})) {
    if (!rec.accepted) continue;
    const rows = rec.accepted.map((s) => s.split(':').map(Number));
    const col = (k) => rows.map((r) => r[k]);
    const [{ lost }] = await q(
      `SELECT count(*)::int AS lost FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS a(auctionid, max, bidder, price)
       JOIN users u ON u.email = 'bench.b.' || a.bidder || '@bench.local'
       WHERE NOT EXISTS (SELECT 1 FROM bids b WHERE b.auctionid = a.auctionid AND b.userid = u.userid AND b.bid IN (a.max, a.price))`,
      [col(0), col(1), col(2), col(3)],
    );
    const [{ stored, auto }] = await q(
      `SELECT count(*) FILTER (WHERE NOT auto)::int AS stored, count(*) FILTER (WHERE auto)::int AS auto
       FROM bids WHERE auctionid = ANY($1::int[])`,
      [[...new Set(col(0))]],
    );
    out.bids[run] = {
      acknowledged: rows.length,
      lost,
      stored,
      autoSteps: auto,
      unacknowledgedStored: Math.max(0, stored - rows.length + lost),
    };
  }
  const [{ bad }] = await q(
    `SELECT count(*)::int AS bad FROM auctions a
     WHERE a.auctionid = ANY($1::int[]) AND a.bid <> COALESCE((SELECT max(b.bid) FROM bids b WHERE b.auctionid = a.auctionid), a.startbid)`,
    [data.auctions],
  );
  out.bidItemsInconsistent = bad;
  // Overselling: a product below 0 units (the CHECK stock >= 0 makes it impossible: counted to
  // show it), and products whose units taken differ from the units of the orders stored.
  const [stock] = await q(
    `SELECT count(*) FILTER (WHERE p.stock < 0)::int AS oversold,
            count(*) FILTER (WHERE ${BENCH_STOCK} - p.stock <> COALESCE(t.units, 0))::int AS mismatched,
            COALESCE(sum(t.units), 0)::int AS units
     FROM products p LEFT JOIN (
       SELECT l.productid, sum(l.quantity) AS units FROM order_lines l JOIN orders o ON o.orderid = l.orderid
       WHERE o.cancelled_at IS NULL GROUP BY l.productid) t ON t.productid = p.productid
     WHERE p.productid <> $1`,
    [data.raceProductid],
  );
  out.stock = stock;
  // The race's product (not in the check above: it started with 1 unit): sold once, in one line.
  const [race] = await q(
    `SELECT stock, (SELECT count(*)::int FROM order_lines WHERE productid = $1) AS lines FROM products WHERE productid = $1`,
    [data.raceProductid],
  );
  out.lastUnitRace = race;
  for (const [run, rec] of Object.entries(state.orderRuns ?? {})) {
    const [from, to] = rec.range;
    const rows = await q(
      `SELECT split_part(split_part(u.email, '@', 1), '.', 3)::int AS g,
              (SELECT count(*)::int FROM orders o WHERE o.userid = u.userid) AS orders,
              (SELECT count(*)::int FROM cart_items c WHERE c.userid = u.userid) AS cart
       FROM users u WHERE u.email LIKE 'bench.o.%@bench.local'
         AND split_part(split_part(u.email, '@', 1), '.', 3)::int BETWEEN $1 AND $2`,
      [from, to],
    );
    let orders = 0;
    let duplicates = 0;
    let lost = 0;
    let cartsLeftFull = 0;
    for (const r of rows) {
      orders += r.orders;
      duplicates += Math.max(0, r.orders - 1);
      if (rec.fresh.has(r.g) && r.orders === 0) lost++;
      if (r.orders > 0 && r.cart > 0) cartsLeftFull++;
    }
    out.orders[run] = {
      checkouts: rec.checkouts,
      placedAcknowledged: rec.fresh.size,
      ordersInDb: orders,
      duplicates,
      lost,
      cartsNotEmptied: cartsLeftFull,
    };
  }
  return out;
}

/**
 * Section 1 on one database. kind: 'pglite' | 'postgres'. `baseline` is the running baseline
 * server. Stops the API and drops the database (or folder) whatever happens.
 */
export async function benchApi({ kind, opts, baseline, workRoot }) {
  const workDir = mkdtempSync(join(workRoot, `api-${kind}-`));
  const port = kind === 'pglite' ? PORTS.apiPglite : PORTS.apiPostgres;
  const apiUrl = `http://127.0.0.1:${port}`;
  const dbName = kind === 'postgres' ? `bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}` : null;
  const databaseUrl = dbName ? await createPgDatabase(dbName) : undefined;
  const dataDir = dbName ? undefined : join(workDir, 'pglite');
  const logFile = join(workDir, 'api.log');
  const plan = makePlan(opts);
  const apiEnv = {
    LOG_LEVEL: opts.apiLogLevel,
    RATE_LOGIN_PER_IP: '100000000',
    RATE_LOGIN_PER_EMAIL: '100000000',
    RATE_SIGNUP_PER_IP: '100000000',
    RATE_SIGNUP_PER_EMAIL: '100000000',
  };
  const result = {
    kind,
    database: dbName ? `PostgreSQL database ${dbName} (dropped after the run)` : 'PGlite in a fresh folder',
    logLevel: opts.apiLogLevel ?? 'info (default)',
    endpoints: {},
  };
  let api = null;
  let smtp = null;
  try {
    // PostgreSQL is the production configuration: mail goes to an SMTP server (a sink process
    // here). PGlite is the quick start's: mail is written as files into the outbox folder.
    if (kind === 'postgres') {
      smtp = await startSmtpSink(PORTS.smtpSink, join(workDir, 'smtp-sink.log'));
      apiEnv.SMTP_URL = smtp.url;
    }
    result.mail = smtp ? 'SMTP to a sink process (the API keeps a pool of connections)' : 'files in the outbox folder';
    log(`[api ${kind}] first start (migrations, seed)`);
    api = await startApi({ port, databaseUrl, dataDir, workDir, logFile, env: apiEnv });
    await stopChild(api);
    api = null;
    log(
      `[api ${kind}] preparing bench data (${plan.bidders} bidders, ${plan.bidItems} auction items, ${plan.orderUsers} carts)`,
    );
    let db = await openDb({ databaseUrl, dataDir });
    let data;
    try {
      data = await prepareData(db.q, plan);
    } finally {
      await db.close();
    }
    result.data = {
      products: data.products,
      auctionItems: plan.bidItems,
      auctionItemsCreated: data.auctions.length,
      bidders: plan.bidders,
      cartLines: data.cartLines,
      orderUsers: plan.orderUsers,
      loginUsers: plan.loginUsers,
    };
    api = await startApi({ port, databaseUrl, dataDir, workDir, logFile, env: apiEnv });
    const state = {};
    for (const ep of endpoints({ apiUrl, plan, data, opts, state })) {
      if (opts.endpoints && !opts.endpoints.includes(ep.name)) continue;
      if (ep.route && !(await routeExists(apiUrl, ...ep.route))) {
        log(`[api ${kind}] ${ep.label}: not available (the route does not exist yet)`);
        result.endpoints[ep.name] = {
          label: ep.label,
          available: false,
          note: 'not available: the route does not exist yet',
        };
        continue;
      }
      log(
        `[api ${kind}] ${ep.label}: ${opts.runs} runs × ${ep.amountLabel ?? `${opts.duration} s`}, ${ep.connections} connections, against the API and the baseline (${opts.duration} s)`,
      );
      try {
        result.endpoints[ep.name] = await measure(ep, { apiUrl, baseline, opts });
        const e = result.endpoints[ep.name];
        log(
          `[api ${kind}] ${ep.label}: ${e.api.reqPerSec}/s (p50 ${e.api.p50} ms, p99 ${e.api.p99} ms) vs baseline ${e.baseline.reqPerSec}/s → ratio ${e.ratio}`,
        );
      } catch (error) {
        log(`[api ${kind}] ${ep.label}: FAILED ${error.message}`);
        result.endpoints[ep.name] = { label: ep.label, available: true, failed: error.message };
      }
    }
    if (!opts.endpoints || opts.endpoints.includes('order')) {
      result.lastUnitRace = await lastUnitRace(apiUrl, plan);
      const r = result.lastUnitRace;
      log(
        `[api ${kind}] last-unit race: ${plan.raceShoppers} concurrent orders of 1 unit: ${r.placed} placed, ${r.refused} refused (409), all answered in ${r.ms} ms`,
      );
    }
    // A stopping API sends the mails it still holds first.
    await stopChild(api);
    api = null;
    db = await openDb({ databaseUrl, dataDir });
    try {
      result.verification = await verify(db.q, plan, data, state);
      if (smtp) {
        const [{ n: orders }] = await db.q('SELECT count(*)::int AS n FROM orders');
        result.verification.mail = { orders, ...(await smtp.counts()) };
      }
    } finally {
      await db.close();
    }
    summarizeChecks(result);
  } finally {
    if (api) await stopChild(api);
    if (smtp) await stopChild(smtp.child);
    if (dbName) await dropPgDatabase(dbName).catch((e) => log(`could not drop ${dbName}: ${e.message}`));
    if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
  }
  return result;
}

/**
 * The last-unit race (issue 26): every race shopper orders the product that has one unit left,
 * all at once; how many were placed and refused, and the time until the last answer.
 */
async function lastUnitRace(apiUrl, plan) {
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: plan.raceShoppers }, (_, k) =>
      http('POST', `${apiUrl}/orderauth`, {
        body: CHECKOUT,
        headers: { authtoken: token(plan, 'r', k + 1), 'idempotency-key': `race-${plan.secret}-${k + 1}` },
      }).then(
        (res) => res.status,
        () => 0,
      ),
    ),
  );
  const ms = round(performance.now() - started, 0);
  const count = (ok) => statuses.filter(ok).length;
  return {
    shoppers: plan.raceShoppers,
    placed: count((st) => st === 200),
    refused: count((st) => st === 409),
    other: count((st) => st !== 200 && st !== 409),
    ms,
  };
}

/** Adds lost/duplicate totals of the measured runs to the bid and order endpoints. */
function summarizeChecks(result) {
  const v = result.verification;
  const measured = (obj) =>
    Object.entries(obj)
      .filter(([run]) => /^\d+$/.test(run))
      .map(([, x]) => x);
  const bid = result.endpoints.bid;
  if (bid?.runs) {
    const runs = measured(v.bids);
    bid.checks = {
      accepted: bid.runs.api.reduce((s, r) => s + r.accepted, 0),
      outbid: bid.runs.api.reduce((s, r) => s + r.outbid, 0),
      lost: Object.values(v.bids).reduce((s, r) => s + r.lost, 0),
      itemsInconsistent: v.bidItemsInconsistent,
      unacknowledgedStored: runs.reduce((s, r) => s + r.unacknowledgedStored, 0),
      autoSteps: runs.reduce((s, r) => s + r.autoSteps, 0),
    };
    bid.api.outbidPerSec = median(bid.runs.api.map((r) => r.outbid / r.seconds));
  }
  const order = result.endpoints.order;
  if (order?.runs) {
    const runs = measured(v.orders);
    order.checks = {
      checkouts: runs.reduce((s, r) => s + r.checkouts, 0),
      placed: runs.reduce((s, r) => s + r.placedAcknowledged, 0),
      replayed: order.runs.api.reduce((s, r) => s + r.replayed, 0),
      duplicates: Object.values(v.orders).reduce((s, r) => s + r.duplicates, 0),
      lost: Object.values(v.orders).reduce((s, r) => s + r.lost, 0),
      cartsNotEmptied: Object.values(v.orders).reduce((s, r) => s + r.cartsNotEmptied, 0),
      // Units taken from stock (whole part): none oversold, the stock matching the orders stored.
      ...(v.stock
        ? { oversold: v.stock.oversold, stockMismatched: v.stock.mismatched, unitsTaken: v.stock.units }
        : {}),
      refused: order.runs.api.reduce((acc, r) => {
        for (const [k, n] of Object.entries(r.refused)) acc[k] = (acc[k] ?? 0) + n;
        return acc;
      }, {}),
      ...(result.lastUnitRace && v.lastUnitRace
        ? {
            lastUnitRace: { ...result.lastUnitRace, stockAfter: v.lastUnitRace.stock, linesSold: v.lastUnitRace.lines },
          }
        : {}),
      // Mail of the whole part (warm-up and capture orders too) against every order stored.
      ...(v.mail ? { mail: v.mail } : {}),
    };
  }
}
