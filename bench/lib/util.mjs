// Small helpers of the benchmark: statistics, child processes (always stopped), waiting, logging.
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = join(BENCH_DIR, '..');

/** Every port this suite listens on is in 5100–5199 (or BENCH_PORT_BASE and the 99 after it). */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE || 5100);
export const PORTS = {
  apiPglite: PORT_BASE,
  apiPostgres: PORT_BASE + 1,
  baseline: PORT_BASE + 2,
  apiSearch: PORT_BASE + 3,
  searchBaseline: PORT_BASE + 4,
  apiAbuse: PORT_BASE + 5,
  shell: PORT_BASE + 10,
  shop: PORT_BASE + 11,
  account: PORT_BASE + 12,
  auction: PORT_BASE + 13,
  apiFrontEnd: PORT_BASE + 14,
  floor: PORT_BASE + 15,
  smtpSink: PORT_BASE + 16,
  /** Section 8: two API processes on one database (this port and the next), the event-stream floor. */
  apiAuctions: PORT_BASE + 30,
  sseFloor: PORT_BASE + 32,
  /** The first of FLOOR_PORTS ports: one static server per floor page (sections 3 and 6). */
  floorPages: PORT_BASE + 20,
};
/** Floor pages served at once, each at the root of its own port from PORTS.floorPages on. */
export const FLOOR_PORTS = 8;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100) of raw samples. */
export function percentile(values, p) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const rank = Math.ceil((p / 100) * v.length);
  return v[Math.min(v.length - 1, Math.max(0, rank - 1))];
}

export const round = (x, digits = 1) =>
  x === null || x === undefined || !Number.isFinite(x) ? null : Number(x.toFixed(digits));

const started = Date.now();
export function log(...parts) {
  const t = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${t}s]`, ...parts);
}

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** os.loadavg() (1, 5, 15 minutes), so readers can tell how busy the machine was. */
export const loadavg = () => os.loadavg().map((x) => round(x, 2));

// ---------------------------------------------------------------- child processes

const children = new Set();

/**
 * Spawns a child process whose output goes to a log file (never to a pipe that could fill up
 * while the benchmark keeps the event loop busy). Tracked, so stopAll() ends it on any exit.
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, cwd?: string, logFile?: string, ipc?: boolean }} [options]
 */
export function spawnChild(label, command, args, { env = {}, cwd = ROOT, logFile, ipc = false } = {}) {
  const fd = logFile ? openSync(logFile, 'a') : 'ignore';
  const stdio = /** @type {import('node:child_process').StdioOptions} */ (['ignore', fd, fd, ...(ipc ? ['ipc'] : [])]);
  const child = Object.assign(spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio }), {
    label,
    logFile,
  });
  if (typeof fd === 'number') closeSync(fd);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Sends a message to a child spawned with `ipc` and resolves its first reply of `replyType`. */
export function askChild(child, message, replyType) {
  return new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m?.type !== replyType) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.send(message, (error) => error && reject(error));
  });
}

/** Stops one child: SIGTERM, then SIGKILL after graceMs. */
export function stopChild(child, graceMs = 8000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function stopAll() {
  await Promise.all([...children].map((c) => stopChild(c, 5000)));
}

/** Synchronous last resort on process exit: SIGKILL whatever is still running. */
export function killAllNow() {
  for (const c of children) {
    try {
      c.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

export async function waitForUrl(url, child, label, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(
        `${label} exited (${child.exitCode ?? child.signalCode}) before answering; log: ${child.logFile ?? '-'}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  throw new Error(`${label} did not answer at ${url} within ${timeoutMs / 1000} s; log: ${child?.logFile ?? '-'}`);
}

/** Resolves when nothing listens on the port; rejects with a clear message otherwise. */
export function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () => reject(new Error(`Port ${port} is in use: the benchmark needs ports 5100-5199 free`)));
    server.listen(port, '0.0.0.0', () => server.close(resolve));
  });
}

/**
 * fetch with a JSON body; resolves {status, headers, text, json}.
 * @param {string} method
 * @param {string} url
 * @param {{ body?: unknown, headers?: Record<string, string> }} [options]
 */
export async function http(method, url, { body, headers = {} } = {}) {
  const init = { method, headers: { 'accept-encoding': 'identity', ...headers }, signal: AbortSignal.timeout(60000) };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, init);
  const buf = Buffer.from(await res.arrayBuffer());
  let json;
  try {
    json = JSON.parse(buf.toString('utf8'));
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, buffer: buf, json };
}
