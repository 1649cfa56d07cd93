// The front-end servers (no dependencies): brotli or gzip by Accept-Encoding, cache headers, CORS
// for a build's files and a Content-Security-Policy.
// startReleaseServer serves one front end's releases from the release store (npm start, production);
// startStaticServer serves a single build folder (the benchmarks, a remote's `npm run serve`).
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { createRequire } from 'node:module';
import { LiveReleases } from './releases/live.mjs';
import { RELEASE_ID } from './releases/store.mjs';
import { PageRenderer, resolveAssetUrls } from './render/renderer.mjs';

export { resolveAssetUrls };

const require = createRequire(import.meta.url);
const { apiUrl, runtimeConfig, frontEndOrigins } = require('./runtime-config.cjs');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Types sent compressed when the request accepts it: text, JSON, SVG (PNG, icons and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
/** Smaller replies are sent as they are; /config.json (about 0.9 KB without releases) is above it. */
const COMPRESS_MIN_BYTES = 512;
/** Memory the compressed replies may take (the oldest give way); a reply larger than that is compressed, not kept. */
const COMPRESSED_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Brotli qualities: a body is compressed at its first request at 5 (a 600 KB script in about
 * 10 ms), then again at 11 in the background, one body at a time (the same script: about 0.8 s,
 * 13 to 15 % smaller), and that is kept. gzip at 9, once.
 */
const BROTLI_FIRST = 5;
const BROTLI_BEST = 11;
/**
 * The background upgrades waiting at once, in bodies and in their bytes: past either, a body keeps
 * its first brotli (a flood of new bodies must not queue work and memory without end).
 */
export const UPGRADE_QUEUE = { bodies: 64, bytes: 16 * 1024 * 1024 };

/**
 * What one client may hold of a front-end server, so that no client can exhaust its open files or
 * sockets (which ends the process for every visitor): connections from one address, requests on
 * one connection (as nginx's keepalive_requests: the last says Connection: close, pipelined ones
 * beyond get 503), and files being
 * streamed to one address at once (more get 503 with Retry-After). Browsers use six connections
 * and never pipeline, so none of this touches a shopper.
 */
export const CLIENT_LIMITS = {
  connections: 256,
  requestsPerConnection: 1000,
  openFiles: 32,
};

/** Counts what each client address holds now; `take` refuses past the limit. */
class PerClient {
  #held = new Map();
  constructor(limit) {
    this.limit = limit;
  }
  take(client) {
    const held = this.#held.get(client) ?? 0;
    if (held >= this.limit) return false;
    this.#held.set(client, held + 1);
    return true;
  }
  release(client) {
    const held = (this.#held.get(client) ?? 1) - 1;
    if (held <= 0) this.#held.delete(client);
    else this.#held.set(client, held);
  }
}

/** The files being streamed on a connection, closed with it. */
const FILE_STREAMS = Symbol('file streams');
function streamsOf(socket) {
  socket[FILE_STREAMS] ??= new Set();
  return socket[FILE_STREAMS];
}

/** Files whose names change with their content can be cached for a year. */
const HASHED = /\.[0-9a-f]{8}\.(js|css|png|svg|woff2)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `sources`: every base the page may load front-end code from (origins, or origin and path). */
function securityHeaders(apiUrl, sources) {
  const self = sources.join(' ');
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      `script-src 'self' ${self}`,
      `style-src 'self' 'unsafe-inline' ${self}`,
      `img-src 'self' data: blob: ${apiUrl} ${self}`,
      `connect-src 'self' ${apiUrl} ${self}`,
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** Resolves a path below `base`, or null when it would leave it. */
function inside(base, pathname) {
  const file = normalize(join(base, pathname));
  return file === base || file.startsWith(base + sep) ? file : null;
}

/**
 * The content coding a request accepts best: 'br', else 'gzip', else undefined (the body as it
 * is): q-values read (q=0 refuses a coding), `*` stands for any coding not named, x-gzip is gzip,
 * brotli wins a tie.
 */
export function acceptedEncoding(header) {
  if (!header) return undefined;
  const quality = new Map();
  for (const part of String(header).split(',')) {
    const [coding, ...params] = part.split(';');
    const name = coding.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value = ''] = param.split('=').map((x) => x.trim());
      if (key.toLowerCase() === 'q') q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    quality.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const of = (name) => quality.get(name) ?? quality.get('*') ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressed off the event loop (zlib's thread pool). */
function compress(body, coding, quality = BROTLI_FIRST) {
  if (coding === 'gzip') return gzipAsync(body, { level: 9 });
  return brotliAsync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * Compressed replies, built once per key and coding and kept within a byte budget (oldest
 * first out). A key names content that never changes under it: a release's file (releases are
 * immutable), a build folder's file with its modification time and size, a page, a config text.
 */
export class CompressedBodies {
  #kept = new Map();
  #building = new Map();
  #bytes = 0;
  #upgrades = Promise.resolve();
  #waiting = { bodies: 0, bytes: 0 };

  constructor(maxBytes = COMPRESSED_CACHE_BYTES, upgradeQueue = UPGRADE_QUEUE) {
    this.maxBytes = maxBytes;
    this.upgradeQueue = upgradeQueue;
    /** Bodies compressed so far (a brotli upgrade counts too). */
    this.compressions = 0;
    /** Upgrades not queued because the queue was full. */
    this.upgradesDropped = 0;
  }

  /** Background upgrades waiting or running now: never more than upgradeQueue.bodies. */
  get upgradesWaiting() {
    return this.#waiting.bodies;
  }

  /** Bytes kept now (never more than maxBytes). */
  get bytes() {
    return this.#bytes;
  }

  /** Resolves once the background brotli upgrades asked for so far are done. */
  upgraded() {
    return this.#upgrades;
  }

  /**
   * `body` (a function giving the bytes, read only when not kept) compressed in `coding`. `upgrade`:
   * whether a brotli body is worth making smaller in the background (content served for long, such
   * as a release's files; not a page kept a minute).
   */
  async get(key, coding, body, { upgrade = true } = {}) {
    const id = `${coding}:${key}`;
    const kept = this.#kept.get(id);
    if (kept) return kept;
    let building = this.#building.get(id);
    if (!building) {
      building = (async () => {
        const packed = await compress(await body(), coding);
        this.compressions += 1;
        this.#keep(id, packed);
        if (coding === 'br' && upgrade) this.#upgrade(id, body, packed);
        return packed;
      })().finally(() => this.#building.delete(id));
      this.#building.set(id, building);
    }
    return building;
  }

  #keep(id, packed) {
    this.#drop(id);
    if (id.length + packed.length > this.maxBytes) return;
    for (const old of this.#kept.keys()) {
      if (this.#bytes + id.length + packed.length <= this.maxBytes) break;
      this.#drop(old);
    }
    this.#kept.set(id, packed);
    this.#bytes += id.length + packed.length;
  }

  #drop(id) {
    const old = this.#kept.get(id);
    if (!old) return;
    this.#kept.delete(id);
    this.#bytes -= id.length + old.length;
  }

  /**
   * The smallest brotli, made in the background one body at a time, replacing the first while it is
   * kept; not queued when the queue is full. A queued upgrade holds only the key and the body's
   * reader, and the bytes it will read are counted.
   */
  #upgrade(id, body, first) {
    const waiting = this.#waiting;
    const size = first.length;
    if (waiting.bodies >= this.upgradeQueue.bodies || waiting.bytes + size > this.upgradeQueue.bytes) {
      this.upgradesDropped += 1;
      return;
    }
    waiting.bodies += 1;
    waiting.bytes += size;
    this.#upgrades = this.#upgrades.then(async () => {
      try {
        if (this.#kept.get(id) !== first) return;
        const best = await compress(await body(), 'br', BROTLI_BEST);
        this.compressions += 1;
        if (this.#kept.get(id) === first && best.length < first.length) this.#keep(id, best);
      } catch (error) {
        console.error(error);
      } finally {
        waiting.bodies -= 1;
        waiting.bytes -= size;
      }
    });
  }
}

/** What GET /readyz says while a server stops (stopGracefully). */
const SHUTTING_DOWN = 'Not ready: this server is shutting down';
/** The servers stopGracefully is stopping: /readyz answers 503 and every reply closes its connection. */
const draining = new WeakSet();

/**
 * The request handling both servers share. `route(pathname)` says what to answer:
 * { file, info, cache } for a file, { html, key, cache } for a page, or null for not found.
 * `ready()` says whether the server can serve (GET /readyz): null when it can, else why not.
 */
function frontEndServer({ config, sources, route, ready, compressedCacheBytes, limits = CLIENT_LIMITS }) {
  const compressed = new CompressedBodies(compressedCacheBytes);
  const connections = new PerClient(limits.connections);
  const openFiles = new PerClient(limits.openFiles);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url || '/', 'http://localhost');
      const common = {
        Vary: 'Accept-Encoding',
        ...securityHeaders(apiUrl(), sources()),
      };
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...common, Allow: 'GET, HEAD' }).end();
        return;
      }
      // A stopping server asks each client to open its next connection elsewhere.
      if (draining.has(server)) res.setHeader('Connection', 'close');
      if (url.pathname === '/healthz' || url.pathname === '/readyz') {
        // The probes: cheap, never cached, not counted against a client's open files.
        const notReady =
          url.pathname === '/healthz'
            ? null
            : draining.has(server)
              ? SHUTTING_DOWN
              : await ready().catch((e) => e.message);
        const status = notReady ? 503 : 200;
        const body = JSON.stringify({
          status,
          msg: notReady ?? (url.pathname === '/healthz' ? 'ok' : 'ready'),
          data: null,
        });
        res
          .writeHead(status, { ...common, 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      const coding = acceptedEncoding(req.headers['accept-encoding']);
      const head = req.method === 'HEAD';
      /** A reply of `size` bytes: compressed (once, under `key`) when the request accepts it and it is worth it. */
      const send = async (headers, size, key, body, status = 200) => {
        if (coding && size >= COMPRESS_MIN_BYTES && COMPRESSIBLE.test(headers['Content-Type'])) {
          // A release's files are served for as long as it is kept: worth the smallest brotli.
          const packed = await compressed.get(key, coding, body, { upgrade: key.startsWith('file:') });
          res.writeHead(status, { ...common, ...headers, 'Content-Encoding': coding, 'Content-Length': packed.length });
          res.end(head ? undefined : packed);
          return true;
        }
        return false;
      };
      const sendBody = async (headers, body, key, status = 200) => {
        if (await send(headers, body.length, key, async () => body, status)) return;
        res.writeHead(status, { ...common, ...headers, 'Content-Length': body.length });
        res.end(head ? undefined : body);
      };
      if (url.pathname === '/config.json') {
        // A preview is one tab's: never stored by a shared cache.
        // Built for this request only: every other file needs just the API's address for its CSP.
        const liveConfig = config(url.searchParams.get('preview'));
        const cache = liveConfig.preview ? 'no-store' : 'no-cache';
        const text = JSON.stringify(liveConfig);
        // Kept under its own text: the same configuration is compressed once.
        await sendBody({ 'Content-Type': TYPES['.json'], 'Cache-Control': cache }, Buffer.from(text), `config:${text}`);
        return;
      }
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        // Not valid percent-encoded UTF-8 (e.g. /%E0%A4%A): a bad request, not a server error.
        res.writeHead(400, { ...common, 'Content-Type': TYPES['.txt'] }).end('Bad request');
        return;
      }
      if (pathname.includes('\0')) {
        res.writeHead(400, common).end();
        return;
      }
      const answer = await route(pathname, url.pathname, url.search);
      if (!answer) {
        res.writeHead(404, { ...common, 'Content-Type': TYPES['.txt'] }).end('Not found');
        return;
      }
      if (answer.status) {
        res
          .writeHead(answer.status, { ...common, 'Content-Type': TYPES['.txt'], 'Cache-Control': 'no-cache' })
          .end(answer.text);
        return;
      }
      if (answer.rendered) {
        // A page rendered on the server (kept for a short time; the same for everyone).
        const { status, body, key, type = TYPES['.html'] } = answer.rendered;
        const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache' };
        if (status === 200) await sendBody(headers, body, key);
        else
          res.writeHead(status, { ...common, ...headers, 'Content-Length': body.length }).end(head ? undefined : body);
        return;
      }
      if (answer.html !== undefined) {
        await sendBody(
          { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache' },
          Buffer.from(answer.html),
          answer.key,
          answer.notFound ? 404 : 200,
        );
        return;
      }
      const { file, info, cache } = answer;
      const type = TYPES[extname(file)] || 'application/octet-stream';
      // Files of a build are read across origins (the shell fetches a remote's manifest and
      // stylesheets); pages and /config.json are read by their own origin only.
      const headers = { 'Content-Type': type, 'Cache-Control': cache, 'Access-Control-Allow-Origin': '*' };
      // The file is read only to be compressed; once kept, it is not read again.
      if (await send(headers, info.size, `file:${file}:${info.mtimeMs}:${info.size}`, () => readFile(file))) return;
      if (head) {
        res.writeHead(200, { ...common, ...headers, 'Content-Length': info.size }).end();
        return;
      }
      const client = req.socket.remoteAddress ?? '';
      if (!openFiles.take(client)) {
        res.writeHead(503, { ...common, 'Retry-After': '1', 'Content-Type': TYPES['.txt'] }).end('Too many requests');
        return;
      }
      res.writeHead(200, { ...common, ...headers, 'Content-Length': info.size });
      // pipeline closes the file when the reply ends or fails (pipe() did not). A pipelined reply
      // still waiting its turn never hears its connection close, so the connection closes its files.
      const stream = createReadStream(file);
      const streams = streamsOf(req.socket);
      streams.add(stream);
      pipeline(stream, res, (error) => {
        streams.delete(stream);
        openFiles.release(client);
        if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(`[serve] ${url.pathname}:`, error);
      });
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
      console.error(error);
    }
  });
  server.maxRequestsPerSocket = limits.requestsPerConnection;
  server.on('connection', (socket) => {
    const client = socket.remoteAddress ?? '';
    if (!connections.take(client)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => {
      connections.release(client);
      for (const stream of socket[FILE_STREAMS] ?? []) stream.destroy();
    });
  });
  /** What the tests look at. */
  return Object.assign(server, { compressedBodies: compressed });
}

async function fileInfo(file) {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? info : null;
}

/**
 * Stops a front-end server gracefully (SIGTERM, Ctrl-C): /readyz answers 503 at once; after
 * `delayMs` (time for a load balancer that follows /readyz to stop sending requests here) it
 * stops accepting connections, closes the idle ones, answers the requests in flight (each reply
 * closing its connection) and resolves once every connection has closed; connections still open
 * after `timeoutMs` are cut.
 * @param {import('node:http').Server} server
 * @param {{ delayMs?: number, timeoutMs?: number }} [options]
 */
export async function stopGracefully(server, { delayMs = 0, timeoutMs = 10_000 } = {}) {
  draining.add(server);
  if (delayMs > 0) await new Promise((resolvePromise) => setTimeout(resolvePromise, delayMs));
  await new Promise((resolvePromise) => {
    const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
    cut.unref();
    server.close(() => {
      clearTimeout(cut);
      resolvePromise();
    });
    server.closeIdleConnections();
  });
}

/** stopGracefully on SIGTERM and SIGINT, then exit; SHUTDOWN_DELAY_SECONDS and SHUTDOWN_TIMEOUT_SECONDS as for the API. */
export function stopOnSignals(server, env = process.env) {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const seconds = (name, fallback) => (env[name] && Number(env[name]) >= 0 ? Number(env[name]) : fallback);
    void stopGracefully(server, {
      delayMs: seconds('SHUTDOWN_DELAY_SECONDS', 0) * 1000,
      timeoutMs: seconds('SHUTDOWN_TIMEOUT_SECONDS', 10) * 1000,
    }).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function listen(server, port, host) {
  await new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolvePromise);
  });
  return server;
}

/**
 * Serves one front end's releases: /<release id>/… from the store (every file of a release is
 * immutable, so kept ones stay loadable by pages that started on them), /config.json derived from
 * the registry, and the live release's page at any other path without an extension. The shell's
 * server is also the rendering server: when its live release has a server build, a page is
 * rendered there first (scripts/render/), with robots.txt and the sitemap; `renderer: null` turns
 * that off. `compressedCacheBytes`: memory for compressed replies (64 MB).
 * @param {{ store: string, frontEnd: string, port: number, host?: string, live?: LiveReleases, compressedCacheBytes?: number, renderer?: PageRenderer | null }} options
 */
export async function startReleaseServer({
  store,
  frontEnd,
  port,
  host = process.env.HOST || '0.0.0.0',
  live = new LiveReleases(store),
  compressedCacheBytes,
  renderer = frontEnd === 'shell' ? new PageRenderer({ store, live }) : null,
}) {
  const base = resolve(store, frontEnd);
  const pages = new Map();
  const server = frontEndServer({
    compressedCacheBytes,
    config: (preview) => live.runtimeConfig({ preview }),
    // Ready when the registry reads and names a live release whose page is there.
    async ready() {
      const id = live.liveId(frontEnd);
      if (live.error) return `Not ready: ${live.error}`;
      if (!id) return `Not ready: no release of ${frontEnd} is live yet`;
      if (!(await fileInfo(join(base, id, 'index.html')))) return `Not ready: the live release ${id} cannot be read`;
      return null;
    },
    sources: () => live.frontEndSources(),
    async route(pathname, rawPath, search) {
      const [, first, ...rest] = pathname.split('/');
      if (RELEASE_ID.test(first) && live.release(frontEnd, first)) {
        const file = inside(join(base, first), rest.join('/'));
        const info = file && (await fileInfo(file));
        return info ? { file, info, cache: IMMUTABLE } : null;
      }
      const seo = renderer && (await renderer.seo(pathname));
      if (seo) return { rendered: seo };
      if (extname(rawPath)) return null;
      // A client-side route: the live release's page decides what to show, its not-found page included.
      const id = live.liveId(frontEnd);
      if (!id) return { status: 503, text: `No release of ${frontEnd} is live yet: see 'npm run release -- status'.` };
      // Rendered on the server when the release can; a tab previewing releases renders in the browser.
      const rendered = renderer && !/[?&]preview=/.test(search) ? await renderer.page(rawPath, search) : null;
      if (rendered) return { rendered };
      if (!pages.has(id))
        pages.set(id, resolveAssetUrls(await readFile(join(base, id, 'index.html'), 'utf8'), `/${id}/`));
      // Not rendered (render slots busy, a preview): a path no route serves is still a 404.
      const preview = new URLSearchParams(search).get('preview');
      const notFound = renderer ? (await renderer.status(rawPath, preview)) === 404 : false;
      return { html: pages.get(id), key: `page:${id}`, notFound };
    },
  });
  if (renderer) server.on('close', () => renderer.close());
  await listen(server, port, host);
  // The remotes' server code is loaded before the first page needs it.
  if (renderer) void renderer.warm().catch((error) => console.error('[render] could not preload the areas:', error));
  return server;
}

/**
 * Serves a single build folder at the root, /config.json from the environment.
 * @param {{ root: string, port: number, host?: string, compressedCacheBytes?: number }} options
 */
export async function startStaticServer({ root, port, host = process.env.HOST || '0.0.0.0', compressedCacheBytes }) {
  const base = resolve(root);
  const server = frontEndServer({
    compressedCacheBytes,
    config: () => runtimeConfig(),
    async ready() {
      return (await fileInfo(join(base, 'index.html')))
        ? null
        : `Not ready: ${join(base, 'index.html')} cannot be read`;
    },
    sources: frontEndOrigins,
    async route(pathname, rawPath) {
      const file = inside(base, pathname);
      if (!file) return null;
      const info = await fileInfo(file);
      if (info && extname(file) !== '.html') return { file, info, cache: HASHED.test(file) ? IMMUTABLE : 'no-cache' };
      if (!info && extname(rawPath)) return null;
      const page = join(base, 'index.html');
      const pageInfo = await fileInfo(page);
      if (!pageInfo) return null;
      return { html: resolveAssetUrls(await readFile(page, 'utf8'), '/'), key: `page:${pageInfo.mtimeMs}` };
    },
  });
  return listen(server, port, host);
}
