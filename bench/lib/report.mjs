// The targets of issue 6 evaluated against a results object, and the readable tables.
import { round } from './util.mjs';

const fmt = (x, digits = 1) =>
  x === null || x === undefined || Number.isNaN(x) ? '–' : typeof x === 'number' ? String(round(x, digits)) : String(x);
const pct = (x) => (x === null || x === undefined ? '–' : `${round(x * 100, Math.abs(x) < 0.1 ? 2 : 0)}%`);

/** The pages whose server-rendered first view issue 19 times. */
/** Plain bids per second on PostgreSQL before proxy bidding (issue 25's floor for maximum bids). */
const BID_TARGET = 1679;
const ISSUE_19_PAGES = ['home', 'product', 'auctionitem'];

/**
 * Issue 19's first-view rows of one page: LCP ≤ 600 ms; CLS 0 and no long task over 100 ms
 * before LCP. `x` and `floor` hold lcp, cls and longestTaskBeforeLcp (medians).
 */
function firstViewRows(id, what, x, floor, lcpBase) {
  const lcpOk = x?.lcp != null;
  const lt = x?.longestTaskBeforeLcp;
  const stillOk = x?.cls != null && lt != null;
  return [
    {
      id: `${id}-lcp`,
      figure: `${what}, server-rendered: LCP, 4× CPU`,
      ours: lcpOk ? `${fmt(x.lcp, 0)} ms` : 'not measured',
      base: lcpBase,
      ratio: null,
      target: '≤ 600 ms',
      met: lcpOk ? x.lcp <= 600 : null,
      gap: lcpOk ? (x.lcp <= 600 ? `met by ${fmt(600 - x.lcp, 0)} ms` : `${fmt(x.lcp - 600, 0)} ms over`) : '',
    },
    {
      id: `${id}-steady`,
      figure: `${what}: CLS; longest long task before LCP`,
      ours: stillOk ? `${fmt(x.cls, 3)}; ${fmt(lt, 0)} ms` : 'not measured',
      base: floor ? `${fmt(floor.cls, 3)}; ${fmt(floor.longestTaskBeforeLcp, 0)} ms (floor)` : '–',
      ratio: null,
      target: 'CLS 0; ≤ 100 ms',
      met: stillOk ? x.cls === 0 && lt <= 100 : null,
      gap: stillOk
        ? [
            x.cls === 0 ? 'CLS 0' : `CLS ${fmt(x.cls, 3)}`,
            lt <= 100 ? `task met by ${fmt(100 - lt, 0)} ms` : `task ${fmt(lt - 100, 0)} ms over`,
          ].join('; ')
        : '',
    },
  ];
}

/** Issue 19's TTFB rows: an uncached page ≤ 200 ms, a cached one ≤ 50 ms (medians of plain HTTP requests). */
function ttfbRows(id, what, ttfb) {
  if (!ttfb) return [];
  const row = (kind, limit, x, label) => ({
    id: `${id}-ttfb-${kind}`,
    figure: `Rendering server TTFB, ${label} (${ttfb.pages} product pages, br; ${what})`,
    ours: `${fmt(x.ms)} ms (slowest ${fmt(x.maxMs)})`,
    base: `${fmt(ttfb.baseline.ms)} ms (node:http, same bytes)`,
    ratio: null,
    target: `≤ ${limit} ms`,
    met: x.ms <= limit,
    gap: x.ms <= limit ? `met by ${fmt(limit - x.ms)} ms` : `${fmt(x.ms - limit)} ms over (×${fmt(x.ms / limit, 1)})`,
  });
  return [
    row('uncached', 200, ttfb.uncached, 'uncached page (its first request)'),
    row('cached', 50, ttfb.cached, 'cached page (the same pages again)'),
  ];
}

/**
 * Each target: {figure, ours, base, ratio, target, met, gap}. met is null when the figure was not
 * measured in this run (or in a kept section).
 */
export function evaluateTargets(results) {
  const t = [];
  const api = results.sections.api?.databases ?? {};
  const dbName = { pglite: 'PGlite', postgres: 'PostgreSQL' };

  for (const [ep, label] of [
    ['products', 'GET /products'],
    ['product', 'GET /product/{id}'],
  ]) {
    for (const kind of ['pglite', 'postgres']) {
      const e = api[kind]?.endpoints?.[ep];
      const ok = e?.ratio != null;
      t.push({
        id: `${ep}-${kind}`,
        figure: `${label} on ${dbName[kind]}: req/s vs node:http baseline`,
        ours: ok ? `${fmt(e.api.reqPerSec, 0)} req/s` : e?.failed ? 'failed' : 'not measured',
        base: ok ? `${fmt(e.baseline.reqPerSec, 0)} req/s` : '–',
        ratio: ok ? e.ratio : null,
        target: '≥ 80% of baseline',
        met: ok ? e.ratio >= 0.8 : null,
        gap: ok
          ? e.ratio >= 0.8
            ? `met by ${pct(e.ratio - 0.8)} points`
            : `${pct(0.8 - e.ratio)} points short: needs ${fmt(0.8 * e.baseline.reqPerSec, 0)} req/s, ×${fmt((0.8 * e.baseline.reqPerSec) / e.api.reqPerSec, 1)}`
          : '',
      });
    }
  }

  const bid = api.postgres?.endpoints?.bid;
  {
    const ok = bid?.api?.reqPerSec != null;
    const lost = bid?.checks?.lost;
    const rate = bid?.api?.reqPerSec;
    const met = ok ? rate >= BID_TARGET && lost === 0 && bid.checks.itemsInconsistent === 0 : null;
    t.push({
      id: 'bids-postgres',
      figure: `Maximum bids on PostgreSQL, ${bid?.connections ?? 100} concurrent bidders: accepted/s, lost`,
      ours: ok
        ? `${fmt(rate, 0)} accepted/s, ${lost} lost`
        : bid?.available === false
          ? 'not available'
          : bid?.failed
            ? 'failed'
            : 'not measured',
      base: ok ? `${fmt(bid.baseline.reqPerSec, 0)} req/s` : '–',
      ratio: ok ? bid.ratio : null,
      target: '≥ 1,679 accepted/s (plain bids before proxy bidding), 0 lost',
      met,
      gap: ok
        ? [
            rate >= BID_TARGET ? 'rate met' : `${fmt(BID_TARGET - rate, 0)}/s short (×${fmt(BID_TARGET / rate, 1)})`,
            lost === 0 ? '0 lost' : `${lost} LOST`,
          ].join('; ')
        : '',
    });
  }

  const order = api.postgres?.endpoints?.order;
  {
    const ok = order?.api?.reqPerSec != null;
    const dup = order?.checks?.duplicates;
    const rate = order?.api?.reqPerSec;
    t.push({
      id: 'orders-postgres',
      figure: 'Orders on PostgreSQL (stock taken): placed/s, duplicates, oversold',
      ours: ok
        ? `${fmt(rate, 0)} orders/s, ${dup} duplicates, ${order.checks.oversold ?? '?'} oversold`
        : order?.available === false
          ? 'not available'
          : order?.failed
            ? 'failed'
            : 'not measured',
      base: ok ? `${fmt(order.baseline.reqPerSec, 0)} req/s` : '–',
      ratio: ok ? order.ratio : null,
      target: '≥ 300/s, 0 duplicates, 0 oversold',
      met: ok
        ? rate >= 300 && dup === 0 && order.checks.lost === 0 && !order.checks.oversold && !order.checks.stockMismatched
        : null,
      gap: ok
        ? [
            rate >= 300 ? 'rate met' : `${fmt(300 - rate, 0)}/s short (×${fmt(300 / rate, 1)})`,
            dup === 0 ? '0 duplicates' : `${dup} DUPLICATES`,
            order.checks.lost ? `${order.checks.lost} LOST` : null,
            order.checks.oversold ? `${order.checks.oversold} OVERSOLD` : null,
            order.checks.stockMismatched ? `${order.checks.stockMismatched} STOCK MISMATCHED` : null,
          ]
            .filter(Boolean)
            .join('; ')
        : '',
    });
  }

  const s = results.sections.search;
  {
    const ok = s?.p95 != null;
    t.push({
      id: 'search-p95',
      figure: `Search over ${s?.products ?? '100,000'} products (PostgreSQL): p95`,
      ours: ok ? `${fmt(s.p95)} ms (p50 ${fmt(s.p50)} ms)` : s?.error ? 'failed' : 'not measured',
      base: ok ? `${fmt(s.baselineP95)} ms (same bytes from memory)` : '–',
      ratio: null,
      target: '≤ 20 ms',
      met: ok ? s.p95 <= 20 : null,
      gap: ok
        ? s.p95 <= 20
          ? `met by ${fmt(20 - s.p95)} ms`
          : `${fmt(s.p95 - 20)} ms over (×${fmt(s.p95 / 20, 1)})`
        : '',
    });
  }

  const frontend = results.sections.frontend;
  const home = frontend?.pages?.home;
  {
    // Issue 19: the gzip size of every JS response of the home page (each fetched again with
    // Accept-Encoding: gzip); results from before it have the bytes as sent only (br).
    const gz = home?.app?.jsGzipKB;
    const kb = gz ?? home?.app?.jsKB;
    const ok = kb != null;
    t.push({
      id: 'home-js',
      figure:
        gz != null
          ? 'Home first load: JS, gzip (each JS response fetched again with Accept-Encoding: gzip)'
          : 'Home first load: JS transferred (as sent)',
      ours: ok
        ? `${fmt(kb)} KB in ${home.app.jsRequests} files${gz != null ? ` (${fmt(home.app.jsKB)} KB as sent, br)` : ''}`
        : 'not measured',
      base: ok ? `${fmt(home.floor.jsKB)} KB (floor)` : '–',
      ratio: null,
      target: '≤ 160 KB',
      met: ok ? kb <= 160 : null,
      gap: ok ? (kb <= 160 ? `met by ${fmt(160 - kb)} KB` : `${fmt(kb - 160)} KB over (×${fmt(kb / 160, 2)})`) : '',
    });
  }
  if (frontend?.render) {
    // Issue 19: the server-rendered first view, demo catalogue.
    for (const page of ISSUE_19_PAGES) {
      const p = frontend.pages?.[page];
      if (p)
        t.push(
          ...firstViewRows(
            `ssr-${page}`,
            `${p.path} (demo catalogue)`,
            p.app,
            p.floor,
            `${fmt(p.floor.lcp, 0)} ms (floor)`,
          ),
        );
    }
    t.push(...ttfbRows('ssr', 'demo catalogue', frontend.render.ttfb));
    const tp = frontend.render.throughput;
    if (tp) {
      const ok = tp.reqPerSec != null;
      t.push({
        id: 'ssr-throughput',
        figure: `Rendering server, a cached product page (br, ${tp.connections} connections): pages/s`,
        ours: ok ? `${fmt(tp.reqPerSec, 0)}/s, p99 ${fmt(tp.p99, 0)} ms` : 'failed',
        base: ok ? `${fmt(tp.baselineReqPerSec, 0)}/s, p99 ${fmt(tp.baselineP99, 0)} ms (node:http, same bytes)` : '–',
        ratio: ok ? tp.ratio : null,
        target: '≥ 1,000/s',
        met: ok ? tp.reqPerSec >= 1000 : null,
        gap: ok
          ? tp.reqPerSec >= 1000
            ? `met by ${fmt(tp.reqPerSec - 1000, 0)}/s`
            : `${fmt(1000 - tp.reqPerSec, 0)}/s short (×${fmt(1000 / tp.reqPerSec, 1)})`
          : '',
      });
    }
  } else {
    const lcpOk = home?.app?.lcp != null;
    t.push({
      id: 'home-lcp',
      figure: 'Home first load: LCP, 4× CPU throttling',
      ours: lcpOk ? `${fmt(home.app.lcp, 0)} ms` : 'not measured',
      base: lcpOk ? `${fmt(home.floor.lcp, 0)} ms (floor)` : '–',
      ratio: null,
      target: '≤ 1,200 ms',
      met: lcpOk ? home.app.lcp <= 1200 : null,
      gap: lcpOk
        ? home.app.lcp <= 1200
          ? `met by ${fmt(1200 - home.app.lcp, 0)} ms`
          : `${fmt(home.app.lcp - 1200, 0)} ms over (×${fmt(home.app.lcp / 1200, 1)})`
        : '',
    });
    const clsOk = home?.app?.cls != null;
    t.push({
      id: 'home-cls',
      figure: 'Home first load: CLS',
      ours: clsOk ? fmt(home.app.cls, 3) : 'not measured',
      base: clsOk ? `${fmt(home.floor.cls, 3)} (floor)` : '–',
      ratio: null,
      target: '≤ 0.05',
      met: clsOk ? home.app.cls <= 0.05 : null,
      gap: clsOk ? (home.app.cls <= 0.05 ? 'met' : `${fmt(home.app.cls - 0.05, 3)} over`) : '',
    });
  }

  // Issue 15: every page at scale within 10% of the same page with the demo catalogue.
  const scale = results.sections.scale;
  if (scale?.ratios) {
    for (const [page, r] of Object.entries(scale.ratios)) {
      const s = scale.datasets.scale.pages[page];
      const d = scale.datasets.demo.pages[page];
      const worst = Math.max(r.lcp ?? 0, r.transferredKB ?? 0, r.jsHeapMB ?? 0);
      t.push({
        id: `scale-${page}`,
        figure: `${s.path} at ${scale.scale.products.toLocaleString('en')} products: LCP, bytes, JS heap ÷ demo catalogue`,
        ours: `${fmt(s.lcp, 0)} ms, ${fmt(s.transferredKB)} KB, ${fmt(s.jsHeapMB)} MB`,
        base: `${fmt(d.lcp, 0)} ms, ${fmt(d.transferredKB)} KB, ${fmt(d.jsHeapMB)} MB (demo)`,
        ratio: worst || null,
        target: 'each ≤ 110% of demo',
        met: worst ? worst <= 1.1 : null,
        gap: `LCP ×${fmt(r.lcp, 2)}, bytes ×${fmt(r.transferredKB, 2)}, heap ×${fmt(r.jsHeapMB, 2)}`,
      });
    }
    const products = scale.datasets.scale.reads.products;
    if (products?.bytes) {
      const kb = products.bytes.sent / 1024;
      t.push({
        id: 'scale-products-bytes',
        figure: `GET /products at ${scale.scale.products.toLocaleString('en')} products: reply as sent (${products.bytes.encoding})`,
        ours: `${fmt(kb)} KB (${fmt(products.bytes.identity / 1024)} KB uncompressed, ${products.bytes.rows} products)`,
        base: '–',
        ratio: null,
        target: '≤ 64 KB compressed',
        met: kb <= 64 && products.bytes.encoding !== 'identity',
        gap:
          products.bytes.encoding === 'identity'
            ? 'not compressed'
            : kb <= 64
              ? `met by ${fmt(64 - kb)} KB`
              : `${fmt(kb - 64)} KB over`,
      });
    }
    if (products?.ratio != null) {
      t.push({
        id: 'scale-products-rate',
        figure: `GET /products at ${scale.scale.products.toLocaleString('en')} products (PostgreSQL, compressed): req/s vs node:http baseline`,
        ours: `${fmt(products.reqPerSec, 0)} req/s`,
        base: `${fmt(products.baselineReqPerSec, 0)} req/s`,
        ratio: products.ratio,
        target: '≥ 80% of baseline',
        met: products.ratio >= 0.8,
        gap: products.ratio >= 0.8 ? `met by ${pct(products.ratio - 0.8)}` : `${pct(0.8 - products.ratio)} short`,
      });
    }
  }

  // Issue 19 at 100,000 products: the same first-view targets, beside the demo half and the floor.
  const atScale = scale?.datasets?.scale;
  if (atScale?.ttfb) {
    const demo = scale.datasets.demo;
    const n = scale.scale.products.toLocaleString('en');
    for (const page of ISSUE_19_PAGES) {
      const s = atScale.pages?.[page];
      if (!s) continue;
      const d = demo?.pages?.[page];
      t.push(
        ...firstViewRows(
          `scale-ssr-${page}`,
          `${s.path} at ${n} products`,
          s,
          s.floor,
          `${fmt(d?.lcp, 0)} ms (demo), ${fmt(s.floor?.lcp, 0)} ms (floor)`,
        ),
      );
    }
    t.push(...ttfbRows('scale-ssr', `${n} products`, atScale.ttfb));
  }

  t.push(...hostileRows(results.sections.hostile));
  t.push(...auctionRows(results.sections.auctions));
  t.push(...lighthouseRows(results.sections.lighthouse));
  t.push(...telemetryRows(results.sections.lighthouse?.telemetry));

  const b = results.sections.build;
  {
    const ok = b?.seconds != null;
    t.push({
      id: 'build',
      figure: 'Production build of the four front ends',
      ours: ok ? `${fmt(b.seconds)} s` : b?.error ? 'failed' : 'not measured',
      base: '–',
      ratio: null,
      target: '≤ 60 s',
      met: ok ? b.seconds <= 60 : null,
      gap: ok ? (b.seconds <= 60 ? `met by ${fmt(60 - b.seconds)} s` : `${fmt(b.seconds - 60)} s over`) : '',
    });
  }
  return t;
}

/**
 * Issue 28's rows: one per page, Lighthouse's mobile figures (medians) against the targets: score
 * ≥ 95, TBT ≤ 150 ms, LCP ≤ 1.25 × the static floor's, INP of a tap ≤ 100 ms, CLS 0.
 */
function lighthouseRows(l) {
  if (!l?.pages) return [];
  const T = l.targets;
  return Object.entries(l.pages).map(([name, p]) => {
    const a = p.app;
    const lcpLimit = p.floor.lcp * T.lcpOverFloor;
    const checks = [
      [a.performance >= T.performance, `score ${a.performance}`, `score ${T.performance - a.performance} short`],
      [a.tbt <= T.tbtMs, 'TBT', `TBT ${fmt(a.tbt - T.tbtMs, 0)} ms over`],
      [a.lcp <= lcpLimit, 'LCP', `LCP ${fmt(a.lcp - lcpLimit, 0)} ms over ${T.lcpOverFloor}× floor`],
      [
        p.inp !== null && p.inp <= T.inpMs,
        'INP',
        p.inp === null ? 'INP not recorded' : `INP ${fmt(p.inp - T.inpMs, 0)} ms over`,
      ],
      [a.cls <= T.cls, 'CLS 0', `CLS ${fmt(a.cls, 3)}`],
    ];
    const taps = Object.entries(p.taps)
      .map(
        ([tap, x]) => `${tap === 'addToCart' ? 'Add to Cart' : 'menu'} ${x.inp === null ? '–' : `${fmt(x.inp, 0)} ms`}`,
      )
      .join(', ');
    return {
      id: `lighthouse-${name}`,
      figure: `Lighthouse mobile, ${p.path}: performance; LCP; TBT; CLS; INP of a tap (${taps})`,
      ours: `${a.performance}; ${fmt(a.lcp / 1000, 2)} s; ${fmt(a.tbt, 0)} ms; ${fmt(a.cls, 3)}; ${p.inp === null ? '–' : `${fmt(p.inp, 0)} ms`}`,
      base: `floor ${p.floor.performance}; ${fmt(p.floor.lcp / 1000, 2)} s (LCP ×${fmt(p.lcpOverFloor, 2)})`,
      ratio: null,
      target: `≥ ${T.performance}; ≤ ${T.lcpOverFloor}× floor; ≤ ${T.tbtMs} ms; 0; ≤ ${T.inpMs} ms`,
      met: checks.every(([ok]) => ok),
      gap: checks.every(([ok]) => ok)
        ? 'all met'
        : checks
            .filter(([ok]) => !ok)
            .map(([, , miss]) => miss)
            .join('; '),
    };
  });
}

/**
 * Issue 29's row: the field telemetry's main-thread time in a view of the home page (median), at
 * this machine's speed (the target's) and at a phone's 4× CPU, beside the view's whole.
 */
function telemetryRows(tel) {
  const at = tel?.byCpu;
  if (!at?.[1]) return [];
  const phone = at[4] ? `; at 4× CPU ${fmt(at[4].ms, 1)} ms of ${fmt(at[4].mainThreadMs, 0)}` : '';
  return [
    {
      id: 'telemetry-main-thread',
      figure: `Field telemetry's main-thread time, a view of ${tel.path} (web-vitals, observers, beacon)`,
      ours: `CPU time ${fmt(at[1].cpuMs, 1)} ms of the view's ${fmt(at[1].cpuMainThreadMs, 0)}; wall ${fmt(at[1].ms, 1)} ms (${fmt(at[1].share, 2)} %)${phone}`,
      base: `the view's main thread in the same trace`,
      ratio: null,
      target: `≤ ${tel.targetMs} ms`,
      met: at[1].sent > 0 && at[1].cpuMs <= tel.targetMs,
      gap:
        at[1].sent === 0
          ? 'no beacon sent'
          : at[1].cpuMs <= tel.targetMs
            ? 'met'
            : `${fmt(at[1].cpuMs - tel.targetMs, 1)} ms over`,
    },
  ];
}

/** Section 9's telemetry table: each CPU slowdown's medians and the views measured. */
function telemetryTable(tel) {
  const rows = Object.entries(tel.byCpu).map(([cpu, x]) => {
    const loads = x.runs.map((r) => r.loadavg?.[0]).filter((v) => v != null);
    return [
      `${cpu}×`,
      fmt(x.cpuMs, 2),
      fmt(x.cpuMainThreadMs, 0),
      fmt(x.ms, 2),
      fmt(x.webVitals, 2),
      fmt(x.beacon, 2),
      fmt(x.mainThreadMs, 0),
      fmt(x.share, 2),
      `${x.sent}/${x.views}`,
      loads.length ? `${fmt(Math.min(...loads), 2)}–${fmt(Math.max(...loads), 2)}` : '–',
    ];
  });
  return [
    `Field telemetry (issue 29) in a view of ${tel.path} (loaded, the menu tapped, then left so the beacon goes), from a Chromium trace without a profiler: the web-vitals chunk's compile, evaluation and callbacks, and the shell's listeners that send the beacon; medians of the views that sent it. CPU time: the main thread's own (the trace's thread time, which the machine's other work does not inflate), judged against the target at 1×; wall: as the trace's events last, which a busy machine and the 4× slowdown stretch. Target ≤ ${tel.targetMs} ms.`,
    table(
      [
        'CPU',
        'telemetry CPU time ms',
        'view CPU time ms',
        'telemetry wall ms',
        'web-vitals wall ms',
        'beacon wall ms',
        'view wall ms',
        'wall share %',
        'views sent',
        'load (1 min)',
      ],
      rows,
    ),
  ].join('\n\n');
}

/** Section 9: each page's medians beside its floor, the taps, and the causes Lighthouse names. */
function lighthouseTables(l) {
  const rows = [];
  for (const p of Object.values(l.pages)) {
    for (const [which, x] of [
      ['app', p.app],
      ['floor', p.floor],
    ]) {
      const loads = p.runs[which].map((r) => r.loadavg?.[0]).filter((v) => v != null);
      rows.push([
        which === 'app' ? p.path : `${p.path} floor`,
        fmt(x.performance, 0),
        fmt(x.fcp, 0),
        fmt(x.lcp, 0),
        which === 'app' ? fmt(p.lcpOverFloor, 2) : '–',
        fmt(x.tbt, 0),
        fmt(x.cls, 3),
        fmt(x.si, 0),
        which === 'app'
          ? Object.entries(p.taps)
              .map(
                ([tap, t]) =>
                  `${tap === 'addToCart' ? 'Add to Cart' : 'menu'} ${t.inp === null ? '–' : fmt(t.inp, 0)} (${t.recorded}/${t.runs})`,
              )
              .join(', ')
          : '–',
        fmt(x.mainThreadMs, 0),
        fmt(x.bootupMs, 0),
        fmt(x.totalKB, 1),
        fmt(x.benchmarkIndex, 0),
        loads.length ? `${fmt(Math.min(...loads), 2)}–${fmt(Math.max(...loads), 2)}` : '–',
      ]);
    }
  }
  const out = [
    `${l.how}. Targets (issue 28): performance ≥ ${l.targets.performance}, TBT ≤ ${l.targets.tbtMs} ms, LCP ≤ ${l.targets.lcpOverFloor}× the floor's, INP ≤ ${l.targets.inpMs} ms, CLS 0. INP: median ms of the runs (runs in which the trace recorded the interaction / runs). Benchmark index: Lighthouse's own CPU measure of the machine (higher is faster); load: the 1-minute load average at the start of each run.`,
    table(
      [
        'page',
        'performance',
        'FCP ms',
        'LCP ms',
        'LCP ÷ floor',
        'TBT ms',
        'CLS',
        'Speed Index ms',
        'INP ms of a tap',
        'main-thread work ms',
        'JS boot-up ms',
        'total KB',
        'benchmark index',
        'load (1 min)',
      ],
      rows,
    ),
  ];
  const causes = Object.values(l.pages)
    .filter((p) => p.causes.length)
    .map(
      (p) =>
        `- ${p.path}: ${p.causes
          .map((c) => `${c.title} (${c.savingsMs} ms${c.savingsKB ? `, ${c.savingsKB} KB` : ''})`)
          .join('; ')}`,
    );
  if (causes.length)
    out.push(`What Lighthouse names (its opportunities, each page's worst run):\n\n${causes.join('\n')}`);
  // Each run: the simulated figures beside the load Lighthouse watched (unthrottled), whose late
  // LCP puts the page's code on the simulated LCP's path; the API reads the page made itself (a
  // part the server left to the browser); the LCP element of the tap's phone load.
  const runRows = [];
  for (const p of Object.values(l.pages))
    for (const [i, r] of p.runs.app.entries()) {
      const tap = Object.values(p.runs.taps ?? {})[0]?.[i];
      runRows.push([
        p.path,
        i + 1,
        fmt(r.performance, 0),
        `${fmt(r.fcp, 0)} / ${fmt(r.lcp, 0)}`,
        `${fmt(r.observedFcp, 0)} / ${fmt(r.observedLcp, 0)}`,
        fmt(r.tbt, 0),
        r.apiReads ? (r.apiReads.length ? r.apiReads.join(', ') : 'none') : '–',
        r.warmAttempts ?? '–',
        tap?.lcp ? `${tap.lcp.element ?? '–'} at ${tap.lcp.time} ms` : '–',
        fmt(r.benchmarkIndex, 0),
        r.loadavg?.join(' / ') ?? '–',
      ]);
    }
  out.push(
    'Each run (app):',
    table(
      [
        'page',
        'run',
        'performance',
        'simulated FCP / LCP ms',
        'observed FCP / LCP ms (unthrottled)',
        'TBT ms',
        "the page's own API reads",
        'requests until rendered whole',
        'LCP element (phone load before the tap)',
        'benchmark index',
        'load',
      ],
      runRows,
    ),
  );
  return out.join('\n\n');
}

/** Issue 25's rows: auctions that run themselves (section 8). */
function auctionRows(a) {
  if (!a || a.error) return [];
  const rows = [];
  const C = a.close;
  if (a.closeError)
    rows.push({
      id: 'auction-close',
      figure: 'Auction close: effective end → closed with order and notices queued (p99)',
      ours: 'failed',
      base: '–',
      ratio: null,
      target: 'p99 ≤ 5 s, each item closed once with one order and its notices',
      met: false,
      gap: a.closeError,
    });
  if (C) {
    const wrong = Object.values(C.checks).reduce((x, y) => x + y, 0);
    rows.push({
      id: 'auction-close',
      figure: `Auction close: effective end → closed with order and notices queued, ${C.items.toLocaleString('en')} items ending in one minute, ${a.options.apiProcesses} API processes (p99)`,
      ours: `p99 ${fmt(C.p99Ms / 1000, 2)} s (p50 ${fmt(C.p50Ms / 1000, 2)} s, max ${fmt(C.maxMs / 1000, 2)} s)`,
      base: '–',
      ratio: null,
      target: 'p99 ≤ 5 s, each item closed once with one order and its notices',
      met: C.p99Ms <= 5000 && wrong === 0,
      gap: `${C.p99Ms <= 5000 ? 'met' : `${fmt((C.p99Ms - 5000) / 1000, 2)} s over`}; ${wrong === 0 ? 'all checks hold' : `${wrong} items fail a check`}`,
    });
  }
  const F = a.fanOut;
  const B = a.fanOutFloor;
  if (F)
    rows.push({
      id: 'auction-fanout',
      figure: `Live bid event to ${F.pages.toLocaleString('en')} open pages of one item (p99, ${F.events} bids)`,
      ours: `p99 ${fmt(F.p99Ms)} ms (p50 ${fmt(F.p50Ms)} ms), ${F.missed} missed`,
      base: B ? `floor p99 ${fmt(B.p99Ms)} ms (p50 ${fmt(B.p50Ms)} ms)` : '–',
      ratio: B && F.p99Ms ? round(B.p99Ms / F.p99Ms, 2) : null,
      target: 'every page gets every event (report p99)',
      met: F.missed === 0,
      gap: F.missed === 0 ? 'none missed' : `${F.missed} missed`,
    });
  return rows;
}

function auctionTable(a) {
  const C = a.close;
  const F = a.fanOut;
  const B = a.fanOutFloor;
  const lines = [];
  if (a.closeError) lines.push(`Close: failed: ${a.closeError}`);
  if (C)
    lines.push(
      `Close: ${C.items.toLocaleString('en')} items, each with a rival's bid and the leader's automatic answer, ending evenly over one minute; ${a.options.apiProcesses} API processes on one PostgreSQL database, each sweeping. Effective end → closed (with the winner's order and the notices queued in the same transaction): p50 ${fmt(C.p50Ms, 0)} ms, **p99 ${fmt(C.p99Ms, 0)} ms**, max ${fmt(C.maxMs, 0)} ms. Checks (items failing each): ${Object.entries(
        C.checks,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}. Load before: ${a.loadavgBeforeClose?.join(' / ') ?? '–'}.`,
    );
  if (F)
    lines.push(
      `Fan-out: ${F.pages.toLocaleString('en')} event streams on one item (half on each API process, ${F.events} bids one after another, each awaited by every page): p50 ${fmt(F.p50Ms)} ms, **p99 ${fmt(F.p99Ms)} ms**, ${F.missed} missed; the floor (a bare node:http server writing the same events to as many streams, timed the same way: from sending to receipt) p50 ${fmt(B?.p50Ms)} ms, p99 ${fmt(B?.p99Ms)} ms. Load before: ${a.loadavgBeforeFanOut?.join(' / ') ?? '–'}.`,
    );
  return lines.join('\n\n');
}

/** Issue 31's rows: the front-end servers under hostile load (section 7). */
function hostileRows(h) {
  if (!h || h.error) return [];
  const rows = [];
  const F = h.fileFlood;
  if (F) {
    const filesBack = F.openFiles.after != null && F.openFiles.after <= F.openFiles.before + 4;
    const answered = F.beside.answered === F.rounds && F.beside.after;
    rows.push({
      id: 'hostile-files',
      figure: `Shop's server, ${F.rounds} round${F.rounds === 1 ? '' : 's'} of ${F.connections} connections × ${F.pipelined} pipelined GETs of a ${fmt(F.file.bytes / 1024, 0)} KB file, each client leaving at the first bytes: open files before / peak / after`,
      ours: `${F.openFiles.before} / ${F.openFiles.peak} / ${F.openFiles.after ?? 'down'}; ${F.up ? 'up' : '**down**'}; a visitor beside it answered ${F.beside.answered}/${F.rounds}`,
      base: '–',
      ratio: null,
      target: 'open files back to before (+4); up; visitor answered',
      met: filesBack && F.up && answered,
      gap: [
        filesBack
          ? `back in ${fmt(F.openFiles.settledSeconds)} s`
          : `${(F.openFiles.after ?? 0) - F.openFiles.before} files still open`,
        `RSS ${fmt(F.rssMB.before, 0)} → ${fmt(F.rssMB.peak, 0)} → ${fmt(F.rssMB.after, 0)} MB`,
      ].join('; '),
    });
  }
  const U = h.urlFlood;
  if (U) {
    rows.push({
      id: 'hostile-url-memory',
      figure: `Rendering server, ${U.urls.toLocaleString('en')} new search URLs with br, ${U.concurrency} at a time: resident memory at peak`,
      ours: `${fmt(U.rssMB.peak, 0)} MB (before ${fmt(U.rssMB.before, 0)}, 10 s after ${fmt(U.rssMB.after, 0)})`,
      base: `budget ${fmt(U.rssMB.budget, 0)} MB = before + 32 (pages) + 64 (compressed replies)`,
      ratio: null,
      target: '≤ budget',
      met: U.rssMB.peak <= U.rssMB.budget,
      gap:
        U.rssMB.peak <= U.rssMB.budget
          ? `${fmt(U.rssMB.budget - U.rssMB.peak, 0)} MB under`
          : `${fmt(U.rssMB.peak - U.rssMB.budget, 0)} MB over`,
    });
    rows.push({
      id: 'hostile-url-cpu',
      figure: 'Rendering server: CPU seconds in the 10 s after that flood (work it left behind)',
      ours: `${fmt(U.cpuSeconds.tenSecondsAfter, 2)} s`,
      base: 'before the fix: a core busy for minutes (10 s in 10 s)',
      ratio: null,
      target: '≤ 1 s',
      met: U.cpuSeconds.tenSecondsAfter <= 1,
      gap: `${fmt(U.cpuSeconds.flood)} s during the flood (${fmt(U.flood.seconds)} s)`,
    });
  }
  const S = h.sitemap;
  if (S) {
    const all200 = (S.status[200] ?? 0) === S.requests;
    rows.push({
      id: 'hostile-sitemap',
      figure: `${S.requests} /sitemap.xml requests at once right after a catalogue change: statuses; the API's reads of /sitemap`,
      ours: `${statuses(S.status)}; ${S.apiReads} read${S.apiReads === 1 ? '' : 's'}; all answered in ${fmt(S.seconds, 2)} s`,
      base: '–',
      ratio: null,
      target: 'all 200, one shared build (1 read)',
      met: all200 && S.apiReads <= 1,
      gap: [
        all200 ? 'all 200' : `${S.requests - (S.status[200] ?? 0)} not 200`,
        S.apiReads === 0 ? 'no read: the change had not dropped the sitemap' : null,
        `${S.apiConnections.most} connections to the API at most (change stream included)`,
      ]
        .filter(Boolean)
        .join('; '),
    });
  }
  const P = h.updateFlood;
  if (P) {
    const ok = P.ratio != null;
    rows.push({
      id: 'hostile-update-flood',
      figure: `Cached pages (${P.pages.length} pages, br, ${P.connections} connections) while a seller updates a product every ${P.everyMs} ms ÷ quiet`,
      ours: ok ? `${fmt(P.flood.reqPerSec, 0)}/s, p99 ${fmt(P.flood.p99, 0)} ms` : 'failed',
      base: ok ? `${fmt(P.quiet.reqPerSec, 0)}/s, p99 ${fmt(P.quiet.p99, 0)} ms (quiet)` : '–',
      ratio: ok ? P.ratio : null,
      target: '≥ 80% of quiet',
      met: ok ? P.ratio >= 0.8 : null,
      gap: ok ? (P.ratio >= 0.8 ? `met by ${pct(P.ratio - 0.8)} points` : `${pct(0.8 - P.ratio)} points short`) : '',
    });
  }
  const N = h.softNotFound;
  if (N) {
    const all404 = (N.status[404] ?? 0) === N.requests;
    rows.push({
      id: 'hostile-soft-404',
      figure: `${N.requests} unknown URLs while the one render slot is busy (RENDER_CONCURRENCY=1): statuses`,
      ours: `${statuses(N.status)} (${N.leftToBrowser} not rendered, ${N.rendered} rendered)`,
      base: '–',
      ratio: null,
      target: 'all 404',
      met: all404,
      gap: all404 ? 'all 404' : `${N.requests - (N.status[404] ?? 0)} not 404`,
    });
  }
  return rows;
}

const mark = (met) => (met === true ? 'met' : met === false ? '**not met**' : '–');

function table(headers, rows) {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map((c) => String(c ?? '–').replace(/\|/g, '\\|')).join(' | ')} |`),
  ].join('\n');
}

function header(results) {
  const m = results.machine;
  const lines = [
    `Run of ${results.date} (${results.command}): ${m.cores} cores (${m.cpuModel}), ${m.memoryGB} GB, Node ${m.node}${m.postgres ? `, PostgreSQL ${m.postgres}` : ''}.`,
    `Machine load (os.loadavg 1/5/15 min) at start ${m.loadavgAtStart.join(' / ')}, at end ${(m.loadavgAtEnd ?? []).join(' / ')}` +
      ` — other work on the same cores makes figures noisy; each section and run records its own load.`,
    `Medians of ${results.options.runs} runs${results.options.quick ? ' (--quick: a smoke run, not figures to quote)' : ''}.`,
  ];
  for (const [name, s] of Object.entries(results.sections))
    if (s.keptFromRunOf) lines.push(`Section ${name}: kept from the run of ${s.keptFromRunOf} (${s.date}).`);
  if (results.errors.length) lines.push(`Errors: ${results.errors.join('; ')}`);
  return lines.join('\n');
}

function targetsTable(results) {
  return table(
    ['figure', 'ours', 'baseline / floor', 'ratio', 'target', 'met', 'by how much'],
    results.targets.map((x) => [
      x.figure,
      x.ours,
      x.base,
      x.ratio == null ? '–' : pct(x.ratio),
      x.target,
      mark(x.met),
      x.gap,
    ]),
  );
}

function apiTables(results) {
  const out = [];
  const dbs = results.sections.api?.databases ?? {};
  for (const [kind, d] of Object.entries(dbs)) {
    out.push(
      `### ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}${d.data ? ` — ${d.data.products} products, ${d.data.auctionItems} auction items, ${d.data.bidders} bidders; API log level ${d.logLevel}${d.mail ? `; mail: ${d.mail}` : ''}` : ''}`,
    );
    if (d.error) {
      out.push(`Failed: ${String(d.error).split('\n')[0]}`);
      continue;
    }
    const rows = [];
    for (const [, e] of Object.entries(d.endpoints ?? {})) {
      if (!e.available) {
        rows.push([e.label, 'not available', '', '', '', '', '', '', '', '']);
        continue;
      }
      if (e.failed) {
        rows.push([e.label, `failed: ${e.failed}`, '', '', '', '', '', '', '', '']);
        continue;
      }
      rows.push([
        e.label,
        e.connections,
        fmt(e.api.reqPerSec, 0),
        fmt(e.api.p50),
        fmt(e.api.p99),
        `${e.api.errors} / ${e.api.non2xx}`,
        fmt(e.baseline.reqPerSec, 0),
        `${fmt(e.baseline.p50)} / ${fmt(e.baseline.p99)}`,
        pct(e.ratio),
        `${e.api.meanResponseBytes ?? '–'} / ${e.baseline.meanResponseBytes ?? '–'}`,
      ]);
    }
    out.push(
      table(
        [
          'endpoint',
          'conns',
          'ours /s',
          'p50 ms',
          'p99 ms',
          'errors / non-2xx',
          'baseline /s',
          'baseline p50 / p99 ms',
          'ratio',
          'mean response bytes ours / baseline',
        ],
        rows,
      ),
    );
    const bid = d.endpoints?.bid;
    if (bid?.checks) {
      out.push(
        `Bids (every one a maximum; every 4th below the leader's, answered by the server: ${bid.checks.autoSteps ?? '–'} automatic steps): ${bid.checks.accepted} accepted (the rate above), ${bid.checks.outbid} refused as outbid in flight (400: a higher bid overtook them; ${fmt(bid.api.outbidPerSec, 0)}/s), ` +
          `**${bid.checks.lost} lost** (acknowledged but not in the database), ${bid.checks.itemsInconsistent} items whose current bid is not their highest stored bid, ` +
          `${bid.checks.unacknowledgedStored} stored bids whose reply was still in flight when a run ended. ${bid.connections} bidders (connections) over ${d.data.auctionItems} items (a fresh set of items per run). ` +
          `A bid's reply carries the item with its newest 5 bids (mean ${bid.api.meanResponseBytes} bytes vs ${bid.baseline.meanResponseBytes} for the reply the baseline serves, captured after the first bid).`,
      );
    }
    const order = d.endpoints?.order;
    if (order?.checks) {
      out.push(
        `Orders: ${order.checks.checkouts} checkouts (each a different user with 1–3 cart lines; every 10th sent twice at once with the same Idempotency-Key), ` +
          `${order.checks.placed} placed (the rate above counts these), ${order.checks.replayed} double submits answered with the first order, ` +
          `**${order.checks.duplicates} duplicates**, ${order.checks.lost} lost, ${order.checks.cartsNotEmptied} carts not emptied; refused: ${JSON.stringify(order.checks.refused)}.` +
          (order.checks.lastUnitRace
            ? ` Last-unit race: ${order.checks.lastUnitRace.shoppers} shoppers ordering the one unit of a product at once: ${order.checks.lastUnitRace.placed} placed, ${order.checks.lastUnitRace.refused} refused (409), ${order.checks.lastUnitRace.other} other answers, all answered in ${order.checks.lastUnitRace.ms} ms; stock after ${order.checks.lastUnitRace.stockAfter}, ${order.checks.lastUnitRace.linesSold} order line.`
            : '') +
          (order.checks.oversold !== undefined
            ? ` Stock: ${order.checks.unitsTaken} units taken, **${order.checks.oversold} oversold** (the CHECK stock >= 0 makes it impossible), ${order.checks.stockMismatched} products whose stock differs from the units ordered.`
            : '') +
          (order.checks.mail
            ? ` Confirmation mails received by the SMTP server: ${order.checks.mail.orderConfirmations} for the ${order.checks.mail.orders} orders in the database (warm-up orders included).`
            : ''),
      );
    }
  }
  return out.join('\n\n');
}

function searchTables(s) {
  const rows = Object.entries(s.byClass).map(([cls, x]) => [
    cls,
    x.requests,
    fmt(x.p50, 2),
    fmt(x.p95, 2),
    fmt(x.baselineP95, 2),
    fmt(x.rowsMedian, 0),
    x.rowsMax,
    fmt(x.bytesMedian / 1024, 1),
    x.errors,
  ]);
  rows.push([
    '**all**',
    s.overall.requests,
    fmt(s.overall.p50, 2),
    fmt(s.overall.p95, 2),
    fmt(s.overall.baselineP95, 2),
    fmt(s.overall.rowsMedian, 0),
    s.overall.rowsMax,
    fmt(s.overall.bytesMedian / 1024, 1),
    s.overall.errors,
  ]);
  return (
    `${s.products} products (generated with one INSERT … SELECT generate_series in ${s.insertSeconds} s, then VACUUM (ANALYZE) and CHECKPOINT); ${s.queriesPerRun} sequential queries per run × ${s.runs} runs. ` +
    `Quoted: p50 ${fmt(s.p50, 2)} ms, p95 ${fmt(s.p95, 2)} ms (median over runs); the baseline answers the same bytes from memory.\n\n` +
    table(
      [
        'query class',
        'requests',
        'p50 ms',
        'p95 ms',
        'baseline p95 ms',
        'rows (median)',
        'rows (max)',
        'reply KB (median)',
        'errors',
      ],
      rows,
    )
  );
}

function frontEndTables(f, { chunks = true } = {}) {
  const rows = [];
  for (const p of Object.values(f.pages)) {
    for (const [which, x] of [
      ['app', p.app],
      ['floor', p.floor],
    ]) {
      rows.push([
        which === 'app' ? `${p.path}` : `${p.path} floor`,
        fmt(x.jsKB),
        which === 'app' ? fmt(x.jsGzipKB) : '–',
        fmt(x.cssKB),
        fmt(x.imgKB),
        fmt(x.docKB + x.apiKB + x.otherKB),
        fmt(x.transferredKB),
        `${x.requests} (${x.jsRequests} JS${x.apiRequests != null ? `, ${x.apiRequests} API` : ''})`,
        fmt(x.docTtfb, 0),
        fmt(x.fcp, 0),
        fmt(x.lcp, 0),
        fmt(x.cls, 3),
        fmt(x.longTaskMs, 0),
        fmt(x.longestTaskBeforeLcp, 0),
        fmt(x.tbt, 0),
      ]);
    }
  }
  const out = [
    f.how + '.',
    table(
      [
        'page',
        'JS KB',
        'JS KB gzip',
        'CSS KB',
        'img KB',
        'doc+data+other KB',
        'transferred KB',
        'requests',
        'TTFB ms',
        'FCP ms',
        'LCP ms',
        'CLS',
        'long tasks ms',
        'longest task before LCP ms',
        'TBT ms',
      ],
      rows,
    ),
  ];
  const errs = Object.entries(f.pages).filter(([, p]) => p.app.pageErrors.length || p.app.failedRequests);
  for (const [name, p] of errs)
    out.push(
      `${name}: ${p.app.failedRequests} failed requests; page errors: ${p.app.pageErrors.join(' | ') || 'none'}`,
    );
  if (f.render) out.push(renderTables(f));
  if (chunks) {
    for (const p of Object.values(f.pages)) {
      out.push(`JS of ${p.path} (first run; federation runtime copies: ${p.federationRuntimeCopies}):`);
      // Results from before issue 19 have the bytes as sent only (named gzipKB then).
      const sentOnly = p.jsFiles.every((j) => j.sentKB === undefined);
      out.push(
        table(
          ['file', 'front end', 'as sent KB', 'gzip KB', 'holds'],
          p.jsFiles.map((j) => [
            new URL(j.url).pathname,
            j.frontEnd,
            `${fmt(sentOnly ? j.gzipKB : j.sentKB)}${j.encoding ? ` ${j.encoding}` : ''}`,
            sentOnly ? '–' : fmt(j.gzipKB),
            j.holds.join(', '),
          ]),
        ),
      );
    }
  }
  return out.join('\n\n');
}

/** Section 3's rendering-server figures: the render checks, TTFB, cached pages per second. */
function renderTables(f) {
  const { ttfb, throughput: tp, log } = f.render;
  const out = [];
  out.push(
    `Rendered on the server (each page's HTML fetched once and checked: the embedded state, the names it shows): ` +
      Object.values(f.pages)
        .map(
          (p) =>
            `${p.path} ${fmt(p.rendered?.htmlKB)} KB${p.rendered?.areaLeftToBrowser ? ' (its area left to the browser)' : ''}`,
        )
        .join(', ') +
      `. Live releases: ${Object.entries(f.releases ?? {})
        .map(([a, id]) => `${a} ${id}`)
        .join(', ')}. ` +
      (log?.lines
        ? `The rendering server's log has ${log.lines} lines of note; the first: ${log.first.map((l) => `\`${l}\``).join(' ')}`
        : "The rendering server's log has no error, warning or page left to the browser."),
  );
  if (ttfb) out.push(ttfbTable([['demo catalogue', ttfb]]));
  if (tp)
    out.push(
      `Cached pages per second: autocannon (keep-alive, ${tp.connections} connections, Accept-Encoding: br) on ${tp.path}, ` +
        `${tp.bytes?.sent} bytes ${tp.bytes?.encoding}, medians of ${tp.runs?.api?.length ?? '–'} runs interleaved with the node:http baseline answering the same bytes.\n\n` +
        table(
          ['page', 'ours /s', 'p50 ms', 'p99 ms', 'errors / non-2xx', 'baseline /s', 'baseline p99 ms', 'ratio'],
          [
            [
              tp.path,
              fmt(tp.reqPerSec, 0),
              fmt(tp.p50),
              fmt(tp.p99),
              `${tp.errors} / ${tp.non2xx}`,
              fmt(tp.baselineReqPerSec, 0),
              fmt(tp.baselineP99),
              pct(tp.ratio),
            ],
          ],
        ),
    );
  return out.join('\n\n');
}

/** TTFB of the rendering server by plain HTTP requests, one row per catalogue. */
function ttfbTable(list) {
  return (
    `Time to first byte by plain HTTP requests from Node (a new connection each, Accept-Encoding: br): uncached = the first request of each product page, cached = the same pages again (3 rounds); medians, with the slowest.\n\n` +
    table(
      ['catalogue', 'pages', 'uncached ms', 'slowest', 'cached ms', 'slowest', 'baseline ms', 'page KB (br)'],
      list.map(([what, t]) => [
        what,
        t.pages,
        fmt(t.uncached.ms),
        fmt(t.uncached.maxMs),
        fmt(t.cached.ms),
        fmt(t.cached.maxMs),
        fmt(t.baseline.ms),
        fmt(t.bodyKB),
      ]),
    )
  );
}

function buildTable(b) {
  return (
    `${b.how}.\n\n` +
    table(
      ['run', 'seconds', 'load at start'],
      b.runs.map((r) => [r.run + 1, fmt(r.seconds), r.loadavg.join(' / ')]),
    ) +
    `\n\nMedian ${fmt(b.seconds)} s. Output: ${Object.entries(b.dist)
      .map(([d, x]) => `${d} ${x.files} files ${fmt(x.bytes / 1024, 0)} KB`)
      .join(', ')}.`
  );
}

const statuses = (st) =>
  Object.entries(st ?? {})
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ') || '–';

/** Section 5: one row per figure, a column per database, and the figure of issue 16 before the fix. */
function abuseTable(a, options) {
  const dbs = Object.entries(a.databases ?? {});
  const failed = dbs
    .filter(([, d]) => d.error)
    .map(([kind, d]) => `${kind}: failed: ${String(d.error).split('\n')[0]}`);
  const ok = dbs.filter(([, d]) => !d.error);
  const row = (figure, get, before = '–') => [figure, ...ok.map(([, d]) => get(d)), before];
  const L = (d) => d.login;
  const S = (d) => d.streams;
  const c = (d, name) => d.counters[name];
  const rows = (x) =>
    `${x.rows} (${['ip', 'email-ip', 'email'].map((k) => x.byKind[k]?.rows ?? 0).join(' / ')}); ${statuses(x.status)} in ${fmt(x.seconds)} s${x.stored != null ? `; ${x.stored} stored` : ''}`;
  const first = ok[0]?.[1];
  const n = first?.counters?.loginOne?.attempts ?? options.abuseAttempts;
  const clients = first?.login?.updatecus?.clients ?? options.floodClients;
  const body = [
    row('login p50 / p99 alone, ms', (d) => `${fmt(L(d).alone.p50, 0)} / ${fmt(L(d).alone.p99, 0)}`, '300'),
    row(
      `login p50 / p99 while ${clients} clients flood PUT /updatecus, ms`,
      (d) => `${fmt(L(d).flood.p50, 0)} / ${fmt(L(d).flood.p99, 0)}`,
      '1,800 on PostgreSQL, 5,500 on PGlite',
    ),
    row(
      'login under the flood ÷ alone (p50 / p99)',
      (d) => `×${fmt(L(d).ratioP50, 2)} / ×${fmt(L(d).ratioP99, 2)}`,
      '×6 on PostgreSQL, ×18 on PGlite',
    ),
    row(
      'the flood: requests/s; statuses (all runs)',
      (d) => `${fmt(L(d).updatecus.perSec, 0)}/s; ${statuses(L(d).updatecus.status)}`,
    ),
    row(
      'API memory (VmRSS) after − before the flood, MB (before); peak during',
      (d) =>
        `${L(d).rssGrowthMB >= 0 ? '+' : ''}${fmt(L(d).rssGrowthMB, 0)} (${fmt(L(d).rssBeforeMB, 0)}); peak +${fmt(L(d).rssPeakGrowthMB, 0)}`,
      '+510',
    ),
    row(
      `live streams one client holds, ${first?.streams?.attempts ?? options.streamAttempts} asked at once`,
      (d) => `${S(d).hostile.held}; ${statuses(S(d).hostile.status)}`,
      '2,000 (the whole process)',
    ),
    row(
      "… the same when they are the process's first streams (not yet listening)",
      (d) => `${S(d).cold.held}; ${statuses(S(d).cold.status)}`,
    ),
    row('streams another client then gets (of 1)', (d) => `${S(d).other.held}`, 'none (503)'),
    row(
      'streams the process holds (20 per further address); above it',
      (d) => `${S(d).processHeld}; ${statuses(S(d).fill.status)}`,
    ),
    row(`rate_limits rows (ip / email-ip / email) after ${n} failed logins for one email, one address`, (d) =>
      rows(c(d, 'loginOne')),
    ),
    row(
      `… after ${n} failed logins with a new email each, one address`,
      (d) => rows(c(d, 'loginMany')),
      '2,001 rows for 2,000 blocked attempts',
    ),
    row(`… after ${n} sign-ups with a new email each, one address`, (d) => rows(c(d, 'signup'))),
    row(`… after ${n} contact messages from one sender, one address`, (d) => rows(c(d, 'contact'))),
  ];
  const dbName = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  return [
    `The real API with its default limits; distinct clients are distinct loopback addresses. Logins: medians over ${options.runs} runs of ${options.abuseLogins} sequential logins alone and ${options.abuseLogins} under the flood (p99 of ${options.abuseLogins} is the slowest); streams and counter rows: once per database (counts). Statuses: count of each reply status.`,
    ...failed,
    ok.length ? table(['figure', ...ok.map(([kind]) => dbName[kind] ?? kind), 'before the fix (issue 16)'], body) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

function scaleTables(sc) {
  const names = Object.keys(sc.datasets.demo?.pages ?? {});
  const pages = table(
    [
      'page',
      'demo: JS KB',
      'all KB',
      'LCP ms',
      'long tasks ms',
      'JS heap MB',
      'at scale: JS KB',
      'all KB',
      'LCP ms',
      'long tasks ms',
      'JS heap MB',
      'LCP ×',
      'bytes ×',
      'heap ×',
    ],
    names.map((n) => {
      const d = sc.datasets.demo.pages[n];
      const s = sc.datasets.scale.pages[n];
      const r = sc.ratios[n];
      return [
        d.path,
        fmt(d.jsKB),
        fmt(d.transferredKB),
        fmt(d.lcp, 0),
        fmt(d.longTaskMs, 0),
        fmt(d.jsHeapMB),
        fmt(s.jsKB),
        fmt(s.transferredKB),
        fmt(s.lcp, 0),
        fmt(s.longTaskMs, 0),
        fmt(s.jsHeapMB),
        fmt(r.lcp, 2),
        fmt(r.transferredKB, 2),
        fmt(r.jsHeapMB, 2),
      ];
    }),
  );
  const reads = table(
    [
      'list read',
      'demo: rows',
      'bytes sent',
      'req/s',
      'baseline',
      'ratio',
      'p99 ms',
      'at scale: rows',
      'bytes sent',
      'uncompressed',
      'req/s',
      'baseline',
      'ratio',
      'p99 ms',
    ],
    Object.keys(sc.datasets.demo?.reads ?? {}).map((k) => {
      const d = sc.datasets.demo.reads[k];
      const s = sc.datasets.scale.reads[k];
      return [
        d.label,
        d.bytes.rows,
        `${d.bytes.sent} ${d.bytes.encoding}`,
        fmt(d.reqPerSec, 0),
        fmt(d.baselineReqPerSec, 0),
        pct(d.ratio),
        fmt(d.p99, 0),
        s.bytes.rows,
        `${s.bytes.sent} ${s.bytes.encoding}`,
        s.bytes.identity,
        fmt(s.reqPerSec, 0),
        fmt(s.baselineReqPerSec, 0),
        pct(s.ratio),
        fmt(s.p99, 0),
      ];
    }),
  );
  const data = (x) =>
    `${x.products.toLocaleString('en')} products, ${x.auctionItems.toLocaleString('en')} auction items, ${x.reviews.toLocaleString('en')} reviews, ${x.ordersOfDemoShopper.toLocaleString('en')} orders of the signed-in shopper`;
  const firstView = [];
  for (const n of names) {
    for (const [what, ds] of [
      ['demo', sc.datasets.demo],
      ['at scale', sc.datasets.scale],
    ]) {
      const x = ds.pages[n];
      if (x?.cls === undefined) continue;
      firstView.push([
        `${x.path} (${what})`,
        fmt(x.docTtfb, 0),
        fmt(x.fcp, 0),
        fmt(x.lcp, 0),
        x.floor ? fmt(x.floor.lcp, 0) : '–',
        fmt(x.cls, 3),
        fmt(x.longestTaskBeforeLcp, 0),
        x.apiRequests ?? '–',
        x.rendered ? `${fmt(x.rendered.htmlKB)} KB${x.rendered.areaLeftToBrowser ? ', area in the browser' : ''}` : '–',
      ]);
    }
  }
  const ttfbs = [
    ['demo', sc.datasets.demo?.ttfb],
    ['at scale', sc.datasets.scale?.ttfb],
  ].filter(([, t]) => t);
  const logs = [
    ['demo', sc.datasets.demo?.renderLog],
    ['at scale', sc.datasets.scale?.renderLog],
  ]
    .filter(([, l]) => l?.lines)
    .map(
      ([what, l]) =>
        `Rendering server's log (${what}): ${l.lines} lines of note; the first: ${l.first.map((x) => `\`${x}\``).join(' ')}`,
    );
  return [
    sc.how,
    `Demo: ${data(sc.datasets.demo.data)}. At scale: ${data(sc.datasets.scale.data)}.`,
    pages,
    ...(firstView.length
      ? [
          "The server-rendered first view (issue 19), medians; the floor is the page's DOM as static HTML:",
          table(
            [
              'page',
              'TTFB ms',
              'FCP ms',
              'LCP ms',
              'floor LCP ms',
              'CLS',
              'longest task before LCP ms',
              'API requests',
              'rendered HTML',
            ],
            firstView,
          ),
        ]
      : []),
    ...(ttfbs.length ? [ttfbTable(ttfbs)] : []),
    ...logs,
    reads,
  ].join('\n\n');
}

/** Section 7: one row per part, what it measured and the machine's load at its start. */
function hostileTables(h) {
  const la = (x) => (x?.loadavg ? x.loadavg.join(' / ') : '–');
  const rows = [];
  const F = h.fileFlood;
  if (F)
    rows.push([
      `1. ${F.rounds} × ${F.connections} connections × ${F.pipelined} pipelined GETs of ${F.file.path} (${fmt(F.file.bytes / 1024, 0)} KB, no Accept-Encoding: streamed from the disk) from one address, each leaving at the first bytes; the shop's server`,
      `open files ${F.openFiles.before} before, ${F.openFiles.peak} at peak, ${F.openFiles.after ?? '–'} after (back in ${fmt(F.openFiles.settledSeconds)} s); RSS ${fmt(F.rssMB.before, 0)} / ${fmt(F.rssMB.peak, 0)} / ${fmt(F.rssMB.after, 0)} MB; ${F.up ? 'up' : '**down**'}; first reply of each connection: ${statuses(F.firstReplies)}; ${F.requests.toLocaleString('en')} requests sent in ${fmt(F.floodSeconds)} s`,
      `${F.beside.answered}/${F.rounds} during (${F.beside.during.map((b) => `${b.status} in ${fmt(b.ms, 0)} ms`).join(', ')}), ${F.beside.after ? 'yes' : 'no'} after`,
      la(F),
    ]);
  const U = h.urlFlood;
  if (U)
    rows.push([
      `2. ${U.urls.toLocaleString('en')} distinct search URLs (${U.example}, …) with Accept-Encoding: br, ${U.concurrency} at a time (keep-alive, one address); the rendering server`,
      `${statuses(U.flood.status)} in ${fmt(U.flood.seconds)} s (${fmt(U.flood.perSec, 0)}/s; ${U.flood.rendered.toLocaleString('en')} rendered on the server, ${fmt(U.flood.renderedMB?.html)} MB of HTML, ${fmt(U.flood.renderedMB?.sent)} MB as sent; the rest the page that renders in the browser: the render slots were busy); RSS ${fmt(U.rssMB.before, 0)} before, ${fmt(U.rssMB.peak, 0)} at peak, ${fmt(U.rssMB.atEnd, 0)} at the end, ${fmt(U.rssMB.after, 0)} 10 s later (budget ${fmt(U.rssMB.budget, 0)} MB: before + 32 MB of pages + 64 MB of compressed replies); CPU ${fmt(U.cpuSeconds.flood)} s during the flood, **${fmt(U.cpuSeconds.tenSecondsAfter, 2)} s in the 10 s after**; ${U.up ? 'up' : '**down**'}`,
      `GET / after: ${U.besideStatus}`,
      la(U),
    ]);
  const S = h.sitemap;
  if (S)
    rows.push([
      `3. ${S.requests} GET /sitemap.xml at once (a new connection each, from 4 addresses) right after PUT /product/${S.product} (its change on the API's stream ${fmt(S.changeSeenMs, 0)} ms later, then ${S.sweepWaitMs} ms for the rendering server's sweep)`,
      `${statuses(S.status)}, ${S.distinctBodies} distinct bodies, all answered in ${fmt(S.seconds, 2)} s; **${S.apiReads} read${S.apiReads === 1 ? '' : 's'} of /sitemap** by the API (its request log); the rendering server's connections to the API: ${S.apiConnections.before} before (the change stream included), ${S.apiConnections.most} at most, ${S.apiConnections.opened} opened`,
      '–',
      la(S),
    ]);
  const P = h.updateFlood;
  if (P) {
    const upd = statuses(P.updates);
    rows.push([
      `4. autocannon (keep-alive, ${P.connections} connections, br) on ${P.pages.join(', ')} in turn, ${P.duration} s quiet, then ${P.duration} s while the seller PUTs /product/${P.product} every ${P.everyMs} ms; runs alternate; medians`,
      `quiet ${fmt(P.quiet.reqPerSec, 0)}/s (p99 ${fmt(P.quiet.p99, 0)} ms), during the updates ${fmt(P.flood.reqPerSec, 0)}/s (p99 ${fmt(P.flood.p99, 0)} ms): **${pct(P.ratio)}**; errors / non-2xx ${P.quiet.errors} / ${P.quiet.non2xx} quiet, ${P.flood.errors} / ${P.flood.non2xx} during; updates answered ${upd}; per run: ${P.runs.quiet.map((q, i) => `${fmt(q.okPerSec, 0)} → ${fmt(P.runs.flood[i].okPerSec, 0)}`).join(', ')}`,
      '–',
      la(P.runs.quiet[0]),
    ]);
  }
  const N = h.softNotFound;
  if (N)
    rows.push([
      `5. the shell's server restarted with RENDER_CONCURRENCY=1; ${N.busyLoops} loops ask new search URLs from one address (the slot kept busy) while ${N.requests} unknown URLs (${N.example}, …, each new) are asked one after another from another`,
      `unknown URLs: **${statuses(N.status)}**, ${N.leftToBrowser} not rendered (the slot was busy), ${N.rendered} rendered; the busy loops: ${statuses(N.busy.status)} in ${fmt(N.busy.seconds)} s (${N.busy.rendered} rendered); ${N.up ? 'up' : '**down**'}`,
      '–',
      la(N),
    ]);
  const out = [
    `${h.how}; ${h.order ?? ''}. Load average (1 / 5 / 15 min) at the start of the section ${h.loadavgAtStart?.join(' / ') ?? '–'}, at its end ${h.loadavgAtEnd?.join(' / ') ?? '–'}.`,
    table(['what', 'measured', 'a visitor beside it', 'load at start'], rows),
  ];
  if (h.renderLog?.lines)
    out.push(
      `The rendering server's log (parts 2–4) has ${h.renderLog.lines} lines of note; the first: ${h.renderLog.first.map((l) => `\`${l}\``).join(' ')}`,
    );
  return out.join('\n\n');
}

function sections(results, { chunks }) {
  const out = [];
  const s = results.sections;
  if (s.api)
    out.push(
      '## 1. API throughput and latency (autocannon; ratio = ours ÷ node:http baseline serving the same bytes)',
      s.api.error ? `Failed: ${s.api.error}` : apiTables(results),
    );
  if (s.search)
    out.push(
      '## 2. Search latency over 100,000 products (PostgreSQL)',
      s.search.error ? `Failed: ${s.search.error}` : searchTables(s.search),
    );
  if (s.frontend)
    out.push(
      '## 3. Front end: first load, cold cache, 4× CPU throttling (medians)',
      s.frontend.error ? `Failed: ${s.frontend.error}` : frontEndTables(s.frontend, { chunks }),
    );
  if (s.build)
    out.push(
      '## 4. Production build of the four front ends',
      s.build.error ? `Failed: ${s.build.error}` : buildTable(s.build),
    );
  if (s.abuse)
    out.push(
      '## 5. The API under abuse (issue 16)',
      s.abuse.error ? `Failed: ${s.abuse.error}` : abuseTable(s.abuse, s.abuse.options ?? results.options),
    );
  if (s.scale)
    out.push(
      '## 6. The catalogue at scale, side by side with the demo catalogue (issues 15 and 19)',
      s.scale.error ? `Failed: ${s.scale.error}` : scaleTables(s.scale),
    );
  if (s.hostile)
    out.push(
      '## 7. The front-end servers under hostile load (issue 31)',
      s.hostile.error ? `Failed: ${s.hostile.error}` : hostileTables(s.hostile),
    );
  if (s.auctions)
    out.push(
      '## 8. Auctions that run themselves (issue 25)',
      s.auctions.error ? `Failed: ${s.auctions.error}` : auctionTable(s.auctions),
    );
  if (s.lighthouse)
    out.push(
      "## 9. Lighthouse, mobile, beside each page's static floor (issue 28; medians)",
      s.lighthouse.error ? `Failed: ${s.lighthouse.error}` : lighthouseTables(s.lighthouse),
    );
  if (s.lighthouse?.telemetry) out.push(telemetryTable(s.lighthouse.telemetry));
  return out.join('\n\n');
}

export function renderMarkdown(results) {
  return (
    [
      '# Benchmark results',
      header(results),
      '## Targets (issues 6, 15, 19, 25, 28 and 31)',
      targetsTable(results),
      sections(results, { chunks: true }),
      results.notes ? `---\n\n${results.notes}` : '',
    ]
      .filter(Boolean)
      .join('\n\n') + '\n'
  );
}

/** What the run prints at the end: the targets and the per-section tables, without the chunk lists. */
export function renderTable(results) {
  return [header(results), targetsTable(results), sections(results, { chunks: false })].join('\n\n');
}
