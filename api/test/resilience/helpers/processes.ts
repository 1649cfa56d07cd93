import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { preparePgliteDir } from '../../helpers/pglite-template';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * Ports of this suite's child processes: 5300–5399, split between the Jest workers so that two
 * suites running at once never reach for the same port.
 */
const worker = Math.max(1, Number(process.env.JEST_WORKER_ID ?? 1));
const SLICE = 25;
let nextPort = 5300 + ((worker - 1) % 4) * SLICE;
const lastPort = nextPort + SLICE - 1;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A free port of this worker's slice of 5300–5399. */
export async function freePort(): Promise<number> {
  for (let i = 0; i < SLICE; i++) {
    const port = nextPort;
    nextPort = nextPort >= lastPort ? lastPort - SLICE + 1 : nextPort + 1;
    if (await canListen(port)) return port;
  }
  throw new Error('no free port in 5300–5399');
}

/** A data folder /tmp/resil-* holding an initialised (empty) PGlite cluster; remove() deletes it and its lock. */
export async function pgliteFolder(): Promise<{ dir: string; remove(): void }> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'resil-'));
  const dir = path.join(base, 'db');
  await preparePgliteDir(dir);
  return { dir, remove: () => fs.rmSync(base, { recursive: true, force: true }) };
}

export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first or time runs out (then kills it). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), and wait. */
  stop(): Promise<void>;
}

/** Environment of a test API process: fast scrypt, quiet log, no rate limits in the way. */
export function apiEnv(extra: Record<string, string>): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SCRYPT_N: '1024',
    RATE_LOGIN_PER_IP: '100000',
    RATE_LOGIN_PER_EMAIL: '100000',
    RATE_UPLOADS_PER_HOUR: '100000',
    ...extra,
  };
}

/**
 * `node --import tsx api/src/main.ts` as a child process (one process: SIGKILL kills the API
 * itself, not a wrapper); resolves once it prints its URL.
 */
export async function startApi(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
  const api = await launchApi(env);
  await api.waitForOutput(/listening on http/, timeoutMs);
  return api;
}

/** The API child process of startApi, returned at once (watch its start with waitForOutput). */
export async function launchApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...apiEnv({}), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => out,
    exited,
    async waitForOutput(pattern, waitMs = 60_000) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const match = pattern.exec(out);
        if (match) return match;
        if (gone) throw new Error(`API exited before printing ${pattern}:\n${out}`);
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`API did not print ${pattern} within ${waitMs} ms:\n${out}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}
