// npm start: builds what is missing, makes the current build of each front end its live release
// (publishing it into the release store when it is new), then runs the API and the four front-end
// servers, which serve the store. npm run serve (--serve-only): the store as it is, nothing built.
// npm run dev (--dev): webpack dev servers and an API that reloads on change.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { FRONT_ENDS, ROOT, SERVE_ORDER, isBuildStale } from './front-ends.mjs';
import { buildFrontEnds } from './build.mjs';
import { startReleaseServer } from './static-server.mjs';
import { ensureLive } from './releases/publish.mjs';
import { storeDir } from './releases/store.mjs';
import { LiveReleases } from './releases/live.mjs';

const require = createRequire(import.meta.url);
const { ports } = require('./runtime-config.cjs');
const dev = process.argv.includes('--dev');
const serveOnly = process.argv.includes('--serve-only');
const store = storeDir();
const children = [];
const servers = [];

function run(label, command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${label}] ${line}`)
      .join('\n');
  child.stdout.on('data', (chunk) => console.log(prefix(chunk)));
  child.stderr.on('data', (chunk) => console.error(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${label}] stopped (${signal || `exit ${code}`}); shutting everything down.`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const server of servers) server.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 8000).unref();
        }),
    ),
  );
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
const webpackCli = join(ROOT, 'node_modules', '.bin', 'webpack');
const p = ports();

if (dev) {
  run('api', tsx, ['watch', 'api/src/main.ts'], { env: { ...process.env, PORT: String(p.api) } });
  for (const fe of FRONT_ENDS) {
    run(fe.area, webpackCli, ['serve', '--mode', 'development'], { cwd: join(ROOT, fe.dir) });
  }
} else {
  if (!serveOnly) {
    const stale = FRONT_ENDS.filter(isBuildStale);
    if (stale.length) {
      console.log(`Building ${stale.map((fe) => fe.dir).join(', ')} (first start or changed sources) ...`);
      const seconds = await buildFrontEnds(stale);
      console.log(`Built in ${seconds.toFixed(1)} s`);
    }
    for (const fe of FRONT_ENDS) {
      const { release, action } = await ensureLive(store, fe.area, join(ROOT, fe.dir, 'dist'));
      console.log(`${fe.area}: release ${release.id} ${action === 'live' ? 'is live' : 'published and made live'}`);
    }
  }
  run('api', tsx, ['api/src/main.ts'], {
    env: { ...process.env, PORT: String(p.api), NODE_ENV: 'production', RELEASES_DIR: store },
  });
  const live = new LiveReleases(store);
  for (const fe of SERVE_ORDER) {
    servers.push(await startReleaseServer({ store, frontEnd: fe.area, port: p[fe.area], live }));
  }
}

/** Waits until the API answers, so the URL printed below works when it is opened. */
async function waitForApi() {
  const deadline = Date.now() + 180000;
  while (!stopping && Date.now() < deadline) {
    try {
      if ((await fetch(`http://localhost:${p.api}/health`)).ok) return true;
    } catch {
      // still starting (the first start creates and seeds the database)
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

const ready = await waitForApi();
console.log(
  `\nMarketplace is ${ready ? 'running' : 'starting (the API is slow to answer)'}. Open http://localhost:${p.shell}`,
);
console.log(`  shell ${p.shell} · shop ${p.shop} · account ${p.account} · auction ${p.auction} · API ${p.api}`);
console.log('  Ctrl-C stops everything.\n');
