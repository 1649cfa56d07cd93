// Section 2: search latency over 100,000 generated products on PostgreSQL. Sequential
// POST /products requests (one at a time: the latency a shopper sees), varied realistic terms,
// with and without category and price filters; the same requests against the baseline server
// (same bytes from memory) show what the transfer alone costs.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureOf } from './load.mjs';
import { createPgDatabase, dropPgDatabase, openDb, startApi, stopChild } from './stack.mjs';
import { PORTS, log, median, percentile, round } from './util.mjs';

// Vocabulary of the generated catalogue: product = brand + adjective + colour + noun, in one of the
// shop's three categories, with a description from materials, features and a city.
const NOUNS = {
  Electronics: [
    'Smartphone',
    'Laptop',
    'Headphones',
    'Earbuds',
    'Smartwatch',
    'Speaker',
    'Tablet',
    'Camera',
    'Monitor',
    'Keyboard',
    'Mouse',
    'Charger',
    'Power Bank',
    'Router',
    'Drone',
  ],
  Accessories: [
    'Backpack',
    'Wallet',
    'Sunglasses',
    'Belt',
    'Watch Strap',
    'Phone Case',
    'Handbag',
    'Cap',
    'Umbrella',
    'Water Bottle',
    'Laptop Sleeve',
    'Keychain',
    'Scarf',
    'Tote Bag',
    'Travel Pouch',
  ],
  Clothing: [
    'T-Shirt',
    'Shirt',
    'Jeans',
    'Kurta',
    'Saree',
    'Jacket',
    'Hoodie',
    'Sneakers',
    'Dress',
    'Shorts',
    'Trousers',
    'Sweater',
    'Dupatta',
    'Track Pants',
    'Sandals',
  ],
};
const BRANDS = [
  'Aurora',
  'Zenith',
  'Nimbus',
  'Kestrel',
  'Lotus',
  'Vertex',
  'Monsoon',
  'Sahyadri',
  'Indigo',
  'Pinnacle',
  'Quartz',
  'Saffron',
  'Tundra',
  'Nova',
  'Everest',
  'Cobalt',
  'Maple',
  'Orbit',
  'Banyan',
  'Horizon',
  'Peacock',
  'Falcon',
  'Coral',
  'Delta',
  'Ember',
];
const ADJECTIVES = [
  'Classic',
  'Slim',
  'Pro',
  'Ultra',
  'Compact',
  'Premium',
  'Everyday',
  'Sport',
  'Travel',
  'Smart',
  'Lightweight',
  'Rugged',
  'Vintage',
  'Modern',
  'Essential',
  'Deluxe',
  'Urban',
  'Eco',
  'Wireless',
  'Handcrafted',
];
const COLOURS = [
  'Black',
  'White',
  'Navy',
  'Red',
  'Olive',
  'Grey',
  'Maroon',
  'Teal',
  'Mustard',
  'Beige',
  'Blue',
  'Pink',
];
const MATERIALS = [
  'cotton',
  'linen',
  'leather',
  'aluminium',
  'recycled plastic',
  'silk',
  'denim',
  'canvas',
  'stainless steel',
  'wool',
];
const FEATURES = [
  'water resistant',
  'fast charging',
  'machine washable',
  'noise cancelling',
  'two-year warranty',
  'hand stitched',
  'scratch resistant',
  'breathable fabric',
  'long battery life',
  'ergonomic design',
  'anti-slip grip',
  'UV protection',
  'Bluetooth 5.3',
  'quick dry',
  'adjustable fit',
];
const CITIES = [
  'Bengaluru',
  'Mumbai',
  'Delhi',
  'Pune',
  'Chennai',
  'Hyderabad',
  'Kochi',
  'Jaipur',
  'Kolkata',
  'Ahmedabad',
];

const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * One INSERT ... SELECT generate_series: n products, deterministic, spread over the vocabulary.
 * Photos are the catalogue's own, newest last: the newest generated products show the photos of
 * the newest existing ones, in the same order (a page of new arrivals downloads the same images
 * at any catalogue size, so section 6 compares sizes, not photo mixes).
 */
export async function generateProducts(q, n) {
  const categories = Object.keys(NOUNS);
  const nouns = categories.flatMap((c) => NOUNS[c]);
  const nounCount = NOUNS.Electronics.length;
  await q(
    `WITH v AS (
       SELECT ${sqlArray(categories)} AS cat, ${sqlArray(nouns)} AS noun, ${sqlArray(BRANDS)} AS brand,
              ${sqlArray(ADJECTIVES)} AS adj, ${sqlArray(COLOURS)} AS colour, ${sqlArray(MATERIALS)} AS mat,
              ${sqlArray(FEATURES)} AS feat, ${sqlArray(CITIES)} AS city,
              (SELECT array_agg(photo_hash ORDER BY productid) FROM products) AS photos,
              (SELECT array_agg(userid ORDER BY userid) FROM users) AS sellers
     ), g AS (
       -- One independent pseudo-random pick per attribute (hashint4 with a different salt each).
       SELECT s, (hashint4(s)::bigint & 2147483647) AS h1, (hashint4(s + 1000003)::bigint & 2147483647) AS h2, (hashint4(s + 2000003)::bigint & 2147483647) AS h3,
              (hashint4(s + 3000017)::bigint & 2147483647) AS h4, (hashint4(s + 4000037)::bigint & 2147483647) AS h5, (hashint4(s + 5000011)::bigint & 2147483647) AS h6,
              (hashint4(s + 6000047)::bigint & 2147483647) AS h7, (hashint4(s + 7000003)::bigint & 2147483647) AS h8, (hashint4(s + 8000009)::bigint & 2147483647) AS h9
       FROM generate_series(1, $1::int) s
     )
     INSERT INTO products (productname, title, description, price, rating, photo_hash, photo_hashes, location, userid)
     SELECT v.brand[1 + g.h1 % ${BRANDS.length}] || ' ' || v.adj[1 + g.h2 % ${ADJECTIVES.length}] || ' '
              || v.colour[1 + g.h3 % ${COLOURS.length}] || ' ' || v.noun[1 + (g.h4 % 3) * ${nounCount} + g.h5 % ${nounCount}],
            v.cat[1 + g.h4 % 3],
            'Made of ' || v.mat[1 + g.h6 % ${MATERIALS.length}] || ', ' || v.feat[1 + g.h7 % ${FEATURES.length}]
              || ' and ' || v.feat[1 + (g.h7 / ${FEATURES.length}) % ${FEATURES.length}] || '. Ships from '
              || v.city[1 + g.h8 % ${CITIES.length}] || ' within two days.',
            (199 + g.h9 % 90000)::numeric(12, 2),
            (1 + (g.h9 / 90000) % 41 / 10.0)::numeric(2, 1),
            v.photos[array_length(v.photos, 1) - ($1::int - g.s) % array_length(v.photos, 1)],
            jsonb_build_array(v.photos[array_length(v.photos, 1) - ($1::int - g.s) % array_length(v.photos, 1)]),
            v.city[1 + g.h8 % ${CITIES.length}],
            v.sellers[1 + g.s % least(3, array_length(v.sellers, 1))]
     FROM g CROSS JOIN v`,
    [n],
  );
  // The catalogue as a shop has it, not one second after a bulk load: VACUUM moves the rows
  // just inserted out of the trigram index's pending list (a search reads that list through
  // until then) and gives the table its statistics; CHECKPOINT writes the load's pages now, not
  // while queries are measured. Autovacuum would do the first within a minute anyway, at a
  // moment of its choosing.
  await q('VACUUM (ANALYZE) products');
  // Needs a superuser or pg_checkpoint; without either the run goes on (its figures are then less steady).
  await q('CHECKPOINT').catch(() => undefined);
}

/** The query mix: what shoppers type on the listing page, with its filters. */
function queryMix(count) {
  /** @type {[name: string, make: (i: number) => Record<string, string | number>][]} */
  const classes = [
    [
      'one word',
      (i) => ({
        productname: [...NOUNS.Electronics, ...NOUNS.Accessories, ...NOUNS.Clothing][i % 45]
          .split(' ')[0]
          .toLowerCase(),
      }),
    ],
    [
      'brand + noun',
      (i) => ({ productname: `${BRANDS[i % BRANDS.length]} ${NOUNS.Clothing[(i * 3) % 15].split(' ')[0]}` }),
    ],
    [
      'two words',
      (i) => ({
        productname: `${COLOURS[i % COLOURS.length].toLowerCase()} ${MATERIALS[(i * 7) % MATERIALS.length].split(' ')[0]}`,
      }),
    ],
    [
      'word + category',
      (i) => ({ productname: ADJECTIVES[i % ADJECTIVES.length].toLowerCase(), category: Object.keys(NOUNS)[i % 3] }),
    ],
    [
      'word + price range',
      (i) => ({
        productname: NOUNS.Electronics[i % 15].split(' ')[0].toLowerCase(),
        minPrice: 1000,
        maxPrice: 5000 + (i % 5) * 1000,
      }),
    ],
    [
      'brand + category + max price',
      (i) => ({
        productname: BRANDS[(i * 7) % BRANDS.length].toLowerCase(),
        category: Object.keys(NOUNS)[(i + 1) % 3],
        maxPrice: 2000 + (i % 4) * 500,
      }),
    ],
    ['no match', (i) => ({ productname: `qzx${i % 7}vb` })],
  ];
  const out = [];
  for (let i = 0; i < count; i++) {
    const [name, make] = classes[i % classes.length];
    out.push({ cls: name, body: make(Math.floor(i / classes.length)) });
  }
  return out;
}

/** One search; the time runs from sending the request to the last byte of the reply (not parsing it). */
async function timed(url, body) {
  const t0 = performance.now();
  const res = await fetch(`${url}/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
    body,
    signal: AbortSignal.timeout(60000),
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  let json;
  try {
    json = JSON.parse(buffer.toString('utf8'));
  } catch {
    /* not JSON */
  }
  return { ms, res: { status: res.status, headers: res.headers, buffer, json } };
}

export async function benchSearch({ opts, baseline, workRoot }) {
  const workDir = mkdtempSync(join(workRoot, 'search-'));
  const dbName = `bench_search_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const databaseUrl = await createPgDatabase(dbName);
  const port = PORTS.apiSearch;
  const apiUrl = `http://127.0.0.1:${port}`;
  let api = null;
  try {
    log(`[search] PostgreSQL database ${dbName}: first start, then ${opts.searchProducts} generated products`);
    api = await startApi({
      port,
      databaseUrl,
      workDir,
      logFile: join(workDir, 'api.log'),
      env: { LOG_LEVEL: opts.apiLogLevel },
    });
    const db = await openDb({ databaseUrl });
    let products;
    const t0 = Date.now();
    try {
      await generateProducts(db.q, opts.searchProducts);
      [{ n: products }] = await db.q('SELECT count(*)::int AS n FROM products');
    } finally {
      await db.close();
    }
    const insertSeconds = round((Date.now() - t0) / 1000, 1);
    log(`[search] ${products} products in the catalogue (generated in ${insertSeconds} s)`);

    const mix = queryMix(opts.searchQueries);
    // Warm-up: each distinct query once (also captures the baseline's fixtures).
    const fixtures = new Map();
    for (const { body } of mix) {
      const text = JSON.stringify(body);
      if (fixtures.has(text)) continue;
      const { res } = await timed(apiUrl, text);
      if (res.status !== 200) throw new Error(`search ${text} answered ${res.status}: ${res.json?.msg}`);
      fixtures.set(text, fixtureOf('POST', '/products', text, res));
    }
    await baseline.set([...fixtures.values()]);
    const samples = [];
    for (let run = 0; run < opts.runs; run++) {
      for (const { cls, body } of mix) {
        const text = JSON.stringify(body);
        const a = await timed(apiUrl, text);
        const b = await timed(baseline.url, text);
        samples.push({
          run,
          cls,
          body: text,
          ms: a.ms,
          baselineMs: b.ms,
          status: a.res.status,
          rows: a.res.json?.data?.length ?? null,
          bytes: a.res.buffer.length,
        });
      }
    }
    const stats = (list) => ({
      requests: list.length,
      p50: round(
        percentile(
          list.map((s) => s.ms),
          50,
        ),
        2,
      ),
      p95: round(
        percentile(
          list.map((s) => s.ms),
          95,
        ),
        2,
      ),
      max: round(Math.max(...list.map((s) => s.ms)), 2),
      baselineP50: round(
        percentile(
          list.map((s) => s.baselineMs),
          50,
        ),
        2,
      ),
      baselineP95: round(
        percentile(
          list.map((s) => s.baselineMs),
          95,
        ),
        2,
      ),
      rowsMedian: median(list.map((s) => s.rows)),
      rowsMax: Math.max(...list.map((s) => s.rows ?? 0)),
      bytesMedian: median(list.map((s) => s.bytes)),
      errors: list.filter((s) => s.status !== 200).length,
    });
    const byClass = {};
    for (const cls of new Set(samples.map((s) => s.cls))) byClass[cls] = stats(samples.filter((s) => s.cls === cls));
    const perRun = [];
    for (let run = 0; run < opts.runs; run++) perRun.push({ run, ...stats(samples.filter((s) => s.run === run)) });
    const overall = stats(samples);
    log(
      `[search] p50 ${overall.p50} ms, p95 ${overall.p95} ms (baseline p95 ${overall.baselineP95} ms), median ${overall.rowsMedian} rows`,
    );
    return {
      database: `PostgreSQL database ${dbName} (dropped after the run)`,
      products,
      insertSeconds,
      queriesPerRun: mix.length,
      runs: opts.runs,
      // The quoted p50/p95: the median over runs of each run's percentile.
      p50: median(perRun.map((r) => r.p50)),
      p95: median(perRun.map((r) => r.p95)),
      baselineP95: median(perRun.map((r) => r.baselineP95)),
      overall,
      byClass,
      perRun,
    };
  } finally {
    if (api) await stopChild(api);
    await dropPgDatabase(dbName).catch((e) => log(`could not drop ${dbName}: ${e.message}`));
    if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
  }
}
