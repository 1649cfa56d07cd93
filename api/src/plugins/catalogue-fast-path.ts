import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import fp from 'fastify-plugin';
import { MAX_ID } from '@marketplace/contract';
import { publicBaseOf, type AppContext } from '../context';
import { notModified, variantFor } from '../lib/catalogue-cache';
import { SECURITY_HEADERS } from '../lib/hardening';
import { listKey, productKey } from '../domains/catalogue/cache-keys';
import { JSON_TYPE } from '../domains/catalogue/routes';
import type { CorsPolicy } from './cors';

/** GET /product/{id} as the fast path takes it: the canonical spelling of a valid id, no query. */
const PRODUCT_PATH = /^\/product\/([1-9]\d{0,9})$/;
/** Vary of a reply sent compressed or not by Accept-Encoding (CORS makes every reply vary by Origin). */
const VARY_COMPRESSED = 'Origin, Accept-Encoding';

/**
 * The two catalogue reads answered at the HTTP server when their reply is cached, before Fastify
 * builds its request and reply objects and runs routing, hooks and validation: at catalogue read
 * rates that per-request work cost as much as the rest of the reply. Anything else (a miss,
 * HEAD, a query string, another spelling of the path) returns false and goes through the
 * catalogue routes, which fill the cache. The reply is the route's own, header for header, in
 * each encoding (test/catalogue-cache.test.ts compares them): the cache holds it compressed, so
 * Accept-Encoding only picks which bytes go out.
 */
export function cachedCatalogueReads(ctx: AppContext, cors: CorsPolicy) {
  const { config, catalogue } = ctx;
  // Headers as flat [name, value, …] lists built once (a header object per request cost more
  // than the rest of the reply), in two kinds: a reply too small to be compressed varies by
  // Origin only, a compressed one by Accept-Encoding too (as the routes' sendCached says).
  const leading = (compressed: boolean) => [
    ...Object.entries(SECURITY_HEADERS).flat(),
    'vary',
    compressed ? VARY_COMPRESSED : 'Origin',
  ];
  // The CORS headers go to allowed origins only, as the CORS plugin sends them.
  const trailing = ['cache-control', 'no-cache'];
  const corsHeaders = (origin: string) => [
    'access-control-allow-origin',
    origin,
    'access-control-expose-headers',
    cors.exposedHeaders.join(', '),
  ];
  // Built at an allowed origin's first request; only allowed origins are kept, so it stays small.
  const withOrigin = new Map<string, [string[], string[]]>();
  const withoutOrigin: [string[], string[]] = [
    [...leading(false), ...trailing],
    [...leading(true), ...trailing],
  ];
  const headersFor = (origin: string | undefined): [string[], string[]] => {
    if (origin === undefined || !cors.allowedOrigins.has(origin)) return withoutOrigin;
    let headers = withOrigin.get(origin);
    if (!headers) {
      headers = [
        [...leading(false), ...corsHeaders(origin), ...trailing],
        [...leading(true), ...corsHeaders(origin), ...trailing],
      ];
      withOrigin.set(origin, headers);
    }
    return headers;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    // The path first: every other request leaves here (0 = the list; NaN = not ours).
    const url = req.url ?? '';
    const id = url === '/products' ? 0 : Number(PRODUCT_PATH.exec(url)?.[1]);
    if (!(id <= MAX_ID)) return false;
    const base = publicBaseOf(config, req.headers.host ?? '', (req.socket as TLSSocket).encrypted ? 'https' : 'http');
    const cached = catalogue.peek(id ? productKey(base, id) : listKey(base));
    if (!cached) return false;
    const headers = headersFor(req.headers.origin)[cached.br ? 1 : 0];
    const variant = variantFor(cached, req.headers['accept-encoding']);
    if (notModified(req.headers['if-none-match'], variant.etag)) {
      res.writeHead(304, [...headers, 'etag', variant.etag]).end();
      return true;
    }
    const type = ['etag', variant.etag, 'content-type', JSON_TYPE];
    const length = ['content-length', String(variant.body.length)];
    res
      .writeHead(
        200,
        variant.encoding
          ? [...headers, ...type, 'content-encoding', variant.encoding, ...length]
          : [...headers, ...type, ...length],
      )
      .end(variant.body);
    return true;
  };
}

/**
 * Turns the fast path on once the API is ready and off when it starts closing (a closing API
 * answers 503, cached or not). Not at debug level, where every request goes through the routes
 * to be logged, nor behind a trusted proxy (the reply's image URLs come from forwarded headers
 * Fastify reads).
 */
export const catalogueFastPath = fp(
  async (app) => {
    if (app.log.level === 'debug' || app.log.level === 'trace' || app.ctx.config.trustProxy) return;
    const cachedReads = cachedCatalogueReads(app.ctx, app.corsPolicy);
    app.addHook('onReady', (done) => {
      app.beforeRouting.answer = cachedReads;
      done();
    });
    app.addHook('preClose', (done) => {
      app.beforeRouting.answer = undefined;
      done();
    });
  },
  { name: 'catalogue-fast-path', dependencies: ['caches', 'cors'] },
);
