// Starting the real API (as `npm start` runs it) on PGlite or PostgreSQL, and direct database
// access for preparing benchmark data (only while no API process holds a PGlite folder).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, askChild, log, sleep, spawnChild, stopChild, waitForUrl } from './util.mjs';

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres:postgres@localhost:5432/postgres';

async function pgClient(url) {
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(20, (v) => Number(v));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Connects to the PostgreSQL server, starting the local cluster once if it is down. */
export async function ensurePostgres() {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const c = await pgClient(PG_ADMIN_URL);
      const { rows } = await c.query('SHOW server_version');
      await c.end();
      return rows[0].server_version;
    } catch (error) {
      if (attempt > 0)
        throw new Error(`PostgreSQL not reachable at ${PG_ADMIN_URL}: ${error.message}`, { cause: error });
      log('PostgreSQL is not answering; trying `pg_ctlcluster 15 main start`');
      spawnSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'inherit', timeout: 30000 });
      await sleep(2000);
    }
  }
}

/** Databases this run created and has not dropped yet (dropped on an interrupted run too). */
const created = new Set();

export async function createPgDatabase(name) {
  const c = await pgClient(PG_ADMIN_URL);
  try {
    await c.query(`CREATE DATABASE ${name}`);
    created.add(name);
  } finally {
    await c.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPgDatabase(name) {
  const c = await pgClient(PG_ADMIN_URL);
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    created.delete(name);
  } finally {
    await c.end();
  }
}

export async function dropCreatedDatabases() {
  for (const name of [...created]) await dropPgDatabase(name).catch(() => undefined);
}

/**
 * Opens the database directly: `q(sql, params)` resolves the rows. For PGlite the API must not
 * be running on the folder (PGlite is one process's embedded database).
 * @param {{ databaseUrl?: string, dataDir?: string }} where PostgreSQL's URL, or else PGlite's folder
 */
export async function openDb({ databaseUrl, dataDir }) {
  if (databaseUrl) {
    const c = await pgClient(databaseUrl);
    return { q: async (text, params) => (await c.query(text, params)).rows, close: () => c.end() };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm }, parsers: { [types.INT8]: (v) => Number(v) } });
  return { q: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}

/**
 * Starts `node --import tsx api/src/main.ts` (what `npm start` runs, NODE_ENV=production) on
 * 127.0.0.1:port and waits for /health. Output goes to logFile.
 * @param {{ port: number, databaseUrl?: string, dataDir?: string, workDir: string, logFile: string, env?: Record<string, string> }} options
 */
export async function startApi({ port, databaseUrl, dataDir, workDir, logFile, env = {} }) {
  mkdirSync(join(workDir, 'outbox'), { recursive: true });
  // BENCH_API_CPU_PROF=<folder>: each API process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_API_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_CPU_PROF}`]
    : [];
  const child = spawnChild('api', process.execPath, [...profile, '--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    logFile,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl || '',
      DATA_DIR: dataDir || join(workDir, 'pglite'),
      OUTBOX_DIR: join(workDir, 'outbox'),
      ...env,
    },
  });
  try {
    await waitForUrl(`http://127.0.0.1:${port}/health`, child, `API on ${port}`, 240000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return child;
}

export { stopChild };

/** The SMTP sink (bench/lib/smtp-sink.mjs) as a child process; `counts()` asks what it received. */
export async function startSmtpSink(port, logFile) {
  const child = spawnChild('smtp-sink', process.execPath, [join(ROOT, 'bench', 'lib', 'smtp-sink.mjs'), String(port)], {
    logFile,
    ipc: true,
  });
  await new Promise((resolve, reject) => {
    child.once('message', (/** @type {{ type?: string }} */ m) =>
      m?.type === 'listening' ? resolve() : reject(new Error('the SMTP sink did not start')),
    );
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code}); log: ${logFile}`)));
  });
  const counts = async () => {
    const { mails, orderConfirmations } = await askChild(child, { type: 'counts' }, 'counts');
    return { mails, orderConfirmations };
  };
  return { child, url: `smtp://127.0.0.1:${port}`, counts };
}
