// Section 8: auctions that run themselves (issue 25), on PostgreSQL with two API processes on one
// database (as a deployment runs several):
// 1. close latency: `closeItems` items (10,000) with bids, ending within the same minute; for each,
//    the time from its effective end to closed (closed_at) with its winner's order and its notices
//    queued (p50, p99, max), and the checks that each closed once with one order and one notice each;
// 2. live fan-out: `watchers` (1,000) open item pages (server-sent events, half on each process, from
//    distinct loopback addresses as real clients are) and bids placed one after another; for each
//    bid, the time from sending it to each page receiving its event (p50, p99), against a floor: a
//    bare node:http server sending the same events to as many connections, measured the same way.
import { randomBytes, createHash } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createPgDatabase, dropPgDatabase, openDb, startApi, stopChild } from './stack.mjs';
import { PORTS, http as request, loadavg, log, percentile, round, sleep, spawnChild, waitForUrl } from './util.mjs';

const HOST = '127.0.0.1';
/** Event streams one client address may hold on one API process (AUCTION_MAX_EVENT_STREAMS_PER_CLIENT). */
const STREAMS_PER_ADDRESS = 20;
/** Bids of the fan-out part, each awaited by every page before the next is sent. */
const FANOUT_BIDS = 20;

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** Bench users (`n` of them, sharing the demo shopper's password hash) with login tokens; resolves [{userid, token}]. */
async function benchUsers(q, n, secret) {
  const rows = await q(
    `INSERT INTO users (firstname, lastname, email, phonenum, createdate, gender, address, password_hash)
     SELECT 'Bidder', 'B' || g, 'bench.a.' || g || '@bench.local', '9000000000', '1990-01-01', 'female', '[]'::jsonb,
            (SELECT password_hash FROM users WHERE lower(email) = 'demo@example.com')
     FROM generate_series(1, $1::int) g RETURNING userid`,
    [n],
  );
  const users = rows.map((r, i) => ({ userid: r.userid, token: `lt_a${secret}.${i}` }));
  await q(
    `INSERT INTO login_tokens (token_hash, userid, expires_at)
     SELECT h, u, now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS t(h, u)`,
    [users.map((u) => sha256(u.token)), users.map((u) => u.userid)],
  );
  return users;
}

/**
 * `count` items of the seller, each with a losing bid and the leader's automatic answer, ending
 * in the minute that starts `leadSeconds` from now (spread evenly over it). Resolves their ids.
 */
async function dueItems(q, count, bidders, leadSeconds) {
  const [{ seller, photo }] = await q(
    `SELECT (SELECT userid FROM users WHERE lower(email) = 'asha.verma@example.com') AS seller,
            (SELECT photo_hash FROM products ORDER BY productid LIMIT 1) AS photo`,
  );
  const ids = (
    await q(
      `INSERT INTO auctions (userid, nickname, productname, category, description, ageproduct, startbid, bid, highbid,
                             bidcount, rangelowbid, rangehighbid, photo_hashes, end_time, leader, leader_max)
       SELECT $1, 'benchseller', 'Closing Coin ' || g, 'Currancy', 'A coin for the close benchmark.', '50 years',
              100, 160, 160, 2, 50, 1000, jsonb_build_array($2::text),
              date_trunc('second', now()) + make_interval(secs => ($3::int + (g - 1) * 60.0 / $4::int)::float8),
              ($5::int[])[1 + g % array_length($5::int[], 1)], 300
       FROM generate_series(1, $4::int) g RETURNING auctionid, leader`,
      [seller, photo, leadSeconds, count, bidders],
    )
  ).map((r) => r.auctionid);
  // The history: a rival's maximum of 150, the leader's answer at 160.
  await q(
    `INSERT INTO bids (auctionid, userid, bid, auto)
     SELECT a.auctionid, ($2::int[])[1 + array_position($2::int[], a.leader) % array_length($2::int[], 1)], 150, false
     FROM auctions a WHERE a.auctionid = ANY($1::int[])
     UNION ALL
     SELECT a.auctionid, a.leader, 160, true FROM auctions a WHERE a.auctionid = ANY($1::int[])`,
    [ids, bidders],
  );
  return ids;
}

/** Waits until none of `ids` is open (or `deadline`); resolves the seconds waited past the last end. */
async function waitClosed(q, ids, deadline) {
  for (;;) {
    const [{ open }] = await q(
      `SELECT count(*)::int AS open FROM auctions WHERE auctionid = ANY($1::int[]) AND status = 'open'`,
      [ids],
    );
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`${open} of ${ids.length} items still open at the deadline`);
    await sleep(500);
  }
}

async function closeLatency(q, { count, bidders }) {
  const lead = 20;
  const ids = await dueItems(q, count, bidders, lead);
  log(`[auctions] ${count} items end in the minute from ${lead} s on; waiting for every one to close`);
  await waitClosed(q, ids, Date.now() + (lead + 60 + 180) * 1000);
  const rows = await q(
    `SELECT extract(epoch FROM a.closed_at - coalesce(a.ends_at, a.end_time)) * 1000 AS ms,
            a.outcome, a.winner = a.leader AS leader_won,
            (SELECT count(*)::int FROM orders o WHERE o.auctionid = a.auctionid) AS orders,
            (SELECT count(*)::int FROM notices n WHERE n.auctionid = a.auctionid AND n.kind = 'won') AS won,
            (SELECT count(*)::int FROM notices n WHERE n.auctionid = a.auctionid AND n.kind = 'sold') AS sold,
            (SELECT count(*)::int FROM notices n WHERE n.auctionid = a.auctionid AND n.kind = 'lost') AS lost,
            (SELECT count(*)::int FROM notices n WHERE n.auctionid = a.auctionid AND n.created_at > a.closed_at) AS late
     FROM auctions a WHERE a.auctionid = ANY($1::int[])`,
    [ids],
  );
  const ms = rows.map((r) => Number(r.ms));
  const bad = (pred) => rows.filter(pred).length;
  return {
    items: count,
    p50Ms: round(percentile(ms, 50), 0),
    p99Ms: round(percentile(ms, 99), 0),
    maxMs: round(Math.max(...ms), 0),
    checks: {
      notSoldToLeader: bad((r) => r.outcome !== 'sold' || !r.leader_won),
      ordersNotOne: bad((r) => r.orders !== 1),
      wonNotOne: bad((r) => r.won !== 1),
      soldNotOne: bad((r) => r.sold !== 1),
      lostMissing: bad((r) => r.lost < 1),
      noticesAfterClose: bad((r) => r.late > 0),
    },
  };
}

/**
 * Opens `n` event streams (`url(i)`), client i from address 127.0.10.(1 + i / STREAMS_PER_ADDRESS);
 * `onEvent(i, data)` for each `bid` event. Resolves { close }.
 */
async function openStreams(n, url, onEvent) {
  const requests = [];
  await Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise((resolve, reject) => {
          const localAddress = `127.0.10.${1 + Math.floor(i / STREAMS_PER_ADDRESS)}`;
          const req = http.get(url(i), { localAddress, headers: { accept: 'text/event-stream' } }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream ${i}: ${res.statusCode}`));
            res.setEncoding('utf8');
            let buffer = '';
            let resolved = false;
            res.on('data', (chunk) => {
              if (!resolved) {
                resolved = true;
                resolve();
              }
              buffer += chunk;
              let end;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                if (!/^event: bid$/m.test(block)) continue;
                const data = /^data: (.*)$/m.exec(block)?.[1];
                if (data) onEvent(i, JSON.parse(data));
              }
            });
          });
          req.on('error', reject);
          requests.push(req);
        }),
    ),
  );
  return { close: () => requests.forEach((r) => r.destroy()) };
}

/**
 * Sends FANOUT_BIDS bids one after another (`send(k)`), each once every page saw the one before
 * (or 10 s passed): a page's next `bid` event is the current bid's, timed from its sending.
 */
async function fanOut(n, url, send) {
  let current = null;
  const streams = await openStreams(n, url, () => {
    if (!current) return;
    current.times.push(performance.now() - current.sentAt);
    if (current.times.length === n) current.done();
  });
  const latencies = [];
  let missed = 0;
  try {
    for (let k = 0; k < FANOUT_BIDS; k++) {
      const entry = { sentAt: performance.now(), times: [] };
      const all = new Promise((resolve) => (entry.done = resolve));
      current = entry;
      await send(k);
      await Promise.race([all, sleep(10000)]);
      current = null;
      missed += n - entry.times.length;
      latencies.push(...entry.times);
    }
  } finally {
    streams.close();
  }
  return {
    pages: n,
    events: FANOUT_BIDS,
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    missed,
  };
}

/** The floor: a bare node:http server (its own process) sending each POSTed event to every open stream. */
const FLOOR_SERVER = `
const http = require('node:http');
const clients = new Set();
http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  if (req.method === 'POST') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      for (const c of clients) c.write('event: bid\\ndata: ' + body + '\\n\\n');
      res.end('ok');
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.write(': connected\\n\\n');
  clients.add(res);
  req.on('close', () => clients.delete(res));
}).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('listening'));
`;

export async function benchAuctions({ opts, workRoot }) {
  const workDir = mkdtempSync(join(workRoot, 'auctions-'));
  const dbName = `bench_auctions_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createPgDatabase(dbName);
  const ports = [PORTS.apiAuctions, PORTS.apiAuctions + 1];
  const apis = [];
  let floor = null;
  const result = { options: { closeItems: opts.closeItems, watchers: opts.watchers, apiProcesses: ports.length } };
  try {
    for (const [k, port] of ports.entries())
      apis.push(
        await startApi({
          port,
          databaseUrl,
          workDir,
          logFile: join(workDir, `api-${k}.log`),
          env: { LOG_LEVEL: 'warn' },
        }),
      );
    const db = await openDb({ databaseUrl });
    try {
      const users = await benchUsers(db.q, 100, randomBytes(6).toString('hex'));
      // Fan-out: one open item, two bidders raising each other; half the pages on each process.
      const [{ auctionid }] = await db.q(
        `INSERT INTO auctions (userid, nickname, productname, category, description, ageproduct, startbid, bid,
                               rangelowbid, rangehighbid, photo_hashes, end_time)
         SELECT (SELECT userid FROM users WHERE lower(email) = 'asha.verma@example.com'), 'benchseller', 'Watched Painting',
                'Painting', 'Watched by a thousand pages.', '10 years', 100, 100, 50, 1000,
                jsonb_build_array((SELECT photo_hash FROM products ORDER BY productid LIMIT 1)), now() + interval '2 days'
         RETURNING auctionid`,
      );
      result.loadavgBeforeFanOut = loadavg();
      const n = opts.watchers;
      result.fanOut = await fanOut(
        n,
        (i) => `http://${HOST}:${ports[i % 2]}/auctionevents/${auctionid}`,
        async (k) => {
          // Each bid tops the other bidder's maximum: one history step, one event.
          const max = 10_000 * (k + 1);
          const res = await request('PUT', `http://${HOST}:${ports[0]}/updatebiduser`, {
            body: { auctionid, maxbid: max },
            headers: { authtoken: users[k % 2].token },
          });
          if (res.status !== 200) throw new Error(`a fan-out bid answered ${res.status}: ${res.json?.msg}`);
        },
      );
      log(`[auctions] fan-out to ${n} pages: p50 ${result.fanOut.p50Ms} ms, p99 ${result.fanOut.p99Ms} ms`);
      // The floor beside it, at the same moment of the run.
      floor = spawnChild('sse-floor', process.execPath, ['-e', FLOOR_SERVER, String(PORTS.sseFloor)], {
        logFile: join(workDir, 'floor.log'),
      });
      await waitForUrl(`http://${HOST}:${PORTS.sseFloor}/health`, floor, 'SSE floor', 10000);
      result.fanOutFloor = await fanOut(
        opts.watchers,
        () => `http://${HOST}:${PORTS.sseFloor}/`,
        (k) => request('POST', `http://${HOST}:${PORTS.sseFloor}/`, { body: { auctionid: 1, bid: 1000 + k } }),
      );
      log(`[auctions] fan-out floor: p50 ${result.fanOutFloor.p50Ms} ms, p99 ${result.fanOutFloor.p99Ms} ms`);
      result.loadavgBeforeClose = loadavg();
      try {
        result.close = await closeLatency(db.q, { count: opts.closeItems, bidders: users.map((u) => u.userid) });
        log(
          `[auctions] close: p50 ${result.close.p50Ms} ms, p99 ${result.close.p99Ms} ms, max ${result.close.maxMs} ms`,
        );
      } catch (error) {
        result.closeError = error.message;
        log(`[auctions] close FAILED: ${error.message}`);
      }
    } finally {
      await db.close();
    }
  } finally {
    if (floor) await stopChild(floor);
    for (const api of apis) await stopChild(api);
    await dropPgDatabase(dbName).catch((e) => log(`could not drop ${dbName}: ${e.message}`));
    if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
  }
  return result;
}
