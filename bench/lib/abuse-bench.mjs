// Section 5: the API under abuse (issue 16), on one database, rate limits at their defaults.
// 1. login latency alone and while 16 clients flood PUT /updatecus (and the API's memory);
// 2. live auction streams one client can hold, another client, the process cap;
// 3. rows in the rate-limit counter table after floods of logins, sign-ups and contact messages.
// Distinct clients are distinct loopback source addresses (127.x.y.z): the API sees each as its
// own peer, as it would see real clients, with its production configuration (no TRUST_PROXY).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { DEMO_PASSWORD } from './api-bench.mjs';
import { createPgDatabase, dropPgDatabase, openDb, startApi, stopChild } from './stack.mjs';
import { PORTS, loadavg, log, median, percentile, round } from './util.mjs';

/** Client addresses: the flood, the shopper signing in (one per run), the stream clients, the counter floods. */
const FLOODER = '127.0.0.1';
const shopper = (run) => `127.0.1.${run === 'warmup' ? 1 : run + 2}`;
const streamClient = (n) => `127.0.2.${n}`;
const LOGIN_USERS = 50;
const user = (k) => `bench.a.${1 + (k % LOGIN_USERS)}@bench.local`;

/**
 * One request from the client address `from`; `keepOpen` leaves a 200 reply (a stream) open.
 * @param {string} url
 * @param {{ method?: string, body?: unknown, from?: string, agent?: http.Agent, keepOpen?: boolean }} request
 */
function send(url, { method = 'GET', body, from = FLOODER, agent, keepOpen = false }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const data = body === undefined ? undefined : JSON.stringify(body);
    const headers = data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {};
    const req = http.request(url, { method, headers, localAddress: from, agent: agent ?? false }, (res) => {
      if (keepOpen && res.statusCode === 200) {
        res.resume();
        return resolve({ status: 200, close: () => req.destroy() });
      }
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        let json;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode, ms: performance.now() - started, json, close: () => undefined });
      });
    });
    req.setTimeout(60000, () => req.destroy(new Error('no answer in 60 s')));
    req.on('error', reject);
    req.end(data);
  });
}

const count = (status, key) => (status[key] = (status[key] ?? 0) + 1);

/**
 * `clients` loops from one address, each on its own keep-alive connection, sending `make(i)` one
 * after another: `total` requests in all, or until stop(). `ramped` resolves once every loop
 * has had an answer.
 */
function flood(apiUrl, { clients, from, make, total = Infinity }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const status = {};
  let sent = 0;
  let stopped = false;
  let answeredLoops = 0;
  let ramped;
  const rampedPromise = new Promise((resolve) => (ramped = resolve));
  const started = performance.now();
  const loop = async () => {
    let first = true;
    while (!stopped && sent < total) {
      const { path, ...request } = make(sent++);
      try {
        count(status, (await send(apiUrl + path, { ...request, from, agent })).status);
      } catch {
        count(status, 'error');
      }
      if (first && ++answeredLoops === clients) ramped();
      first = false;
    }
  };
  const done = Promise.all(Array.from({ length: clients }, loop)).then(() => {
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    const requests = Object.values(status).reduce((s, n) => s + n, 0);
    return {
      requests,
      seconds: round(seconds, 2),
      perSec: round(requests / seconds, 0),
      status,
      ok2xx: Object.entries(status)
        .filter(([k]) => /^2/.test(k))
        .reduce((s, [, n]) => s + n, 0),
    };
  });
  return {
    ramped: rampedPromise,
    done,
    stop: () => {
      stopped = true;
      return done;
    },
  };
}

/** Resident memory of a process (VmRSS), MB. */
const rssMB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** The invalid token and new password of the attack of issue 16 (16 loops of PUT /updatecus). */
const updatecusFlood = (i) => ({
  method: 'PUT',
  path: '/updatecus',
  body: { authtoken: `not-a-token-${i}`, password: 'Flood@12345' },
});

/** Part 1, one run: `n` sequential logins alone, then `n` while the flood runs. */
async function loginRun(apiUrl, pid, run, opts) {
  const from = shopper(run);
  const load = loadavg();
  const anon = (await send(`${apiUrl}/getanytoken`, { from })).json.data;
  const refused = {};
  let k = 0;
  const logins = async (n) => {
    const ms = [];
    for (let i = 0; i < n; i++) {
      const r = await send(`${apiUrl}/logincus`, {
        method: 'POST',
        from,
        body: { email: user(k++), password: DEMO_PASSWORD, authtoken: anon },
      });
      if (r.status === 200) ms.push(r.ms);
      else count(refused, r.status);
    }
    return ms;
  };
  const n = run === 'warmup' ? 2 : opts.abuseLogins;
  const alone = await logins(n);
  const rssBefore = rssMB(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMB(pid))), 100);
  const f = flood(apiUrl, { clients: opts.floodClients, from: FLOODER, make: updatecusFlood });
  await f.ramped;
  const underFlood = await logins(n);
  const floodResult = await f.stop();
  clearInterval(sampler);
  const rssAfter = rssMB(pid);
  const stats = (ms) => ({ logins: ms.length, p50: round(percentile(ms, 50), 0), p99: round(percentile(ms, 99), 0) });
  return {
    run,
    loadavg: load,
    alone: stats(alone),
    flood: stats(underFlood),
    refused,
    updatecus: floodResult,
    rssBeforeMB: round(rssBefore, 0),
    rssPeakMB: round(Math.max(rssPeak, rssAfter), 0),
    rssAfterMB: round(rssAfter, 0),
  };
}

/** Opens `n` streams at once from one address; returns the open ones and the statuses. */
async function openStreams(url, from, n) {
  const replies = await Promise.all(
    Array.from({ length: n }, () =>
      send(url, { from, keepOpen: true }).catch(() => ({ status: 'error', close: () => undefined })),
    ),
  );
  const status = {};
  for (const r of replies) count(status, r.status);
  return { open: replies.filter((r) => r.status === 200), status };
}

/**
 * Part 2: one client opens `streamAttempts` streams at once, first as the process's first streams
 * (cold: it is not listening for events yet), then from a second address (warm); a third client
 * asks for one; then 20 more from each further address until the process refuses.
 */
async function streams(apiUrl, auctionid, opts) {
  const url = `${apiUrl}/auctionevents/${auctionid}`;
  const held = [];
  const take = async (from, n) => {
    const r = await openStreams(url, from, n);
    held.push(...r.open);
    return { held: r.open.length, status: r.status };
  };
  try {
    const cold = await take(streamClient(1), opts.streamAttempts);
    const hostile = await take(streamClient(2), opts.streamAttempts);
    const other = await take(streamClient(3), 1);
    const fill = { addresses: 0, status: {} };
    for (let a = 4; a < 250 && !fill.status[503] && !fill.status.error; a++) {
      const more = await take(streamClient(a), opts.streamsPerClient);
      fill.addresses++;
      for (const [s, n] of Object.entries(more.status)) fill.status[s] = (fill.status[s] ?? 0) + n;
    }
    return { attempts: opts.streamAttempts, cold, hostile, other, processHeld: held.length, fill };
  } finally {
    for (const s of held) s.close();
  }
}

/** Part 3: the floods on the counter table (each from its own address, `attempts` requests, 16 at a time). */
const COUNTER_FLOODS = [
  {
    name: 'loginOne',
    label: 'failed logins, one email',
    action: 'login',
    email: 'flood.target@example.com',
    make: (i, anon) => ({
      method: 'POST',
      path: '/logincus',
      body: { email: 'flood.target@example.com', password: 'Wrong@1234', authtoken: anon },
    }),
  },
  {
    name: 'loginMany',
    label: 'failed logins, a new email each',
    action: 'login',
    email: 'flood.probe.%@example.com',
    make: (i, anon) => ({
      method: 'POST',
      path: '/logincus',
      body: { email: `flood.probe.${i}@example.com`, password: 'Wrong@1234', authtoken: anon },
    }),
  },
  {
    name: 'signup',
    label: 'sign-ups, a new email each',
    action: 'signup',
    email: 'flood.signup.%@example.com',
    stored: `SELECT count(*)::int AS n FROM users WHERE email LIKE 'flood.signup.%@example.com'`,
    make: (i) => ({
      method: 'POST',
      path: '/signupcus',
      body: {
        firstname: 'Flood',
        lastname: 'Bench',
        createdate: '1990-01-01',
        gender: 'male',
        email: `flood.signup.${i}@example.com`,
        password: 'Flood@12345',
        phonenum: '9000000000',
      },
    }),
  },
  {
    name: 'contact',
    label: 'contact messages, one sender',
    action: 'contact',
    email: 'flood.contact@example.com',
    stored: `SELECT count(*)::int AS n FROM contact_messages WHERE email = 'flood.contact@example.com'`,
    make: (i) => ({
      method: 'POST',
      path: '/contact',
      body: { email: 'flood.contact@example.com', name: 'Flood', subject: `Question ${i}`, msg: 'Flood' },
    }),
  },
].map((f, k) => ({ ...f, from: `127.0.3.${k + 1}` }));

/** The rows of one flood in rate_limits, by key kind (ip, email-ip, email), with their hits. */
async function counterRows(q, f) {
  const rows = await q(
    `SELECT split_part(key, ':', 2) AS kind, count(*)::int AS rows, sum(hits)::int AS hits FROM rate_limits
     WHERE key = $1 OR key LIKE $2 OR key LIKE $3 GROUP BY 1 ORDER BY 1`,
    [`${f.action}:ip:${f.from}`, `${f.action}:email-ip:%|${f.from}`, `${f.action}:email:${f.email}`],
  );
  return {
    rows: rows.reduce((s, r) => s + r.rows, 0),
    byKind: Object.fromEntries(rows.map((r) => [r.kind, { rows: r.rows, hits: r.hits }])),
  };
}

/** Bench users (the demo shopper's real-cost password hash) and one open auction item. */
async function prepareData(q) {
  await q(
    `INSERT INTO users (firstname, lastname, email, phonenum, createdate, gender, address, password_hash)
     SELECT 'Bench', 'a' || g, 'bench.a.' || g || '@bench.local', '9000000000', '1990-01-01', 'male', '[]'::jsonb,
            (SELECT password_hash FROM users WHERE lower(email) = 'demo@example.com')
     FROM generate_series(1, $1::int) g`,
    [LOGIN_USERS],
  );
  const [{ auctionid }] = await q(
    `INSERT INTO auctions (userid, nickname, productname, category, description, ageproduct, startbid, bid,
                           rangelowbid, rangehighbid, photo_hashes, end_time)
     SELECT (SELECT userid FROM users WHERE lower(email) = 'asha.verma@example.com'), 'benchseller',
            'Bench Painting', 'Painting', 'Oil on canvas, for the benchmark.', '1 year', 100, 100, 50, 100000000,
            jsonb_build_array((SELECT photo_hash FROM products ORDER BY productid LIMIT 1)), now() + interval '2 days'
     RETURNING auctionid`,
  );
  return { auctionid };
}

/** Section 5 on one database. Stops the API and drops the database (or folder) whatever happens. */
export async function benchAbuse({ kind, opts, workRoot }) {
  const workDir = mkdtempSync(join(workRoot, `abuse-${kind}-`));
  const port = PORTS.apiAbuse;
  const apiUrl = `http://127.0.0.1:${port}`;
  const dbName = kind === 'postgres' ? `bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}` : null;
  const databaseUrl = dbName ? await createPgDatabase(dbName) : undefined;
  const dataDir = dbName ? undefined : join(workDir, 'pglite');
  const logFile = join(workDir, 'api.log');
  // Rate limits and every other limit at their defaults.
  const env = { LOG_LEVEL: opts.apiLogLevel };
  const result = {
    kind,
    database: dbName ? `PostgreSQL database ${dbName} (dropped after the run)` : 'PGlite in a fresh folder',
    logLevel: opts.apiLogLevel ?? 'info (default)',
  };
  let api = null;
  try {
    log(`[abuse ${kind}] first start (migrations, seed)`);
    api = await startApi({ port, databaseUrl, dataDir, workDir, logFile, env });
    await stopChild(api);
    let db = await openDb({ databaseUrl, dataDir });
    let data;
    try {
      data = await prepareData(db.q);
    } finally {
      await db.close();
    }
    api = await startApi({ port, databaseUrl, dataDir, workDir, logFile, env });

    log(
      `[abuse ${kind}] login alone and while ${opts.floodClients} clients flood PUT /updatecus: ${opts.runs} runs × ${opts.abuseLogins} + ${opts.abuseLogins} logins`,
    );
    await loginRun(apiUrl, api.pid, 'warmup', opts);
    const runs = [];
    for (let run = 0; run < opts.runs; run++) runs.push(await loginRun(apiUrl, api.pid, run, opts));
    const m = (get) => median(runs.map(get));
    const status = {};
    for (const r of runs) for (const [s, n] of Object.entries(r.updatecus.status)) status[s] = (status[s] ?? 0) + n;
    result.login = {
      alone: { p50: m((r) => r.alone.p50), p99: m((r) => r.alone.p99) },
      flood: { p50: m((r) => r.flood.p50), p99: m((r) => r.flood.p99) },
      ratioP50: round(
        m((r) => r.flood.p50 / r.alone.p50),
        2,
      ),
      ratioP99: round(
        m((r) => r.flood.p99 / r.alone.p99),
        2,
      ),
      loginsRefused: runs.reduce((s, r) => s + Object.values(r.refused).reduce((a, b) => a + b, 0), 0),
      updatecus: {
        perSec: m((r) => r.updatecus.perSec),
        requests: runs.reduce((s, r) => s + r.updatecus.requests, 0),
        status,
        ok2xx: runs.reduce((s, r) => s + r.updatecus.ok2xx, 0),
        clients: opts.floodClients,
      },
      rssBeforeMB: m((r) => r.rssBeforeMB),
      rssAfterMB: m((r) => r.rssAfterMB),
      rssGrowthMB: m((r) => r.rssAfterMB - r.rssBeforeMB),
      rssPeakGrowthMB: m((r) => r.rssPeakMB - r.rssBeforeMB),
      runs,
    };
    const L = result.login;
    log(
      `[abuse ${kind}] login p50 ${L.alone.p50} ms alone, ${L.flood.p50} ms under flood (×${L.ratioP50}); flood ${L.updatecus.perSec}/s ${JSON.stringify(status)}; RSS ${L.rssBeforeMB} → ${L.rssAfterMB} MB (peak +${L.rssPeakGrowthMB})`,
    );

    log(
      `[abuse ${kind}] event streams: ${opts.streamAttempts} at once from one client (twice), one from another, then up to the process cap`,
    );
    result.streams = await streams(apiUrl, data.auctionid, opts);
    const S = result.streams;
    log(
      `[abuse ${kind}] streams of one client: ${S.hostile.held} held ${JSON.stringify(S.hostile.status)} (${S.cold.held} as the process's first streams); another client ${S.other.held}; the process ${S.processHeld} ${JSON.stringify(S.fill.status)}`,
    );

    const anon = (await send(`${apiUrl}/getanytoken`, {})).json.data;
    result.counters = {};
    for (const f of COUNTER_FLOODS) {
      log(`[abuse ${kind}] ${opts.abuseAttempts} ${f.label} from one address`);
      const r = await flood(apiUrl, {
        clients: opts.floodClients,
        from: f.from,
        total: opts.abuseAttempts,
        make: (i) => f.make(i, anon),
      }).done;
      result.counters[f.name] = { label: f.label, attempts: opts.abuseAttempts, seconds: r.seconds, status: r.status };
    }
    await stopChild(api);
    api = null;
    db = await openDb({ databaseUrl, dataDir });
    try {
      for (const f of COUNTER_FLOODS) {
        const c = result.counters[f.name];
        Object.assign(c, await counterRows(db.q, f));
        if (f.stored) c.stored = (await db.q(f.stored))[0].n;
        log(
          `[abuse ${kind}] ${f.label}: ${JSON.stringify(c.status)} in ${c.seconds} s → ${c.rows} rows ${JSON.stringify(c.byKind)}${f.stored ? `, ${c.stored} stored` : ''}`,
        );
      }
      result.counters.totalRows = (await db.q('SELECT count(*)::int AS n FROM rate_limits'))[0].n;
    } finally {
      await db.close();
    }
  } finally {
    if (api) await stopChild(api);
    if (dbName) await dropPgDatabase(dbName).catch((e) => log(`could not drop ${dbName}: ${e.message}`));
    if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
  }
  return result;
}
