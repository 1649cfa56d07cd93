// npm run bench — measures the marketplace against baselines in one run and prints a table.
// See bench/README.md. Options:
//   --quick                 short smoke run (1 run each, short durations); writes results/quick.*
//   --only a,b              sections: api, search, frontend, build, abuse, scale, hostile, auctions, lighthouse
//                           (default: all);
//                           the other sections of results/latest.json are kept as they were
//   --runs N                measured runs per figure (default 3; median quoted)
//   --duration S            seconds per autocannon run (default 5)
//   --db pglite|postgres    sections 1 and 5 on one database only (default both); section 7 on
//                           PGlite unless only postgres is named
//   --endpoints a,b         section 1 endpoints: products, product, search, bid, order, login
//   --orders N              checkouts per measured order run (default 1000)
//   --build-runs N          production builds timed (default 2; --runs sets it too)
//   --api-log-level LEVEL   LOG_LEVEL of the API under test (default: the API's default, info)
//   --out NAME              results/NAME.json and NAME.md (default latest, or quick with --quick)
//   --keep                  keep the temporary folders (/tmp/bench-*) and logs
//   --render                measure nothing: rewrite results/<out>.md from <out>.json (and notes.md)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { benchApi } from './lib/api-bench.mjs';
import { benchSearch } from './lib/search-bench.mjs';
import { benchFrontEnd } from './lib/frontend-bench.mjs';
import { benchBuild, prepareBuildCopy } from './lib/build-bench.mjs';
import { benchAbuse } from './lib/abuse-bench.mjs';
import { benchScale } from './lib/scale-bench.mjs';
import { benchHostile } from './lib/hostile-bench.mjs';
import { benchAuctions } from './lib/auction-bench.mjs';
import { benchLighthouse } from './lib/lighthouse-bench.mjs';
import { startBaseline } from './lib/load.mjs';
import { dropCreatedDatabases, ensurePostgres } from './lib/stack.mjs';
import { evaluateTargets, renderMarkdown, renderTable } from './lib/report.mjs';
import {
  BENCH_DIR,
  FLOOR_PORTS,
  PORTS,
  assertPortFree,
  killAllNow,
  loadavg,
  log,
  machine,
  stopAll,
} from './lib/util.mjs';

const SECTIONS = ['api', 'search', 'frontend', 'build', 'abuse', 'scale', 'hostile', 'auctions', 'lighthouse'];

function parseArgs(argv) {
  const args = { quick: false, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--quick') args.quick = true;
    else if (a === '--keep') args.keep = true;
    else if (a === '--render') args.render = true;
    else if (a === '--only') args.only = value().split(',');
    else if (a === '--runs') args.runs = Number(value());
    else if (a === '--duration') args.duration = Number(value());
    else if (a === '--db') args.db = value().split(',');
    else if (a === '--endpoints') args.endpoints = value().split(',');
    else if (a === '--orders') args.orders = Number(value());
    else if (a === '--build-runs') args.buildRuns = Number(value());
    else if (a === '--api-log-level') args.apiLogLevel = value();
    else if (a === '--out') args.out = value();
    else if (a === '--help' || a === '-h') args.help = true;
    else throw new Error(`Unknown option ${a} (see --help)`);
  }
  for (const s of args.only ?? [])
    if (!SECTIONS.includes(s)) throw new Error(`--only: unknown section '${s}' (${SECTIONS.join(', ')})`);
  for (const d of args.db ?? [])
    if (!['pglite', 'postgres'].includes(d)) throw new Error(`--db: pglite or postgres, not '${d}'`);
  if (args.runs !== undefined && !(Number.isInteger(args.runs) && args.runs >= 1 && args.runs <= 20))
    throw new Error('--runs: 1 to 20');
  if (args.duration !== undefined && !(args.duration >= 1 && args.duration <= 60))
    throw new Error('--duration: 1 to 60 seconds');
  if (
    args.buildRuns !== undefined &&
    !(Number.isInteger(args.buildRuns) && args.buildRuns >= 1 && args.buildRuns <= 10)
  )
    throw new Error('--build-runs: 1 to 10');
  if (args.orders !== undefined && !(Number.isInteger(args.orders) && args.orders >= 100 && args.orders <= 20000))
    throw new Error('--orders: 100 to 20000');
  return args;
}

let args;
try {
  args = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (args.help) {
  const lines = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
  console.log(
    lines
      .slice(
        0,
        lines.findIndex((l) => !l.startsWith('//')),
      )
      .map((l) => l.slice(3))
      .join('\n'),
  );
  process.exit(0);
}

const resultsDir = join(BENCH_DIR, 'results');
/** The hand-written analysis of the gaps (bench/results/notes.md), appended to the readable results. */
const readNotes = () =>
  existsSync(join(resultsDir, 'notes.md')) ? readFileSync(join(resultsDir, 'notes.md'), 'utf8').trim() : '';
if (args.render) {
  const name = args.out ?? (args.quick ? 'quick' : 'latest');
  const saved = JSON.parse(readFileSync(join(resultsDir, `${name}.json`), 'utf8'));
  saved.targets = evaluateTargets(saved);
  writeFileSync(join(resultsDir, `${name}.md`), renderMarkdown({ ...saved, notes: readNotes() }));
  console.log(`Rewrote results/${name}.md`);
  process.exit(0);
}

const quick = args.quick;
const opts = {
  quick,
  keep: args.keep,
  runs: args.runs ?? (quick ? 1 : 3),
  duration: args.duration ?? (quick ? 2 : 5),
  warmup: 1,
  connections: 50,
  // The libuv thread pool hashes 4 passwords at once; more connections would only queue.
  loginConnections: 4,
  loginsPerRun: quick ? 4 : 12,
  bidders: 100,
  bidItems: 10,
  ordersPerRun: args.orders ?? (quick ? 300 : 1000),
  endpoints: args.endpoints,
  databases: args.db ?? ['pglite', 'postgres'],
  apiLogLevel: args.apiLogLevel,
  searchProducts: 100000,
  searchQueries: quick ? 60 : 300,
  frontEndRuns: args.runs ?? (quick ? 1 : 3),
  // A cold build takes one to two minutes here: two runs keep the whole suite near 15 minutes.
  buildRuns: args.buildRuns ?? args.runs ?? (quick ? 1 : 2),
  // Section 5: logins per phase of a run, flood loops (the attack of issue 16), attempts per counter flood.
  abuseLogins: quick ? 4 : 12,
  floodClients: 16,
  streamAttempts: 100,
  streamsPerClient: 20,
  abuseAttempts: quick ? 300 : 2000,
  // Section 8: items ending in the same minute, pages watching one item.
  closeItems: quick ? 1000 : 10000,
  watchers: quick ? 200 : 1000,
};
const sections = args.only ?? SECTIONS;
const outName = args.out ?? (quick ? 'quick' : 'latest');

// The whole run is bounded: a watchdog ends it (and everything it started) after 60 minutes
// (the whole suite takes about 40 on 2 cores, Lighthouse's section about 15 of them).
const WATCHDOG_MINUTES = 60;
const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MINUTES} minutes; stopping everything`);
  killAllNow();
  process.exit(3);
}, WATCHDOG_MINUTES * 60000);
watchdog.unref();

const workRoot = mkdtempSync('/tmp/bench-');
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.error(`bench: ${signal}; stopping the processes it started, dropping its databases`);
  await stopAll();
  await dropCreatedDatabases();
  if (!opts.keep) rmSync(workRoot, { recursive: true, force: true });
  process.exit(130);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('exit', killAllNow);

const startedAt = new Date();
const results = {
  schema: 1,
  date: startedAt.toISOString(),
  command: `npm run bench${process.argv.length > 2 ? ' -- ' + process.argv.slice(2).join(' ') : ''}`,
  /** @type {ReturnType<typeof machine> & { loadavgAtStart: number[], loadavgAtEnd?: number[], postgres?: string }} */
  machine: { ...machine(), loadavgAtStart: loadavg() },
  options: opts,
  sections: {},
  errors: [],
};

let exitCode = 0;
try {
  const floorPorts = Array.from({ length: FLOOR_PORTS }, (_, i) => PORTS.floorPages + i);
  for (const port of [...Object.values(PORTS), ...floorPorts]) await assertPortFree(port);
  log(
    `${results.machine.cores} cores, Node ${results.machine.node}, load ${results.machine.loadavgAtStart.join(' / ')}; sections: ${sections.join(', ')}; work folder ${workRoot}`,
  );

  const section = async (name, fn) => {
    if (!sections.includes(name)) return;
    const started = Date.now();
    const record = {
      date: new Date().toISOString(),
      cores: results.machine.cores,
      node: results.machine.node,
      loadavgAtStart: loadavg(),
    };
    try {
      Object.assign(record, await fn());
    } catch (error) {
      exitCode = 1;
      record.error = error.stack || String(error);
      results.errors.push(`${name}: ${error.message}`);
      log(`section ${name} FAILED: ${error.message}`);
    }
    record.loadavgAtEnd = loadavg();
    record.sectionSeconds = Math.round((Date.now() - started) / 1000);
    results.sections[name] = record;
    log(`section ${name} done in ${record.sectionSeconds} s`);
  };

  // 4 first: the production build it makes (in a temporary copy of the sources) is what 3 serves.
  let builtCopy = null;
  const servesBuild = ['frontend', 'scale', 'hostile', 'lighthouse'].some((s) => sections.includes(s));
  if (sections.includes('build') || servesBuild) builtCopy = prepareBuildCopy(workRoot);
  // 3, 6, 7 and 9 serve a build: without section 4 in this run, one build is made for them.
  if (servesBuild && !sections.includes('build')) await benchBuild({ copy: builtCopy, runs: 1 });
  await section('build', () => benchBuild({ copy: builtCopy, runs: opts.buildRuns }));

  // The node:http baseline: the API's reads (1, 6), search replies (2) and rendered pages (3) beside it.
  const needsBaseline = ['api', 'search', 'frontend', 'scale'].some((s) => sections.includes(s));
  const baseline = needsBaseline ? await startBaseline(PORTS.baseline, join(workRoot, 'baseline.log')) : null;
  await section('frontend', () =>
    benchFrontEnd({ copy: builtCopy, runs: opts.frontEndRuns, workRoot, opts, baseline }),
  );
  await section('lighthouse', () => benchLighthouse({ copy: builtCopy, runs: opts.frontEndRuns, workRoot, opts }));
  let postgresError = null;
  if (
    sections.includes('search') ||
    sections.includes('scale') ||
    sections.includes('auctions') ||
    ((sections.includes('api') || sections.includes('abuse')) && opts.databases.includes('postgres')) ||
    (sections.includes('hostile') && opts.databases.length === 1 && opts.databases[0] === 'postgres')
  ) {
    try {
      results.machine.postgres = await ensurePostgres();
    } catch (error) {
      postgresError = error.message;
      results.errors.push(postgresError);
      log(postgresError);
    }
  }
  await section('api', async () => {
    const out = { databases: {} };
    for (const kind of opts.databases) {
      if (kind === 'postgres' && postgresError) {
        out.databases[kind] = { kind, error: postgresError, endpoints: {} };
        continue;
      }
      try {
        out.databases[kind] = await benchApi({ kind, opts, baseline, workRoot });
      } catch (error) {
        exitCode = 1;
        results.errors.push(`api ${kind}: ${error.message}`);
        log(`[api ${kind}] FAILED: ${error.stack || error}`);
        out.databases[kind] = { kind, error: error.stack || String(error), endpoints: {} };
      }
    }
    return out;
  });
  await section('search', () => {
    if (postgresError) throw new Error(postgresError);
    return benchSearch({ opts, baseline, workRoot });
  });
  await section('abuse', async () => {
    const { runs, abuseLogins, floodClients, streamAttempts, abuseAttempts } = opts;
    const out = { options: { runs, abuseLogins, floodClients, streamAttempts, abuseAttempts }, databases: {} };
    for (const kind of opts.databases) {
      if (kind === 'postgres' && postgresError) {
        out.databases[kind] = { kind, error: postgresError };
        continue;
      }
      try {
        out.databases[kind] = await benchAbuse({ kind, opts, workRoot });
      } catch (error) {
        exitCode = 1;
        results.errors.push(`abuse ${kind}: ${error.message}`);
        log(`[abuse ${kind}] FAILED: ${error.stack || error}`);
        out.databases[kind] = { kind, error: error.stack || String(error) };
      }
    }
    return out;
  });
  await section('scale', () => {
    if (postgresError) throw new Error(postgresError);
    return benchScale({ copy: builtCopy, runs: opts.frontEndRuns, workRoot, opts, baseline });
  });
  await section('hostile', () => {
    if (postgresError && opts.databases.length === 1) throw new Error(postgresError);
    return benchHostile({ copy: builtCopy, workRoot, opts });
  });
  await section('auctions', () => {
    if (postgresError) throw new Error(postgresError);
    return benchAuctions({ opts, workRoot });
  });
} catch (error) {
  exitCode = 1;
  results.errors.push(error.message);
  console.error(error);
} finally {
  await stopAll();
  await dropCreatedDatabases();
  if (!opts.keep) rmSync(workRoot, { recursive: true, force: true });
  else log(`kept ${workRoot}`);
}

if (!Object.keys(results.sections).length) {
  // Nothing was measured (e.g. a port in use): keep the previous results files as they are.
  console.error(`bench: nothing measured; results files left unchanged. ${results.errors.join('; ')}`);
  process.exit(1);
}

// Results: a partial run (--only) keeps the other sections of the previous file, each with its own date.
mkdirSync(resultsDir, { recursive: true });
const jsonPath = join(resultsDir, `${outName}.json`);
if (args.only && existsSync(jsonPath)) {
  try {
    const previous = JSON.parse(readFileSync(jsonPath, 'utf8'));
    for (const [name, value] of Object.entries(previous.sections ?? {})) {
      if (!results.sections[name])
        results.sections[name] = { ...value, keptFromRunOf: value.keptFromRunOf ?? previous.date };
    }
  } catch {
    /* unreadable previous file: write this run alone */
  }
}
results.machine.loadavgAtEnd = loadavg();
results.finishedAt = new Date().toISOString();
results.targets = evaluateTargets(results);
writeFileSync(jsonPath, JSON.stringify(results, null, 2) + '\n');
writeFileSync(join(resultsDir, `${outName}.md`), renderMarkdown({ ...results, notes: readNotes() }));
console.log('\n' + renderTable(results));
console.log(`\nResults: ${jsonPath} and ${outName}.md`);
clearTimeout(watchdog);
process.exit(exitCode);
