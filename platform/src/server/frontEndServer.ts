// The front-end servers: brotli or gzip by Accept-Encoding, cache headers, CORS for a build's
// files and a Content-Security-Policy.
// startReleaseServer serves one front end's releases from the release store (npm start, production);
// startStaticServer serves a single build folder (the benchmarks, a remote's `npm run serve`).
import { hostname } from 'node:os';
import { createReadStream, type ReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { budgetFromEnv, type ErrorBudget } from '../canary/budget';
import { newVisitorId, visitorCookie, visitorIdOf } from '../canary/bucket';
import { CanaryWatcher } from '../canary/watcher';
import { envNumber } from '../config/envNumber';
import { apiUrl, frontEndOrigins, originOf, runtimeConfig, type RuntimeConfig } from '../config/runtimeConfig';
import type { FrontEndName } from '../frontEnds';
import { LiveReleases } from '../releases/live';
import { endCanary } from '../releases/registry';
import { RELEASE_ID } from '../releases/store';
import { PageRenderer, resolveAssetUrls, type RenderedAnswer } from '../render/renderer';
import { ROOT } from '../root';
import { MAX_BEACON_BYTES } from '../telemetry/beacon';
import { instanceName, sinceCanariesStarted, TelemetryCollector } from '../telemetry/collector';
import type { TelemetryFigures } from '../telemetry/figures';
import { canaryOutcome } from '../telemetry/figures';
import { FrontEndMetrics } from '../telemetry/metrics';
import { CompressedBodies, type BodyReader } from './compressedBodies';
import { acceptedEncoding } from './encoding';

export { CompressedBodies, UPGRADE_QUEUE } from './compressedBodies';
export { acceptedEncoding } from './encoding';
export { resolveAssetUrls };

const TYPES: Record<string, string> = {
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

/**
 * What one client may hold of a front-end server, so that no client can exhaust its open files or
 * sockets (which ends the process for every visitor): connections from one address, requests on
 * one connection (as nginx's keepalive_requests: the last says Connection: close, pipelined ones
 * beyond get 503), and files being
 * streamed to one address at once (more get 503 with Retry-After). Browsers use six connections
 * and never pipeline, so none of this touches a shopper.
 */
export const CLIENT_LIMITS: ClientLimits = {
  connections: 256,
  requestsPerConnection: 1000,
  openFiles: 32,
};

export interface ClientLimits {
  connections: number;
  requestsPerConnection: number;
  openFiles: number;
}

/** Counts what each client address holds now; `take` refuses past the limit. */
class PerClient {
  readonly #held = new Map<string, number>();
  constructor(readonly limit: number) {}
  take(client: string): boolean {
    const held = this.#held.get(client) ?? 0;
    if (held >= this.limit) return false;
    this.#held.set(client, held + 1);
    return true;
  }
  release(client: string): void {
    const held = (this.#held.get(client) ?? 1) - 1;
    if (held <= 0) this.#held.delete(client);
    else this.#held.set(client, held);
  }
}

/** The files being streamed on a connection, closed with it. */
const fileStreams = new WeakMap<Socket, Set<ReadStream>>();
function streamsOf(socket: Socket): Set<ReadStream> {
  let streams = fileStreams.get(socket);
  if (!streams) {
    streams = new Set();
    fileStreams.set(socket, streams);
  }
  return streams;
}

/** Files whose names change with their content can be cached for a year. */
const HASHED = /\.[0-9a-f]{8}\.(js|css|png|svg|woff2)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `sources`: every base the page may load front-end code from (origins, or origin and path). */
function securityHeaders(apiUrl: string, sources: readonly string[]): Record<string, string> {
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
function inside(base: string, pathname: string): string | null {
  const file = normalize(join(base, pathname));
  return file === base || file.startsWith(base + sep) ? file : null;
}

/** What GET /readyz says while a server stops (stopGracefully). */
const SHUTTING_DOWN = 'Not ready: this server is shutting down';
/** The servers stopGracefully is stopping: /readyz answers 503 and every reply closes its connection. */
const draining = new WeakSet<Server>();

/** What a server answers at a path: a file, a page, a rendered page or file, a status in words; null: not found. */
type Answer =
  | { file: string; info: Stats; cache: string }
  | { html: string; key: string; notFound?: boolean }
  | { rendered: RenderedAnswer & { type?: string } }
  | { status: number; text: string };

/** Where the shell's page views report (shell/src/telemetry/pageView.ts: TELEMETRY_PATH). */
export const TELEMETRY_PATH = '/_telemetry';
/** The content types navigator.sendBeacon sends a string or a JSON blob with. */
const BEACON_TYPES = /^(text\/plain|application\/json)\s*(;|$)/i;

interface ServerParts {
  /** /config.json for a request (`preview`: its ?preview=; `visitor`: its visitor id, for canaries). */
  config(preview: string | null, visitor: string | undefined): RuntimeConfig;
  /** Every base the page may load front-end code from (the CSP's sources). */
  sources(): readonly string[];
  /** What to answer at `pathname` (decoded), `rawPath` (as sent) and `search`, for `visitor`. */
  route(pathname: string, rawPath: string, search: string, visitor: string | undefined): Promise<Answer | null>;
  /** Whether a canary runs: pages and /config.json then depend on the visitor (who gets an id). */
  canaryRunning?: () => boolean;
  /** Takes the page views' beacons (the shell's server). */
  telemetry?: TelemetryCollector | null;
  metrics: FrontEndMetrics;
  /** Whether the server can serve (GET /readyz): null when it can, else why not. */
  ready(): Promise<string | null>;
  compressedCacheBytes?: number;
  limits?: ClientLimits;
}

/** A front-end server, with what the tests look at. */
export type FrontEndServer = Server & {
  compressedBodies: CompressedBodies;
  telemetry?: TelemetryCollector | null;
  watcher?: CanaryWatcher | null;
};

/** The route pattern of a request, for /metrics (never the path a client chose). */
function routeOf(pathname: string, answer: Answer | null | undefined): string {
  if (['/config.json', '/healthz', '/readyz', '/metrics', TELEMETRY_PATH].includes(pathname)) return pathname;
  if (!answer) return 'not found';
  if ('file' in answer) return 'file';
  if ('status' in answer) return 'page';
  if ('rendered' in answer) return answer.rendered.type ? 'robots and sitemaps' : 'page';
  return 'page';
}

/** Whether `header` is `Bearer <token>` (in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The body of a request, or null when it is longer than `max` bytes (the rest is not read). */
async function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  if (Number(req.headers['content-length'] ?? 0) > max) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The request handling both servers share. */
function frontEndServer({
  config,
  sources,
  route,
  ready,
  compressedCacheBytes,
  limits = CLIENT_LIMITS,
  canaryRunning = () => false,
  telemetry = null,
  metrics,
}: ServerParts): FrontEndServer {
  const metricsToken = process.env.METRICS_TOKEN;
  const secureCookie = originOf('shell').startsWith('https:');
  const compressed = new CompressedBodies(compressedCacheBytes);
  const connections = new PerClient(limits.connections);
  const openFiles = new PerClient(limits.openFiles);
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    let answered: Answer | null | undefined;
    let pathForMetrics = '';
    res.once('close', () =>
      metrics.observe(
        routeOf(pathForMetrics, answered),
        res.statusCode,
        Number(process.hrtime.bigint() - started) / 1e9,
      ),
    );
    try {
      const url = new URL(req.url || '/', 'http://localhost');
      pathForMetrics = url.pathname;
      const common: OutgoingHttpHeaders = {
        Vary: 'Accept-Encoding',
        ...securityHeaders(apiUrl(), sources()),
      };
      if (telemetry && url.pathname === TELEMETRY_PATH && req.method === 'POST') {
        await takeBeacon(req, res, telemetry, metrics, common);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...common, Allow: 'GET, HEAD' }).end();
        return;
      }
      if (url.pathname === '/metrics') {
        if (metricsToken && !bearerMatches(req.headers.authorization, metricsToken)) {
          res
            .writeHead(401, { ...common, 'Content-Type': TYPES['.txt'], 'Cache-Control': 'no-store' })
            .end("GET /metrics needs the operators' token: Authorization: Bearer <METRICS_TOKEN>");
          return;
        }
        const text = await metrics.text();
        res
          .writeHead(200, { ...common, 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text);
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
              : await ready().catch((e: Error) => e.message);
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
      // While a canary runs, a page and /config.json depend on the visitor's buckets: a new visitor
      // gets an id (set with the reply), and no shared cache may keep the reply for others.
      let visitor = visitorIdOf(req.headers.cookie);
      const perVisitor = canaryRunning();
      if (perVisitor) {
        common.Vary = 'Accept-Encoding, Cookie';
        if (!visitor && req.method === 'GET') {
          visitor = newVisitorId();
          common['Set-Cookie'] = visitorCookie(visitor, secureCookie);
        }
      }
      const privately = (cache: string) => (perVisitor && !cache.includes('no-store') ? `private, ${cache}` : cache);
      /** A reply of `size` bytes: compressed (once, under `key`) when the request accepts it and it is worth it. */
      const send = async (
        headers: Record<string, string>,
        size: number,
        key: string,
        body: BodyReader,
        status = 200,
      ): Promise<boolean> => {
        if (coding && size >= COMPRESS_MIN_BYTES && COMPRESSIBLE.test(headers['Content-Type'])) {
          // A release's files are served for as long as it is kept: worth the smallest brotli.
          const packed = await compressed.get(key, coding, body, { upgrade: key.startsWith('file:') });
          res.writeHead(status, { ...common, ...headers, 'Content-Encoding': coding, 'Content-Length': packed.length });
          res.end(head ? undefined : packed);
          return true;
        }
        return false;
      };
      const sendBody = async (headers: Record<string, string>, body: Buffer, key: string, status = 200) => {
        if (await send(headers, body.length, key, async () => body, status)) return;
        res.writeHead(status, { ...common, ...headers, 'Content-Length': body.length });
        res.end(head ? undefined : body);
      };
      if (url.pathname === '/config.json') {
        // A preview is one tab's: never stored by a shared cache.
        // Built for this request only: every other file needs just the API's address for its CSP.
        const liveConfig = config(url.searchParams.get('preview'), visitor);
        const cache = liveConfig.preview ? 'no-store' : privately('no-cache');
        const text = JSON.stringify(liveConfig);
        // Kept under its own text: the same configuration is compressed once.
        await sendBody({ 'Content-Type': TYPES['.json'], 'Cache-Control': cache }, Buffer.from(text), `config:${text}`);
        return;
      }
      let pathname: string;
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
      const answer = await route(pathname, url.pathname, url.search, visitor);
      answered = answer;
      if (!answer || 'file' in answer) delete common['Set-Cookie'];
      if (!answer) {
        res.writeHead(404, { ...common, 'Content-Type': TYPES['.txt'] }).end('Not found');
        return;
      }
      if ('status' in answer) {
        res
          .writeHead(answer.status, { ...common, 'Content-Type': TYPES['.txt'], 'Cache-Control': 'no-cache' })
          .end(answer.text);
        return;
      }
      if ('rendered' in answer) {
        // A page rendered on the server (kept for a short time; the same for everyone).
        const { status, body, key, type = TYPES['.html'] } = answer.rendered;
        const headers = {
          'Content-Type': type,
          'Cache-Control': type === TYPES['.html'] ? privately('no-cache') : 'no-cache',
        };
        if (status === 200) await sendBody(headers, body, key);
        else
          res.writeHead(status, { ...common, ...headers, 'Content-Length': body.length }).end(head ? undefined : body);
        return;
      }
      if ('html' in answer) {
        await sendBody(
          { 'Content-Type': TYPES['.html'], 'Cache-Control': privately('no-cache') },
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
        if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
          console.error(`[serve] ${url.pathname}:`, error);
      });
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
      console.error(error);
    }
  });
  server.maxRequestsPerSocket = limits.requestsPerConnection;
  server.on('connection', (socket: Socket) => {
    const client = socket.remoteAddress ?? '';
    if (!connections.take(client)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => {
      connections.release(client);
      for (const stream of fileStreams.get(socket) ?? []) stream.destroy();
    });
  });
  return Object.assign(server, { compressedBodies: compressed, telemetry });
}

/**
 * POST /_telemetry: one page view's beacon (navigator.sendBeacon). Refused with a 4xx in words,
 * nothing counted, when it is too large, not a beacon's type, malformed, names a release the site
 * does not serve, or its client sent too many this minute.
 */
async function takeBeacon(
  req: IncomingMessage,
  res: ServerResponse,
  telemetry: TelemetryCollector,
  metrics: FrontEndMetrics,
  common: OutgoingHttpHeaders,
): Promise<void> {
  const reply = (status: number, message?: string) => {
    metrics.beacon(status);
    res
      .writeHead(status, {
        ...common,
        'Cache-Control': 'no-store',
        ...(message ? { 'Content-Type': TYPES['.txt'] } : {}),
        // The rest of an oversized body is not read: the connection closes.
        ...(status === 413 ? { Connection: 'close' } : {}),
      })
      .end(message);
  };
  if (!BEACON_TYPES.test(req.headers['content-type'] ?? ''))
    return reply(415, 'A beacon is sent as text/plain or application/json.');
  const body = await readBody(req, MAX_BEACON_BYTES);
  if (!body) return reply(413, `A beacon is at most ${MAX_BEACON_BYTES} bytes.`);
  const { status, message } = telemetry.take(body, req.socket.remoteAddress ?? '');
  reply(status, message);
}

async function fileInfo(file: string): Promise<Stats | null> {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? info : null;
}

/**
 * Stops a front-end server gracefully (SIGTERM, Ctrl-C): /readyz answers 503 at once; after
 * `delayMs` (time for a load balancer that follows /readyz to stop sending requests here) it
 * stops accepting connections, closes the idle ones, answers the requests in flight (each reply
 * closing its connection) and resolves once every connection has closed; connections still open
 * after `timeoutMs` are cut.
 */
export async function stopGracefully(
  server: Server,
  { delayMs = 0, timeoutMs = 10_000 }: { delayMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  draining.add(server);
  if (delayMs > 0) await new Promise((resolvePromise) => setTimeout(resolvePromise, delayMs));
  await new Promise<void>((resolvePromise) => {
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
export function stopOnSignals(server: Server, env: NodeJS.ProcessEnv = process.env): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const seconds = (name: string, fallback: number) =>
      env[name] && Number(env[name]) >= 0 ? Number(env[name]) : fallback;
    void stopGracefully(server, {
      delayMs: seconds('SHUTDOWN_DELAY_SECONDS', 0) * 1000,
      timeoutMs: seconds('SHUTDOWN_TIMEOUT_SECONDS', 10) * 1000,
    }).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function listen<S extends Server>(server: S, port: number, host: string): Promise<S> {
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolvePromise);
  });
  return server;
}

export interface ReleaseServerOptions {
  store: string;
  frontEnd: FrontEndName;
  port: number;
  host?: string;
  live?: LiveReleases;
  /** Memory for compressed replies (64 MB). */
  compressedCacheBytes?: number;
  /** The shell's renderer (its server's default); null: no server rendering. */
  renderer?: PageRenderer | null;
  /**
   * Takes the page views' telemetry at POST /_telemetry, kept in the store's telemetry/ folder
   * beside the registry, and runs the canary watcher (the shell's server, by default).
   */
  telemetry?: boolean;
  /**
   * This server's name among the shell servers sharing the store, its telemetry file's name
   * (TELEMETRY_INSTANCE; by default the host's name and the port): the same after a restart.
   */
  telemetryInstance?: string;
  /** When a canary has spent its error budget (CANARY_* in the environment by default). */
  budget?: ErrorBudget;
  /** How often running canaries are judged (CANARY_CHECK_SECONDS, default 10). */
  canaryCheckSeconds?: number;
}

/**
 * The canary watcher of a server: judges each running canary by the figures of every shell server
 * sharing the store since it started (this one's and the others' files, pooled), and ends one whose
 * budget is spent (recorded in the registry with the figures).
 */
function canaryWatcher(store: string, live: LiveReleases, telemetry: TelemetryCollector, budget: ErrorBudget) {
  let pooled: TelemetryFigures = telemetry.figures;
  return new CanaryWatcher({
    canaries: () => {
      const canaries = live.canaries();
      // A canary is judged by its own views: figures of its release from before it started are left out.
      if (canaries.length) pooled = telemetry.pooled(sinceCanariesStarted(canaries));
      return canaries.map(({ frontEnd, release, live: liveId, percent }) => ({
        frontEnd,
        release,
        live: liveId,
        percent,
      }));
    },
    figures: (frontEnd, release) => pooled.summary(frontEnd, release),
    budget,
    async end(canary, reasons, figures) {
      await endCanary(store, canary.frontEnd, {
        release: canary.release,
        reasons,
        figures: canaryOutcome(figures.live, figures.canary),
      });
      telemetry.save();
    },
    log: (message) => console.log(`[canary] ${new Date().toISOString()} ${message}`),
  });
}

/**
 * Serves one front end's releases: /<release id>/… from the store (every file of a release is
 * immutable, so kept ones stay loadable by pages that started on them), /config.json derived from
 * the registry, and the live release's page at any other path without an extension. The shell's
 * server is also the rendering server: when its live release has a server build, a page is
 * rendered there first (render/), with robots.txt and the sitemap; `renderer: null` turns that off.
 */
export async function startReleaseServer({
  store,
  frontEnd,
  port,
  host = process.env.HOST || '0.0.0.0',
  live = new LiveReleases(store),
  compressedCacheBytes,
  renderer = frontEnd === 'shell' ? new PageRenderer({ store, live }) : null,
  telemetry: takesTelemetry = frontEnd === 'shell',
  telemetryInstance,
  budget,
  canaryCheckSeconds,
}: ReleaseServerOptions): Promise<FrontEndServer> {
  const base = resolve(store, frontEnd);
  const pages = new Map<string, string>();
  const telemetry = takesTelemetry
    ? new TelemetryCollector({
        store,
        instance: instanceName(
          telemetryInstance ?? process.env.TELEMETRY_INSTANCE ?? `${hostname()}-${port || process.pid}`,
        ),
        isKnown: (name, id) => live.serves(name, id),
        // A canary is judged by its own views: its release's figures from before it started give way.
        countedSince: (name, id) => {
          const canary = live.canaries().find((c) => c.frontEnd === name && c.release === id);
          return canary ? Date.parse(canary.startedAt) : 0;
        },
        perClientPerMinute: envNumber('TELEMETRY_BEACONS_PER_MINUTE', 30, { min: 1 }),
      })
    : null;
  let watcher: CanaryWatcher | null = null;
  const metrics = new FrontEndMetrics({
    frontEnd,
    renderer,
    figures: () => telemetry?.figures ?? null,
    canaryChecks: telemetry ? () => watcher?.checks ?? 0 : undefined,
  });
  const server = frontEndServer({
    compressedCacheBytes,
    metrics,
    telemetry,
    canaryRunning: () => live.canaries().length > 0,
    config: (preview, visitor) => live.runtimeConfig({ preview, canaries: live.canariesFor(visitor) }),
    // Ready when the registry reads and names a live release whose page is there.
    async ready() {
      const id = live.liveId(frontEnd);
      if (live.error) return `Not ready: ${live.error}`;
      if (!id) return `Not ready: no release of ${frontEnd} is live yet`;
      if (!(await fileInfo(join(base, id, 'index.html')))) return `Not ready: the live release ${id} cannot be read`;
      return null;
    },
    sources: () => live.frontEndSources(),
    async route(pathname, rawPath, search, visitor) {
      const [, first, ...rest] = pathname.split('/');
      if (RELEASE_ID.test(first) && live.release(frontEnd, first)) {
        const file = inside(join(base, first), rest.join('/'));
        const info = file && (await fileInfo(file));
        return file && info ? { file, info, cache: IMMUTABLE } : null;
      }
      const seo = renderer && (await renderer.seo(pathname));
      if (seo) return { rendered: seo };
      if (extname(rawPath)) return null;
      // A client-side route: the live release's page decides what to show, its not-found page included
      // (the canary's, for a visitor it serves).
      const canaries = live.canariesFor(visitor);
      const id = live.servedId(frontEnd, canaries);
      if (!id) return { status: 503, text: `No release of ${frontEnd} is live yet: see 'npm run release -- status'.` };
      // Rendered on the server when the release can (a visitor a canary serves: with their releases,
      // in a render worker); a tab previewing releases renders in the browser.
      const rendered = renderer && !/[?&]preview=/.test(search) ? await renderer.page(rawPath, search, canaries) : null;
      if (rendered) return { rendered };
      let page = pages.get(id);
      if (page === undefined) {
        page = resolveAssetUrls(await readFile(join(base, id, 'index.html'), 'utf8'), `/${id}/`);
        pages.set(id, page);
      }
      // Not rendered (render slots busy, a preview): a path no route serves is still a 404.
      const preview = new URLSearchParams(search).get('preview');
      const notFound = renderer ? (await renderer.status(rawPath, preview, canaries)) === 404 : false;
      return { html: page, key: `page:${id}`, notFound };
    },
  });
  if (renderer) server.on('close', () => renderer.close());
  watcher = telemetry ? canaryWatcher(store, live, telemetry, budget ?? budgetFromEnv()) : null;
  server.on('close', () => {
    void watcher?.stop();
    telemetry?.close();
  });
  await listen(server, port, host);
  watcher?.start((canaryCheckSeconds ?? envNumber('CANARY_CHECK_SECONDS', 10, { min: 0.05 })) * 1000);
  // The remotes' server code is loaded before the first page needs it.
  if (renderer) void renderer.warm().catch((error) => console.error('[render] could not preload the areas:', error));
  return Object.assign(server, { watcher });
}

/** Serves a single build folder at the root, /config.json from the environment. */
export async function startStaticServer({
  root,
  port,
  host = process.env.HOST || '0.0.0.0',
  compressedCacheBytes,
}: {
  root: string;
  port: number;
  host?: string;
  compressedCacheBytes?: number;
}): Promise<FrontEndServer> {
  const base = resolve(root);
  const server = frontEndServer({
    compressedCacheBytes,
    metrics: new FrontEndMetrics({ frontEnd: 'static' }),
    config: () => runtimeConfig(ROOT),
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
