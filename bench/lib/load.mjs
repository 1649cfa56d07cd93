// Load generation (autocannon) and the baseline server process.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BENCH_DIR, askChild, round, spawnChild, waitForUrl } from './util.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

/**
 * One autocannon run. `requests` follows autocannon's format; duration in seconds, or amount
 * (a fixed number of requests; a safety stop ends it after maxSeconds). `reconnectRate`: each
 * connection is renewed after that many requests (a server that allows no more on one answers
 * 503 after them; autocannon does not count the reply it renews on).
 * @param {{ url: string, requests: object[], connections: number, duration?: number, amount?: number, timeoutSeconds?: number, maxSeconds?: number, reconnectRate?: number }} options
 */
export function cannon({
  url,
  requests,
  connections,
  duration,
  amount,
  timeoutSeconds = 10,
  maxSeconds = 180,
  reconnectRate = 0,
}) {
  return new Promise((resolve, reject) => {
    const options = { url, connections, pipelining: 1, timeout: timeoutSeconds, requests, reconnectRate };
    if (amount) options.amount = amount;
    else options.duration = duration;
    const started = performance.now();
    let lastResponse = started;
    const instance = autocannon(options, (error, result) => {
      clearTimeout(safety);
      if (error) reject(error);
      // autocannon notices that the amount is done at its next 1-second tick, so its duration
      // is rounded up to whole seconds (a 3.2 s run read 4.01 s); the last answer is the end.
      else resolve(summarize(result, amount ? (lastResponse - started) / 1000 : undefined));
    });
    if (amount) instance.on('response', () => (lastResponse = performance.now()));
    const safety = setTimeout(() => instance.stop(), maxSeconds * 1000);
  });
}

function summarize(r, measuredSeconds) {
  const status = {};
  let ok = 0;
  for (const [code, { count }] of Object.entries(r.statusCodeStats || {})) {
    status[code] = Number(count);
    if (Number(code) >= 200 && Number(code) < 300) ok += Number(count);
  }
  const seconds = measuredSeconds || r.duration || 1;
  const answered = r.requests.total > 0;
  return {
    reqPerSec: round(r.requests.total / seconds, 1),
    okPerSec: round(ok / seconds, 1),
    requests: r.requests.total,
    ok,
    p50: answered ? r.latency.p50 : null,
    p99: answered ? r.latency.p99 : null,
    latencyMean: round(r.latency.average, 2),
    latencyMax: r.latency.max,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    status,
    bytesPerSec: Math.round(r.throughput.average),
    // Mean size of a response as received (status line, headers and body).
    meanResponseBytes: answered ? Math.round(r.throughput.total / r.requests.total) : null,
    seconds: round(seconds, 2),
    connections: r.connections,
  };
}

/** The baseline node:http server as a child process; `set(fixtures)` replaces what it serves. */
export async function startBaseline(port, logFile) {
  const child = spawnChild(
    'baseline',
    process.execPath,
    [join(BENCH_DIR, 'lib', 'baseline-server.mjs'), String(port)],
    {
      logFile,
      ipc: true,
    },
  );
  await waitForUrl(`http://127.0.0.1:${port}/`, child, 'baseline server', 30000);
  const set = async (fixtures) => (await askChild(child, { type: 'set', fixtures }, 'ok')).count;
  return { child, url: `http://127.0.0.1:${port}`, set };
}

/** A fixture from a real API answer: the exact status, headers and body bytes. */
export function fixtureOf(method, url, body, res) {
  const headers = {};
  res.headers.forEach((v, k) => (headers[k] = v));
  return { method, url, body, status: res.status, headers, bodyBase64: res.buffer.toString('base64') };
}
