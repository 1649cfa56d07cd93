// The baseline: a bare node:http server that answers from memory with the very same bytes the
// API answered (status, headers, body), captured once in the same run. It reads the request body
// like any server must, then looks up the reply by method + URL + body, else by method + URL.
// Started as a child process (like the API), it is the limit of this machine's HTTP stack.
//
//   node bench/lib/baseline-server.mjs <port>      fixtures arrive over IPC:
//   { type: 'set', fixtures: [{ method, url, body?, status, headers, bodyBase64 }] } → { type: 'ok' }
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
let fixtures = new Map();

const SKIP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** @typedef {{ method: string, url: string, body?: string, status: number, headers: Record<string, string>, bodyBase64: string }} Fixture */

/** @param {Fixture} f */
function prepare(f) {
  const headers = {};
  for (const [k, v] of Object.entries(f.headers)) if (!SKIP.has(k.toLowerCase())) headers[k] = v;
  return { status: f.status, headers, body: Buffer.from(f.bodyBase64, 'base64') };
}

const notFound = Buffer.from('{"status":404,"msg":"baseline: no fixture","data":null}');

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const head = `${req.method} ${req.url}`;
    let hit;
    if (chunks.length) hit = fixtures.get(`${head}\n${Buffer.concat(chunks).toString('utf8')}`);
    hit ??= fixtures.get(head);
    if (!hit) {
      res.writeHead(404, { 'content-type': 'application/json', 'content-length': notFound.length });
      res.end(notFound);
      return;
    }
    res.writeHead(hit.status, hit.headers);
    res.end(hit.body);
  });
});

process.on('message', (/** @type {{ type?: string, fixtures?: Fixture[] }} */ m) => {
  if (m?.type === 'set') {
    const next = new Map();
    for (const f of m.fixtures) {
      const prepared = prepare(f);
      const head = `${f.method} ${f.url}`;
      if (f.body !== undefined) next.set(`${head}\n${f.body}`, prepared);
      if (!next.has(head)) next.set(head, prepared);
    }
    fixtures = next;
    process.send({ type: 'ok', count: next.size });
  }
});

server.keepAliveTimeout = 5000;
server.listen(port, '127.0.0.1', () => process.send?.({ type: 'listening', port }));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', () => process.exit(0));
