// Section 6: the product at catalogue scale, side by side with the demo catalogue in the same run.
// Two PostgreSQL databases: the demo data as `npm start` seeds it (plus 25 reviews and 25 orders of
// the demo shopper: a full first page of each list), and the same with 100,000 products, 10,000 auction items, 100,000 reviews and 1,000
// orders of the demo shopper. Against each, with the front ends served as releases and the public
// pages rendered on the server (started again for each database): the pages a shopper opens
// first, in Chromium as section 3 loads them (cold cache, 4× CPU; JS and total bytes, LCP, CLS,
// long tasks, JS heap; the floor of the pages issue 19 times), the rendering server's TTFB, and
// the API's list reads against the node:http baseline serving the same bytes (req/s, p99, reply
// bytes; compressed as a browser asks: Accept-Encoding: br, gzip).
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  CPU_THROTTLING,
  HOST,
  ISSUE_19_PAGES,
  auctionItemName,
  catalogueNames,
  checkRendered,
  freshProductPaths,
  launchChromium,
  makeFloors,
  measureLoad,
  releaseStoreOf,
  renderLogOf,
  serveFrontEnds,
  stackEnv,
  summarizeLoads,
  warmPage,
} from './frontend-bench.mjs';
import { measureTtfb, rawGet } from './render-bench.mjs';
import { DEMO_PASSWORD, measure } from './api-bench.mjs';
import { generateProducts } from './search-bench.mjs';
import { fixtureOf } from './load.mjs';
import { createPgDatabase, dropPgDatabase, openDb, startApi, stopChild } from './stack.mjs';
import { PORTS, http, log, round } from './util.mjs';

export const SCALE = { products: 100_000, auctionItems: 10_000, reviews: 100_000, orders: 1_000 };
/** Reviews and orders of the demo dataset: more than a page of each (20), as at scale. */
const DEMO_LISTS = 25;
const DEMO_SHOPPER = 'demo@example.com';
/** What a browser sends; the API and the baseline answer the same compressed bytes. */
const BROWSER_ENCODING = { 'accept-encoding': 'br, gzip, deflate' };

/** Orders of the demo shopper (1–3 lines each, one shipment), spread over the last two years. */
async function addOrders(q, n) {
  await q(
    `WITH u AS (SELECT userid FROM users WHERE lower(email) = $2),
          g AS (SELECT s, now() - (s * interval '17 hours') AS at FROM generate_series(1, $1::int) s)
     INSERT INTO orders (userid, orderdate, created_at, billname, billaddress, ordernote, payinfo, items_total, discount, billamount, billtax)
     SELECT u.userid, g.at, g.at, 'Demo Shopper', '5 Park Street, Kolkata, West Bengal, India 700016', '', 'cod', 1999, 0, 1999, 0 FROM g CROSS JOIN u`,
    [n, DEMO_SHOPPER],
  );
  // Each in one shipment the marketplace sends (status on the shipment, as the API places it).
  await q(
    `INSERT INTO shipments (orderid, fulfilled_by)
     SELECT o.orderid, 'marketplace' FROM orders o
     WHERE NOT EXISTS (SELECT 1 FROM shipments s WHERE s.orderid = o.orderid)`,
  );
  await q(
    `INSERT INTO order_lines (orderid, lineno, productid, productname, price, quantity, shipmentid)
     SELECT o.orderid, l, p.productid, p.productname, p.price, 1, s.shipmentid
     FROM orders o JOIN shipments s ON s.orderid = o.orderid CROSS JOIN generate_series(1, 3) l
     JOIN products p ON p.productid = 1 + (o.orderid * 7 + l) % 60
     WHERE l <= 1 + o.orderid % 3 AND NOT EXISTS (SELECT 1 FROM order_lines x WHERE x.orderid = o.orderid)`,
  );
}

/** n auction items like the seeded ones (their photos), a third of them ended. */
async function addAuctionItems(q, n) {
  await q(
    `WITH t AS (SELECT array_agg(photo_hashes::text ORDER BY auctionid) AS photos, array_agg(category::text ORDER BY auctionid) AS cats, min(userid) AS owner FROM auctions)
     INSERT INTO auctions (userid, nickname, productname, category, description, ageproduct, startbid, bid, rangelowbid, rangehighbid, photo_hashes, end_time)
     SELECT t.owner, 'collector', 'Collectible no. ' || s, t.cats[1 + s % array_length(t.cats, 1)], 'A collectible from the bench catalogue, kept with care.',
            (5 + s % 80) || ' years', 1000, 1000, 500, 5000, t.photos[1 + s % array_length(t.photos, 1)]::jsonb,
            now() + CASE WHEN s % 3 = 0 THEN -interval '1 day' ELSE interval '20 days' END
     FROM generate_series(1, $1::int) s CROSS JOIN t`,
    [n],
  );
}

async function addReviews(q, n) {
  await q(
    `INSERT INTO reviews (userid, review_date, name, title, keywords, description)
     SELECT NULL, to_char(now() - (s % 700) * interval '1 day', 'YYYY-MM-DD'), 'Shopper ' || s, 'Review number ' || s,
            'quality, delivery', 'Arrived on time and works as described. Review ' || s || ' of the bench catalogue.'
     FROM generate_series(1, $1::int) s`,
    [n],
  );
}

/** The catalogue at scale, on top of the demo data (`q`: a query function of openDb). */
export async function loadScaleData(q) {
  await generateProducts(q, SCALE.products);
  await addAuctionItems(q, SCALE.auctionItems);
  await addReviews(q, SCALE.reviews);
  await addOrders(q, SCALE.orders);
}

/** The demo data, or the demo data at scale, in a fresh PostgreSQL database; resolves its URL and counts. */
async function prepareDataset(name, { workDir, env }) {
  const dbName = `bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const databaseUrl = await createPgDatabase(dbName);
  const logFile = join(workDir, `api-${name}.log`);
  // The first start migrates and seeds the demo data.
  await stopChild(await startApi({ port: PORTS.apiFrontEnd, databaseUrl, workDir, logFile, env }));
  const db = await openDb({ databaseUrl });
  try {
    if (name === 'scale') {
      log(
        `[scale] loading ${SCALE.products} products, ${SCALE.auctionItems} auction items, ${SCALE.reviews} reviews, ${SCALE.orders} orders of the demo shopper`,
      );
      await loadScaleData(db.q);
    } else {
      // More than one page of each list (the pages compare a full first page, not an empty state).
      await addReviews(db.q, DEMO_LISTS);
      await addOrders(db.q, DEMO_LISTS);
    }
    await db.q('VACUUM (ANALYZE)');
    const count = async (table) => (await db.q(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
    const counts = {
      products: await count('products'),
      auctionItems: await count('auctions'),
      reviews: await count('reviews'),
      ordersOfDemoShopper: (
        await db.q(`SELECT count(*)::int AS n FROM orders o JOIN users u USING (userid) WHERE lower(u.email) = $1`, [
          DEMO_SHOPPER,
        ])
      )[0].n,
    };
    return { dbName, databaseUrl, logFile, counts };
  } finally {
    await db.close();
  }
}

/** A signed-in session of the demo shopper, as the shop keeps it in sessionStorage. */
async function signIn(apiUrl) {
  const anon = await http('GET', `${apiUrl}/getanytoken`);
  const res = await http('POST', `${apiUrl}/logincus`, {
    body: { email: DEMO_SHOPPER, password: DEMO_PASSWORD, authtoken: anon.json.data },
  });
  if (res.status !== 200) throw new Error(`demo shopper login answered ${res.status} ${JSON.stringify(res.json)}`);
  const { firstname, lastname, authtoken } = res.json.data;
  return { firstname, lastname, authtoken };
}

/** The list reads, each measured against the baseline with a browser's Accept-Encoding. */
function listReads(apiUrl, session) {
  const read = (name, path, headers = {}) => ({
    name,
    label: `GET ${path}`,
    connections: 50,
    async capture() {
      const res = await rawGet(apiUrl + path, { ...BROWSER_ENCODING, ...headers });
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
      const identity = await http('GET', apiUrl + path, { headers });
      this.bytes = {
        sent: res.buffer.length,
        encoding: res.headers.get('content-encoding') ?? 'identity',
        identity: identity.buffer.length,
        rows: identity.json?.data?.length ?? null,
      };
      return [fixtureOf('GET', path, undefined, res)];
    },
    load: () => ({ requests: [{ method: 'GET', path, headers: { ...BROWSER_ENCODING, ...headers } }] }),
  });
  return [
    read('products', '/products'),
    read('trending', '/products/trending'),
    read('auctions', '/getauction'),
    read('reviews', '/getreviews'),
    read('orders', '/allorders', { authtoken: session.authtoken }),
  ];
}

/** Product pages whose TTFB is measured against each database. */
const TTFB_PAGES = 12;

export async function benchScale({ copy, runs, workRoot, opts, baseline }) {
  if (!copy) throw new Error('no production build to serve');
  const workDir = mkdtempSync(join(workRoot, 'scale-'));
  const store = releaseStoreOf(workDir);
  const env = { ...stackEnv(), LOG_LEVEL: opts.apiLogLevel, RELEASES_DIR: store };
  const apiUrl = `http://${HOST}:${PORTS.apiFrontEnd}`;
  const base = `http://${HOST}:${PORTS.shell}`;
  const databases = [];
  /** @type {any[]} */
  let children = [];
  let browser;
  const out = { datasets: {} };
  /** The auction item of the demo half, loaded in both (a seeded one: the same item at scale). */
  let auctionId = null;
  try {
    browser = await launchChromium();
    for (const name of ['demo', 'scale']) {
      const data = await prepareDataset(name, { workDir, env });
      databases.push(data.dbName);
      const api = await startApi({
        port: PORTS.apiFrontEnd,
        databaseUrl: data.databaseUrl,
        workDir,
        logFile: data.logFile,
        env,
      });
      children = [];
      try {
        // The front ends start after the API, for each database: the rendering server keeps no page of the other one.
        const served = await serveFrontEnds(copy, { env, workDir, children, store, logSuffix: `-${name}` });
        const session = await signIn(apiUrl);
        // The same product in both: the catalogue's first (a seeded one).
        const firstProduct = (await http('GET', `${apiUrl}/products?limit=1`)).json.data[0];
        const first = firstProduct.productid;
        if (auctionId === null) {
          const items = (await http('GET', `${apiUrl}/getauction`)).json.data;
          auctionId = (items.find((a) => a.status === 'open') ?? items[0])?.auctionid;
          if (!auctionId) throw new Error('the demo data has no auction item');
        }
        const names = await catalogueNames(apiUrl);
        const pages = [
          { name: 'home', path: '/', texts: names.products },
          { name: 'newarrival', path: '/newarrival', texts: names.arrivals },
          { name: 'product', path: `/productdetails/${first}`, texts: [firstProduct.productname] },
          {
            name: 'auctionitem',
            path: `/auctionproduct/${auctionId}`,
            texts: [await auctionItemName(apiUrl, auctionId)],
          },
          { name: 'auctionhome', path: '/auctionhome', texts: names.auctions },
          { name: 'review', path: '/review', texts: names.reviews },
          // Signed in: its frame and a skeleton rendered on the server (signed out), its data in the browser.
          { name: 'myorders', path: '/myaccount/myorder', signedIn: true },
        ];
        await checkRendered(base, pages, `scale ${name}`);
        // The floor of the pages issue 19 times (their DOM as static HTML), as section 3 makes it.
        const floorPages = pages.filter((p) => ISSUE_19_PAGES.includes(p.name));
        await makeFloors(browser, base, floorPages, {
          floorDir: join(workDir, `floor-${name}`),
          env,
          workDir,
          children,
          label: `floor-${name}`,
        });

        const result = { data: data.counts, releases: served.releases, pages: {}, reads: {} };
        for (const p of pages) {
          const loads = [];
          const floors = [];
          for (let run = 0; run < runs; run++) {
            await warmPage(base + p.path);
            const load = await measureLoad(browser, base + p.path, {
              throttle: CPU_THROTTLING,
              apiOrigin: apiUrl,
              session: p.signedIn ? session : null,
            });
            loads.push(load);
            let floorNote = '';
            if (floorPages.includes(p)) {
              const floor = await measureLoad(browser, p.floorUrl, {
                throttle: CPU_THROTTLING,
                apiOrigin: apiUrl,
              });
              floors.push(floor);
              floorNote = ` | floor LCP ${floor.lcp} ms`;
            }
            log(
              `[scale ${name}] ${p.path}: JS ${round((load.bytes.js ?? 0) / 1024, 1)} KB, all ${round(load.transferredTotal / 1024, 1)} KB, LCP ${load.lcp} ms, CLS ${load.cls}, long tasks ${load.longTaskMs} ms (longest before LCP ${load.longestTaskBeforeLcp}), heap ${load.jsHeapMB} MB${floorNote}`,
            );
          }
          const s = summarizeLoads(loads);
          result.pages[p.name] = {
            path: p.path,
            rendered: p.rendered,
            jsKB: s.jsKB,
            apiKB: s.apiKB,
            transferredKB: s.transferredKB,
            docTtfb: s.docTtfb,
            fcp: s.fcp,
            lcp: s.lcp,
            lcpElement: s.lcpElement,
            cls: s.cls,
            longTaskMs: s.longTaskMs,
            longestTaskBeforeLcp: s.longestTaskBeforeLcp,
            jsHeapMB: s.jsHeapMB,
            requests: s.requests,
            apiRequests: s.apiRequests,
            pageErrors: s.pageErrors,
            failedRequests: s.failedRequests,
            ...(floors.length ? { floor: summarizeLoads(floors) } : {}),
          };
        }
        // TTFB of product pages of this catalogue never asked before, then again.
        const products = (await http('GET', `${apiUrl}/products`)).json.data;
        const ttfb = await measureTtfb({
          base,
          paths: freshProductPaths(products, [first], TTFB_PAGES),
          baseline,
        });
        result.ttfb = ttfb;
        log(
          `[scale ${name}] TTFB of ${ttfb.pages} product pages (br): uncached ${ttfb.uncached.ms} ms (slowest ${ttfb.uncached.maxMs}), cached ${ttfb.cached.ms} ms (slowest ${ttfb.cached.maxMs}), baseline ${ttfb.baseline.ms} ms`,
        );
        for (const ep of listReads(apiUrl, session)) {
          const m = await measure(ep, { apiUrl, baseline, opts });
          result.reads[ep.name] = {
            label: ep.label,
            bytes: ep.bytes,
            reqPerSec: m.api.reqPerSec,
            p99: m.api.p99,
            baselineReqPerSec: m.baseline.reqPerSec,
            ratio: m.ratio,
            non2xx: m.api.non2xx,
            errors: m.api.errors,
          };
          log(
            `[scale ${name}] ${ep.label}: ${ep.bytes.rows} rows, ${ep.bytes.sent} B ${ep.bytes.encoding} (${ep.bytes.identity} B identity); ${m.api.reqPerSec}/s p99 ${m.api.p99} ms vs baseline ${m.baseline.reqPerSec}/s → ${m.ratio}`,
          );
        }
        result.renderLog = renderLogOf(served.logs.shell);
        if (result.renderLog.lines)
          log(
            `[scale ${name}] the rendering server logged ${result.renderLog.lines} lines of note, e.g. ${result.renderLog.first[0]}`,
          );
        out.datasets[name] = result;
      } finally {
        for (const c of children.reverse()) await stopChild(c);
        children = [];
        await stopChild(api);
      }
    }
    // Scale ÷ demo, page by page (the targets: within 10%).
    out.ratios = {};
    for (const [page, s] of Object.entries(out.datasets.scale.pages)) {
      const d = out.datasets.demo.pages[page];
      const ratio = (key) => (d[key] ? round(s[key] / d[key], 3) : null);
      out.ratios[page] = {
        lcp: ratio('lcp'),
        transferredKB: ratio('transferredKB'),
        jsHeapMB: ratio('jsHeapMB'),
        jsKB: ratio('jsKB'),
      };
    }
    return {
      how: `PostgreSQL; demo data vs demo data + ${SCALE.products} products, ${SCALE.auctionItems} auction items, ${SCALE.reviews} reviews, ${SCALE.orders} orders of the demo shopper; the front ends served as releases, the public pages rendered on the server; pages as section 3 loads them (Chromium ${browser.version()}, cold cache, ${CPU_THROTTLING}× CPU, each page requested once by plain HTTP before its measured load), medians of ${runs}; floors of ${ISSUE_19_PAGES.join(', ')}; TTFB of ${TTFB_PAGES} product pages by plain HTTP (br); list reads with Accept-Encoding: br, gzip against the node:http baseline answering the same bytes`,
      scale: SCALE,
      ...out,
    };
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    for (const c of children.reverse()) await stopChild(c);
    for (const name of databases) await dropPgDatabase(name).catch((e) => log(`could not drop ${name}: ${e.message}`));
    if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
  }
}
