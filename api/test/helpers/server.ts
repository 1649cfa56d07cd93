import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { App } from '../../src/context';
import { preparePgliteDir } from './pglite-template';
import { ReplyChecker, recordConformance } from './conformance';
import { startStorefront } from './storefront';

// Every reply a test receives through `request` is checked against the API's OpenAPI document
// (helpers/conformance.ts); the figures of each test file go to the run's total (global-teardown.ts).
afterAll(() => recordConformance(expect.getState().testPath ?? ''));

export type DbKind = 'pglite' | 'postgres';

// Locally the PostgreSQL half is skipped without a server; CI must never skip it silently.
if (process.env.CI && !process.env.TEST_DATABASE_URL)
  throw new Error('CI runs the API tests on PostgreSQL too: set TEST_DATABASE_URL');

/** The databases this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: Array<{ name: string; kind: DbKind }> = [
  { name: 'PGlite', kind: 'pglite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', kind: 'postgres' as const }] : []),
];

export interface JsonReply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestServer {
  url: string;
  app: App;
  config: Config;
  kind: DbKind;
  tmp: string;
  /** Everything the API logged (already redacted). */
  logs: string[];
  request<T = any>(
    method: string,
    route: string,
    opts?: { body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<JsonReply<T>>;
  get<T = any>(route: string, headers?: Record<string, string>): Promise<JsonReply<T>>;
  post<T = any>(route: string, body?: unknown, headers?: Record<string, string>): Promise<JsonReply<T>>;
  put<T = any>(route: string, body?: unknown, headers?: Record<string, string>): Promise<JsonReply<T>>;
  stop(): Promise<void>;
}

/** Generous limits so only the rate-limit tests hit them. */
const TEST_LIMITS = { perIp: 10_000, perEmail: 10_000, perEmailAnywhere: 10_000, windowSeconds: 900 };

/** A fresh, empty PostgreSQL database on TEST_DATABASE_URL's server (drop() removes it). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `mkt_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type ConfigOverrides = Partial<Omit<Config, 'tokens' | 'rateLimits'>> & {
  tokens?: Partial<Config['tokens']>;
  rateLimits?: Partial<Config['rateLimits']>;
};

/**
 * Starts the real API on a random port: PGlite in a fresh temp folder, or a fresh PostgreSQL
 * database (dropped at stop). Fast scrypt; logs captured.
 */
export async function startServer(kind: DbKind, overrides: ConfigOverrides = {}): Promise<TestServer> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-api-'));
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  if (!pg) await preparePgliteDir(path.join(tmp, 'pglite'));
  const base = loadConfig({});
  // The mails' links come from the storefront's /config.json: one per server, unless a test names its own.
  const storefront = overrides.storefrontUrl ? null : await startStorefront();
  const config: Config = {
    ...base,
    ...(storefront ? { storefrontUrl: storefront.url } : {}),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: pg?.url,
    dataDir: path.join(tmp, 'pglite'),
    outboxDir: path.join(tmp, 'outbox'),
    logLevel: 'info',
    scrypt: { N: 1024, r: 8, p: 1 },
    // Due items are closed when a test sweeps (app.ctx.closeSweeper.sweep()), not by the clock.
    auctionClose: { ...base.auctionClose, sweepMs: 0 },
    // Outbid mails go at once unless a test gives them their quiet window (notices.test.ts).
    notices: { ...base.notices, outbidMailWindowSeconds: 0 },
    ...overrides,
    tokens: { ...base.tokens, ...overrides.tokens },
    rateLimits: {
      login: TEST_LIMITS,
      resetRequest: TEST_LIMITS,
      otpCheck: TEST_LIMITS,
      signup: TEST_LIMITS,
      contact: TEST_LIMITS,
      ...overrides.rateLimits,
    },
  };
  const logs: string[] = [];
  let app: App;
  try {
    app = await buildApp(config, { logStream: { write: (line: string) => void logs.push(line) } });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (e) {
    await storefront?.close();
    await pg?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  const port = (app.server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  const replies = new ReplyChecker(app.swagger());

  async function request<T>(
    method: string,
    route: string,
    opts: { body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + route, { method, headers, body });
    const text = await res.text();
    replies.check(method, route, res.status, res.headers.get('content-type'), text);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  return {
    url,
    app,
    config,
    kind,
    tmp,
    logs,
    request,
    get: (route, headers) => request('GET', route, { headers }),
    post: (route, body, headers) => request('POST', route, { body, headers }),
    put: (route, body, headers) => request('PUT', route, { body, headers }),
    async stop() {
      await app.close();
      await storefront?.close();
      await pg?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once per available database. `server()` gives the running server inside tests.
 */
export function describeEachDatabase(
  title: string,
  suite: (server: () => TestServer) => void,
  overrides: ConfigOverrides | (() => ConfigOverrides) = {},
) {
  describe.each(DATABASES)(`${title} [$name]`, ({ kind }) => {
    let current: TestServer | undefined;
    beforeAll(async () => {
      current = await startServer(kind, typeof overrides === 'function' ? overrides() : overrides);
    });
    afterAll(async () => {
      await current?.stop();
    });
    suite(() => {
      if (!current) throw new Error('server not started');
      return current;
    });
  });
}

/** Polls `read` until `ok` holds or the deadline passes, then returns the last value (the test asserts on it). */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A suite against two API processes sharing one fresh PostgreSQL database (skipped without TEST_DATABASE_URL). */
export function describeTwoProcesses(
  title: string,
  suite: (first: () => TestServer, second: () => TestServer) => void,
) {
  const pgOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;
  pgOnly(title, () => {
    let first: TestServer | undefined;
    let second: TestServer | undefined;
    beforeAll(async () => {
      first = await startServer('postgres');
      second = await startServer('postgres', { databaseUrl: first.config.databaseUrl });
    });
    afterAll(async () => {
      await second?.stop();
      await first?.stop();
    });
    const running = (s: TestServer | undefined) => {
      if (!s) throw new Error('server not started');
      return s;
    };
    suite(
      () => running(first),
      () => running(second),
    );
  });
}
