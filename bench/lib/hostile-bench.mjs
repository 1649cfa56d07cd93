// Section 7: the front-end servers under hostile load (issue 31). The production build served as
// `npm start` serves it (releases, the shell's server rendering the public pages), the API on the
// demo data; every flood bounded in count, on loopback only. The servers' open files, memory and
// CPU time are read from /proc. Distinct clients are distinct loopback source addresses (127.0.x.y).
// 1. pipelined GETs of a ~200 KB release file on the shop's server, the client leaving at the
//    first bytes; 2. 20,000 new search URLs with brotli on the rendering server; 3. 400 sitemap
//    requests at once right after a catalogue change; 4. cached pages per second while a seller
//    updates a product every 250 ms ÷ quiet; 5. an unknown URL while every render slot is busy.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { join, relative } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { cannon } from './load.mjs';
import { BR, assertRendered } from './render-bench.mjs';
import { AREA_PORTS, HOST, releaseStoreOf, renderLogOf, serveFrontEnds, stackEnv } from './frontend-bench.mjs';
import { createPgDatabase, dropPgDatabase, startApi, stopChild } from './stack.mjs';
import { platform } from '../../scripts/platform.mjs';
import { PORTS, http as request, loadavg, log, median, round, sleep, spawnChild, waitForUrl } from './util.mjs';

const { CLIENT_LIMITS } = await platform('server/frontEndServer.ts');

/** The seller whose product the update flood changes (api/README.md: a third of the demo catalogue). */
const SELLER = { email: 'asha.verma@example.com', password: 'Asha@2024' };
/** Product writes per hour the bench's API allows a seller: the update flood (4/s) is never refused. */
const PRODUCT_WRITES_PER_HOUR = 1_000_000;
/** What the rendering server keeps (platform/src/render/pageCache.ts, platform/src/server/compressedBodies.ts). */
const PAGE_CACHE_MB = 32;
const COMPRESSED_CACHE_MB = 64;
/** How often the rendering server drops kept pages at most (platform/src/render/renderer.ts). */
const SWEEP_INTERVAL_MS = 1000;
/** The marker of a page rendered on the server (its embedded state, shell/src/embeddedPage.ts). */
const RENDERED_MARK = 'marketplace-page';

/** The client addresses: the flood of each part, and the normal visitor beside it. */
const ADDRESS = {
  fileFlood: '127.0.0.1',
  beside: '127.0.5.1',
  urlFlood: '127.0.0.1',
  sitemap: (i) => `127.0.6.${1 + (i % 4)}`,
  pages: '127.0.0.1',
  busy: '127.0.7.1',
  unknown: '127.0.7.2',
};

// ---------------------------------------------------------------- /proc

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const openFiles = (pid) => readdirSync(`/proc/${pid}/fd`).length;
const rssMB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
/** CPU seconds a process has used (user + system, /proc/<pid>/stat fields 14 and 15). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const isUp = (child) => child.exitCode === null && child.signalCode === null && existsSync(`/proc/${child.pid}`);

/** The local ports of `pid`'s established TCP connections to `port` on this machine (/proc/net/tcp). */
function connectionsTo(pid, port) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      /* closed meanwhile */
    }
  }
  const remote = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const local = [];
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length > 9 && f[2].endsWith(remote) && f[3] === '01' && inodes.has(f[9])) local.push(f[1]);
  }
  return local;
}

/** Samples `read()` every `ms` until stopped; resolves the largest value seen. */
function sampler(read, ms) {
  let peak = read();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
    } catch {
      /* the process went away: the caller reports it */
    }
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

// ---------------------------------------------------------------- requests

/**
 * One GET from the client address `from`; resolves its status, headers, body as sent and time in ms.
 * @param {string} url
 * @param {{ from?: string, headers?: Record<string, string>, agent?: http.Agent | false }} [options]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer, ms: number }>}
 */
function get(url, { from, headers = {}, agent = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers, agent, ...(from ? { localAddress: from } : {}) }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
    });
    req.setTimeout(60000, () => req.destroy(new Error(`GET ${url}: no answer within 60 s`)));
    req.on('error', reject);
  });
}

/** The page's HTML, decompressed when it came in brotli. */
const htmlOf = (res) =>
  (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body).toString('utf8');

const count = (tally, key) => (tally[key] = (tally[key] ?? 0) + 1);

/**
 * `total` GETs of `pathOf(i)` by `concurrency` loops, each on its own keep-alive connection from
 * `from`; `stop()` ends it early. Resolves the statuses, how many replies were pages rendered on the
 * server, and the time taken.
 */
function urlFlood(base, { total = Infinity, concurrency, from, pathOf, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const status = {};
  let rendered = 0;
  /** Bytes of the rendered pages: what the page cache and the compressed replies could have kept of them. */
  const renderedBytes = { html: 0, sent: 0 };
  let next = 0;
  let stopped = false;
  const started = performance.now();
  const loop = async () => {
    while (!stopped && next < total) {
      const path = pathOf(next++);
      try {
        const res = await get(base + path, { from, headers, agent });
        count(status, res.status);
        const html = htmlOf(res);
        if (html.includes(RENDERED_MARK)) {
          rendered++;
          renderedBytes.html += Buffer.byteLength(html);
          renderedBytes.sent += res.body.length;
        }
      } catch {
        count(status, 'error');
      }
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    const requests = Object.values(status).reduce((s, n) => s + n, 0);
    return {
      requests,
      seconds: round(seconds, 1),
      perSec: round(requests / seconds, 0),
      status,
      rendered,
      renderedMB: { html: round(renderedBytes.html / 2 ** 20, 1), sent: round(renderedBytes.sent / 2 ** 20, 1) },
    };
  });
  return {
    done,
    stop: () => {
      stopped = true;
      return done;
    },
  };
}

/**
 * `connections` sockets from `from`, each sending `pipelined` GETs of `path` at once and leaving as
 * soon as the first bytes of an answer arrive. Resolves the status of each connection's first reply.
 */
function pipelinedFlood(port, path, { connections, pipelined, from }) {
  const requests = `GET ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\n\r\n`.repeat(pipelined);
  const status = {};
  return Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise((resolve) => {
          const socket = connect({ port, host: HOST, localAddress: from }, () => socket.write(requests));
          socket.once('data', (chunk) => {
            count(status, /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1', 0, 16))?.[1] ?? 'other');
            socket.destroy();
          });
          socket.on('error', () => count(status, 'error'));
          socket.on('close', resolve);
        }),
    ),
  ).then(() => status);
}

/** Resolves once `check()` is true (checked every 50 ms) or after `limitMs`; resolves whether it was. */
async function settle(check, limitMs) {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

// ---------------------------------------------------------------- the parts

/** The browser file of a release closest to `bytes` in size (not its server code). */
function releaseFileNear(dir, bytes) {
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, name.name);
      if (name.isDirectory()) {
        if (relative(dir, p) !== 'server') walk(p);
      } else files.push({ path: relative(dir, p), size: statSync(p).size });
    }
  };
  walk(dir);
  const eligible = files.filter((f) => !f.path.endsWith('.map') && f.size >= bytes / 2);
  if (!eligible.length) throw new Error(`no file of at least ${bytes / 2048} KB in ${dir}`);
  return eligible.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes))[0];
}

/**
 * Part 1: `rounds` of `connections` sockets × `pipelined` GETs of one release file (no
 * Accept-Encoding: the file is streamed from the disk), each socket leaving at the first bytes; a
 * visitor from another address fetches the same file while each round runs.
 */
async function fileFloodPart({ child, port, file, rounds, connections, pipelined }) {
  const url = `http://${HOST}:${port}${file.url}`;
  const whole = async (from) => {
    const res = await get(url, { from });
    return { ok: res.status === 200 && res.body.length === file.size, status: res.status, ms: round(res.ms, 0) };
  };
  if (!(await whole(ADDRESS.beside)).ok) throw new Error(`${url} is not served whole`);
  const { pid } = child;
  const load = loadavg();
  const before = { files: openFiles(pid), rssMB: rssMB(pid) };
  const filesPeak = sampler(() => openFiles(pid), 10);
  const rssPeak = sampler(() => rssMB(pid), 50);
  const beside = [];
  const firstReplies = {};
  const started = performance.now();
  for (let r = 0; r < rounds; r++) {
    const flood = pipelinedFlood(port, file.url, { connections, pipelined, from: ADDRESS.fileFlood });
    await sleep(20);
    beside.push(await whole(ADDRESS.beside).catch((e) => ({ ok: false, status: e.message, ms: null })));
    for (const [s, n] of Object.entries(await flood)) firstReplies[s] = (firstReplies[s] ?? 0) + n;
  }
  const floodSeconds = (performance.now() - started) / 1000;
  // Every file and socket of the flood closed: back to where it was (a few for timers and logs).
  const settledIn = performance.now();
  const settled = await settle(() => isUp(child) && openFiles(pid) <= before.files + 4, 10000);
  const after = {
    files: isUp(child) ? openFiles(pid) : null,
    rssMB: isUp(child) ? rssMB(pid) : null,
    settledSeconds: round((performance.now() - settledIn) / 1000, 1),
  };
  const peak = { files: filesPeak.stop(), rssMB: rssPeak.stop() };
  const up = isUp(child);
  const besideAfter = up ? await whole(ADDRESS.beside).catch(() => ({ ok: false })) : { ok: false };
  return {
    loadavg: load,
    file: { path: file.url, bytes: file.size },
    rounds,
    connections,
    pipelined,
    requests: rounds * connections * pipelined,
    floodSeconds: round(floodSeconds, 1),
    firstReplies,
    openFiles: {
      before: before.files,
      peak: peak.files,
      after: after.files,
      settled,
      settledSeconds: after.settledSeconds,
    },
    rssMB: { before: round(before.rssMB, 0), peak: round(peak.rssMB, 0), after: round(after.rssMB, 0) },
    up,
    beside: { during: beside, answered: beside.filter((b) => b.ok).length, after: besideAfter.ok },
  };
}

/**
 * Part 2: `urls` distinct search URLs with Accept-Encoding: br, `concurrency` at a time; the
 * rendering server's memory before, at peak and after, and its CPU time in the 10 s after.
 */
async function urlFloodPart({ child, base, urls, concurrency, tag }) {
  const { pid } = child;
  const load = loadavg();
  const before = { rssMB: rssMB(pid), cpu: cpuSeconds(pid) };
  const peak = sampler(() => rssMB(pid), 100);
  const flood = await urlFlood(base, {
    total: urls,
    concurrency,
    from: ADDRESS.urlFlood,
    pathOf: (i) => `/newarrival?q=${tag}${i}`,
    headers: BR,
  }).done;
  const atEnd = { rssMB: rssMB(pid), cpu: cpuSeconds(pid) };
  await sleep(10000);
  const after = { rssMB: rssMB(pid), cpu: cpuSeconds(pid) };
  const peakMB = Math.max(peak.stop(), after.rssMB);
  const beside = await get(`${base}/`, { headers: BR, from: ADDRESS.beside });
  const budgetMB = before.rssMB + PAGE_CACHE_MB + COMPRESSED_CACHE_MB;
  return {
    loadavg: load,
    urls,
    concurrency,
    example: `/newarrival?q=${tag}0`,
    flood,
    rssMB: {
      before: round(before.rssMB, 0),
      peak: round(peakMB, 0),
      atEnd: round(atEnd.rssMB, 0),
      after: round(after.rssMB, 0),
      budget: round(budgetMB, 0),
    },
    cpuSeconds: { flood: round(atEnd.cpu - before.cpu, 1), tenSecondsAfter: round(after.cpu - atEnd.cpu, 2) },
    up: isUp(child),
    besideStatus: beside.status,
  };
}

/**
 * Follows the API's change stream (GET /catalogue/changes) as the rendering server does;
 * `seen(id)` resolves when a change of that product arrives.
 */
function followChanges(apiUrl) {
  const waiting = new Map();
  let ready;
  const readyPromise = new Promise((resolve) => (ready = resolve));
  const req = http.get(`${apiUrl}/catalogue/changes`, { agent: false }, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^event: ready/m.test(block)) ready();
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!/^event: change/m.test(block) || !data) continue;
        try {
          const change = JSON.parse(data);
          waiting.get(change.id)?.();
        } catch {
          /* not ours */
        }
      }
    });
  });
  req.on('error', () => undefined);
  return {
    ready: readyPromise,
    seen: (id) => new Promise((resolve) => waiting.set(id, resolve)),
    close: () => req.destroy(),
  };
}

/** The seller's session and one of their products, whose price each `update()` raises by a rupee. */
async function sellerProduct(apiUrl, avoid) {
  const anon = await request('GET', `${apiUrl}/getanytoken`);
  const login = await request('POST', `${apiUrl}/logincus`, { body: { ...SELLER, authtoken: anon.json.data } });
  if (login.status !== 200) throw new Error(`the seller's login answered ${login.status}`);
  const { authtoken } = login.json.data;
  const mine = await request('GET', `${apiUrl}/myproducts`, { headers: { authtoken } });
  const product = (mine.json?.data ?? []).find((p) => !avoid.includes(p.productid));
  if (!product) throw new Error(`the seller has no product (GET /myproducts answered ${mine.status})`);
  const { productid, productname, title, description, price, rating, location, photos, photo } = product;
  let raise = 0;
  return {
    productid,
    productname,
    async update() {
      const body = {
        productname,
        title,
        description,
        price: price + ++raise,
        rating,
        location,
        photos: photos ?? [photo],
      };
      return (await request('PUT', `${apiUrl}/product/${productid}`, { body, headers: { authtoken } })).status;
    },
  };
}

/** The API's reads of GET /sitemap so far, from its request log (LOG_LEVEL=debug logs every request). */
const sitemapReads = (logFile) => (readFileSync(logFile, 'utf8').match(/"url":"\/sitemap"/g) ?? []).length;

/**
 * Part 3: a product updated through the API; once its change reached the change stream and the
 * rendering server's sweep had time to run, `n` requests of /sitemap.xml at once (a new connection
 * each, from four addresses): statuses, the API's reads of /sitemap, the rendering server's
 * connections to the API, the time until all were answered.
 */
async function sitemapPart({ child, base, apiUrl, apiLog, seller, n }) {
  const warm = await get(`${base}/sitemap.xml`);
  if (warm.status !== 200) throw new Error(`/sitemap.xml answered ${warm.status}`);
  const changes = followChanges(apiUrl);
  try {
    await changes.ready;
    const load = loadavg();
    const seen = changes.seen(seller.productid);
    const changedAt = performance.now();
    const updateStatus = await seller.update();
    if (updateStatus !== 200) throw new Error(`PUT /product/${seller.productid} answered ${updateStatus}`);
    // The change must reach the stream (and the rendering server with it); 10 s at most.
    const heard = await Promise.race([seen.then(() => true), sleep(10000).then(() => false)]);
    const changeMs = heard ? performance.now() - changedAt : null;
    const sweepWaitMs = SWEEP_INTERVAL_MS + 100;
    await sleep(sweepWaitMs);
    const readsBefore = sitemapReads(apiLog);
    const port = PORTS.apiFrontEnd;
    const before = new Set(connectionsTo(child.pid, port));
    const seenConnections = new Set(before);
    const most = sampler(() => {
      const now = connectionsTo(child.pid, port);
      for (const c of now) seenConnections.add(c);
      return now.length;
    }, 20);
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        get(`${base}/sitemap.xml`, { from: ADDRESS.sitemap(i) }).catch(() => ({
          status: 'error',
          body: Buffer.alloc(0),
        })),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const mostConnections = most.stop();
    await sleep(500); // the API's log line of the last read
    const status = {};
    for (const r of replies) count(status, r.status);
    return {
      loadavg: load,
      requests: n,
      product: seller.productid,
      changeSeenMs: round(changeMs, 0),
      sweepWaitMs,
      status,
      distinctBodies: new Set(replies.filter((r) => r.status === 200).map((r) => r.body.toString('base64'))).size,
      apiReads: sitemapReads(apiLog) - readsBefore,
      apiConnections: { before: before.size, most: mostConnections, opened: seenConnections.size - before.size },
      seconds: round(seconds, 2),
      up: isUp(child),
    };
  } finally {
    changes.close();
  }
}

/**
 * Part 4: autocannon on the cached pages (keep-alive, `connections`, br), quiet and while the
 * seller updates their product every `everyMs`, `runs` times each, alternating; medians.
 */
async function updateFloodPart({ base, pages, seller, opts, everyMs }) {
  const requests = pages.map((path) => ({ method: 'GET', path, headers: BR }));
  // The server answers 100 requests on a connection, then 503: autocannon renews each after them.
  const reconnectRate = CLIENT_LIMITS.requestsPerConnection;
  const load = (duration) => cannon({ url: base, connections: opts.connections, duration, requests, reconnectRate });
  const warm = async () => {
    for (const path of pages) await get(base + path, { headers: BR });
  };
  await warm();
  await load(opts.warmup);
  const quiet = [];
  const flood = [];
  const updates = {};
  for (let run = 0; run < opts.runs; run++) {
    await warm();
    await sleep(300);
    quiet.push({ run, loadavg: loadavg(), ...(await load(opts.duration)) });
    await warm();
    await sleep(300);
    let updating = true;
    const updater = (async () => {
      let sent = 0;
      while (updating) {
        const next = performance.now() + everyMs;
        count(updates, await seller.update().catch(() => 'error'));
        sent++;
        await sleep(Math.max(0, next - performance.now()));
      }
      return sent;
    })();
    const started = loadavg();
    const measured = await load(opts.duration);
    updating = false;
    flood.push({ run, loadavg: started, updatesSent: await updater, ...measured });
    log(
      `[hostile] run ${run + 1}/${opts.runs}: ${quiet[run].okPerSec} pages/s quiet, ${measured.okPerSec}/s while the seller updates every ${everyMs} ms`,
    );
  }
  const rate = (list, key) => median(list.map((r) => r[key]));
  const quietRate = rate(quiet, 'okPerSec');
  const floodRate = rate(flood, 'okPerSec');
  const sum = (list, key) => list.reduce((s, r) => s + r[key], 0);
  return {
    pages,
    connections: opts.connections,
    reconnectRate,
    duration: opts.duration,
    everyMs,
    product: seller.productid,
    quiet: {
      reqPerSec: quietRate,
      p99: rate(quiet, 'p99'),
      errors: sum(quiet, 'errors'),
      non2xx: sum(quiet, 'non2xx'),
    },
    flood: {
      reqPerSec: floodRate,
      p99: rate(flood, 'p99'),
      errors: sum(flood, 'errors'),
      non2xx: sum(flood, 'non2xx'),
    },
    ratio: quietRate && floodRate ? round(floodRate / quietRate, 4) : null,
    updates,
    runs: { quiet, flood },
  };
}

/**
 * Part 5: with one render slot, `busyLoops` loops asking new search URLs keep it busy while
 * `n` unknown URLs (each new) are asked one after another: their statuses, and how many of them
 * were rendered (a slot was free) or left to the browser.
 */
async function softNotFoundPart({ child, base, n, busyLoops, tag }) {
  const load = loadavg();
  const busy = urlFlood(base, {
    concurrency: busyLoops,
    from: ADDRESS.busy,
    pathOf: (i) => `/newarrival?q=${tag}busy${i}`,
    headers: BR,
  });
  await sleep(1000);
  const status = {};
  let rendered = 0;
  for (let i = 0; i < n; i++) {
    try {
      const res = await get(`${base}/no-such-page-${tag}${i}`, { from: ADDRESS.unknown, headers: BR });
      count(status, res.status);
      if (htmlOf(res).includes(RENDERED_MARK)) rendered++;
    } catch {
      count(status, 'error');
    }
  }
  const busyResult = await busy.stop();
  return {
    loadavg: load,
    requests: n,
    example: `/no-such-page-${tag}0`,
    status,
    rendered,
    leftToBrowser: n - rendered - (status.error ?? 0),
    busy: busyResult,
    busyLoops,
    up: isUp(child),
  };
}

// ---------------------------------------------------------------- the section

/** The shell's server alone (again), with extra environment; the remotes keep running. */
async function startShell(copy, env, logFile) {
  const child = spawnChild(
    'shell',
    process.execPath,
    [join(copy.dir, 'scripts', 'serve-releases.mjs'), 'shell', String(AREA_PORTS.shell)],
    {
      env,
      logFile,
    },
  );
  await waitForUrl(`http://${HOST}:${AREA_PORTS.shell}/config.json`, child, 'shell server', 30000);
  return child;
}

export async function benchHostile({ copy, workRoot, opts }) {
  if (!copy) throw new Error('no production build to serve');
  const kind = opts.databases.length === 1 ? opts.databases[0] : 'pglite';
  const workDir = mkdtempSync(join(workRoot, 'hostile-'));
  const store = releaseStoreOf(workDir);
  const env = { ...stackEnv(), RELEASES_DIR: store };
  const apiUrl = `http://${HOST}:${PORTS.apiFrontEnd}`;
  const base = `http://${HOST}:${AREA_PORTS.shell}`;
  const apiLog = join(workDir, 'api.log');
  const dbName = kind === 'postgres' ? `bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}` : null;
  const databaseUrl = dbName ? await createPgDatabase(dbName) : undefined;
  const children = [];
  const tag = Date.now().toString(36);
  const q = opts.quick;
  try {
    log(`[hostile] starting the API (${kind}, demo data) and the four front ends as releases`);
    children.push(
      await startApi({
        port: PORTS.apiFrontEnd,
        databaseUrl,
        workDir,
        logFile: apiLog,
        // debug: a line per request, to count the rendering server's reads of /sitemap.
        env: { ...env, LOG_LEVEL: 'debug', RATE_PRODUCT_WRITES_PER_HOUR: String(PRODUCT_WRITES_PER_HOUR) },
      }),
    );
    const served = await serveFrontEnds(copy, { env, workDir, children, store });
    const server = (label) => children.find((c) => c.label === label && isUp(c));

    const products = (await request('GET', `${apiUrl}/products`)).json.data;
    const pages = ['/', ...products.slice(0, 3).map((p) => `/productdetails/${p.productid}`), '/auctionhome'];
    for (const path of pages) await assertRendered(base + path);
    const seller = await sellerProduct(
      apiUrl,
      products.slice(0, 4).map((p) => p.productid),
    );
    log(
      `[hostile] pages ${pages.join(', ')} rendered; the seller's product ${seller.productid} (${seller.productname})`,
    );
    const out = {
      how: `The production build served as releases (the shell's server rendering the public pages), the API on ${kind === 'postgres' ? 'a fresh PostgreSQL database' : 'PGlite'} with the demo data, LOG_LEVEL=debug (a line per request: the reads of /sitemap are counted in its log) and RATE_PRODUCT_WRITES_PER_HOUR=${PRODUCT_WRITES_PER_HOUR.toLocaleString('en')} (the update flood is never refused; the default is 300); open files, memory (VmRSS) and CPU time of the servers from /proc; distinct clients are distinct loopback addresses`,
      database: kind,
      order: 'parts run in the order 1, 3, 4, 2, 5 (the URL flood fills the caches last; part 5 restarts the shell)',
      releases: served.releases,
    };

    // 1. The shop's server: a ~200 KB file of its release, pipelined and abandoned.
    const shopDir = join(store, 'shop', served.releases.shop);
    const near = releaseFileNear(shopDir, 200 * 1024);
    const file = { url: `/${served.releases.shop}/${near.path}`, size: near.size };
    log(`[hostile] 1. pipelined file flood on the shop's server: ${file.url} (${round(file.size / 1024, 0)} KB)`);
    out.fileFlood = await fileFloodPart({
      child: server('shop'),
      port: AREA_PORTS.shop,
      file,
      rounds: q ? 1 : 3,
      connections: 80,
      pipelined: 200,
    });
    const F = out.fileFlood;
    log(
      `[hostile] open files ${F.openFiles.before} → peak ${F.openFiles.peak} → ${F.openFiles.after}; RSS ${F.rssMB.before} → ${F.rssMB.peak} → ${F.rssMB.after} MB; up ${F.up}; beside ${F.beside.answered}/${F.rounds}; first replies ${JSON.stringify(F.firstReplies)}`,
    );

    // 3. The sitemap right after a catalogue change.
    log('[hostile] 3. 400 sitemap requests at once right after a catalogue change');
    out.sitemap = await sitemapPart({ child: server('shell'), base, apiUrl, apiLog, seller, n: 400 });
    const S = out.sitemap;
    log(
      `[hostile] sitemap: ${JSON.stringify(S.status)} in ${S.seconds} s; ${S.apiReads} reads of /sitemap; API connections ${S.apiConnections.before} → most ${S.apiConnections.most} (${S.apiConnections.opened} opened)`,
    );

    // 4. Cached pages while a seller updates a product every 250 ms.
    log(
      `[hostile] 4. cached pages per second, quiet and during an update flood: ${opts.runs} × 2 × ${opts.duration} s`,
    );
    out.updateFlood = await updateFloodPart({ base, pages, seller, opts, everyMs: 250 });
    const U = out.updateFlood;
    log(
      `[hostile] ${U.quiet.reqPerSec}/s quiet, ${U.flood.reqPerSec}/s during the flood → ${U.ratio}; updates ${JSON.stringify(U.updates)}`,
    );

    // 2. New URLs with brotli on the rendering server.
    const urls = q ? 2000 : 20000;
    log(`[hostile] 2. ${urls} new search URLs with brotli on the rendering server, 50 at a time`);
    out.urlFlood = await urlFloodPart({ child: server('shell'), base, urls, concurrency: 50, tag });
    const Uf = out.urlFlood;
    log(
      `[hostile] ${Uf.flood.requests} in ${Uf.flood.seconds} s (${Uf.flood.rendered} rendered) ${JSON.stringify(Uf.flood.status)}; RSS ${Uf.rssMB.before} → peak ${Uf.rssMB.peak} → ${Uf.rssMB.after} MB (budget ${Uf.rssMB.budget}); CPU ${Uf.cpuSeconds.flood} s during, ${Uf.cpuSeconds.tenSecondsAfter} s in the 10 s after`,
    );
    out.renderLog = renderLogOf(served.logs.shell);

    // 5. An unknown URL while the only render slot is busy: the shell's server again, RENDER_CONCURRENCY=1.
    log('[hostile] 5. unknown URLs while the one render slot is busy (the shell restarted with RENDER_CONCURRENCY=1)');
    const shell = server('shell');
    await stopChild(shell);
    children.splice(children.indexOf(shell), 1);
    const oneSlot = await startShell(copy, { ...env, RENDER_CONCURRENCY: '1' }, join(workDir, 'shell-one-slot.log'));
    children.push(oneSlot);
    await assertRendered(`${base}/`);
    out.softNotFound = await softNotFoundPart({ child: oneSlot, base, n: q ? 50 : 200, busyLoops: 16, tag });
    const N = out.softNotFound;
    log(
      `[hostile] unknown URLs: ${JSON.stringify(N.status)} (${N.rendered} rendered, ${N.leftToBrowser} left to the browser); the busy loops ${JSON.stringify(N.busy.status)} (${N.busy.rendered} rendered)`,
    );
    return out;
  } finally {
    for (const c of children.reverse()) await stopChild(c);
    if (dbName) await dropPgDatabase(dbName).catch((e) => log(`could not drop ${dbName}: ${e.message}`));
    if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
  }
}
