// Starting and stopping the pieces of the product for browser tests, each as its own process,
// so a test can stop one remote's server and start it again.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
// The platform's TypeScript: this module is loaded through tsx (the runner registers it first,
// the tests run under it). No top-level await: the tests load it as CommonJS.
import { FRONT_ENDS } from '../../platform/src/frontEnds';
import { ensureLive } from '../../platform/src/releases/publish';
import { ROOT } from '../../platform/src/root';

/**
 * Each front end's port (E2E_<AREA>_PORT, else 3500 on, in the list's order) and the API's.
 * @type {Record<import('../../platform/src/frontEnds').FrontEndName | 'api', number>}
 */
export const E2E_PORTS = /** @type {any} */ ({
  ...Object.fromEntries(
    FRONT_ENDS.map(({ area }, i) => [area, Number(process.env[`E2E_${area.toUpperCase()}_PORT`] || 3500 + i)]),
  ),
  api: Number(process.env.E2E_API_PORT || 4500),
});

export const ISOLATION_SHELL_PORT = E2E_PORTS.shell + 10;
/** The releases journey's own shell (e2e/tests/releases.test.ts); its remotes and a CDN follow it. */
export const RELEASES_SHELL_PORT = E2E_PORTS.shell + 20;

/** Environment that points every server's /config.json and the API's CORS at the test ports. */
export function e2eEnv(overrides = {}) {
  const ports = { ...E2E_PORTS, ...overrides };
  return {
    ...Object.fromEntries(FRONT_ENDS.map(({ area }) => [`${area.toUpperCase()}_PORT`, String(ports[area])])),
    API_PORT: String(ports.api),
    E2E_BASE_URL: `http://localhost:${ports.shell}`,
    E2E_API_URL: `http://localhost:${ports.api}`,
    // Every journey signs up its own shoppers from this one address.
    RATE_SIGNUP_PER_IP: '100000',
    RATE_SIGNUP_PER_EMAIL: '100000',
    // Second shells let a test run the product with one remote down, or with releases of its own.
    CORS_ORIGINS: [
      ...FRONT_ENDS.map(({ area }) => `http://localhost:${ports[area]}`),
      `http://localhost:${ISOLATION_SHELL_PORT}`,
      `http://localhost:${RELEASES_SHELL_PORT}`,
    ].join(','),
  };
}

async function waitForUrl(url, child, label, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode} before answering`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${label} did not answer at ${url} within ${timeoutMs} ms`);
}

function spawnLogged(label, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  const keep = (chunk) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
    if (process.env.E2E_VERBOSE) process.stderr.write(`[${label}] ${chunk}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return Object.assign(child, { label, log });
}

export async function startApi({ dataDir, port = E2E_PORTS.api, extraEnv = {} }) {
  const env = {
    ...e2eEnv(),
    PORT: String(port),
    DATA_DIR: dataDir,
    OUTBOX_DIR: join(dataDir, 'outbox'),
    // A journey's item ends when listed, late bids or not (e2e/tests/auction-close.test.ts): the
    // soft close is the API tests'.
    AUCTION_SOFT_CLOSE_MINUTES: '0',
    // The journeys read each outbid mail at once; the quiet window is the API tests'.
    NOTICE_OUTBID_MAIL_WINDOW_SECONDS: '0',
    ...extraEnv,
  };
  const child = spawnLogged('api', ['--import', 'tsx', 'api/src/main.ts'], env);
  try {
    // A fresh database is created, migrated and seeded first: over two minutes was seen on a busy
    // 2-core machine, and the API exits (failing this at once) if it cannot get there.
    await waitForUrl(`http://localhost:${port}/products`, child, 'API', 300000);
  } catch (error) {
    console.error(child.log.join(''));
    throw error;
  }
  return child;
}

/**
 * Publishes each front end's production build (dist/) into a release store and makes it live, as
 * npm start does; the test servers serve that store.
 */
export async function prepareReleaseStore(store) {
  for (const fe of FRONT_ENDS) await ensureLive(store, fe.area, join(ROOT, fe.dir, 'dist'));
}

/** Serves one front end's releases (E2E_RELEASES_DIR unless env says otherwise) on its test port (or the port given). */
export async function startFrontEnd(area, { port = E2E_PORTS[area], env = {} } = {}) {
  const child = spawnLogged(area, ['scripts/serve-releases.mjs', area, String(port)], {
    ...e2eEnv(),
    RELEASES_DIR: process.env.E2E_RELEASES_DIR,
    ...env,
  });
  await waitForUrl(`http://localhost:${port}/config.json`, child, `${area} server`);
  return child;
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
