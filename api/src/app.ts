import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyError, type FastifyServerOptions, type RouteOptions } from 'fastify';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import cors from '@fastify/cors';
import { sql } from 'kysely';
import type { Config } from './config';
import type { App, AppContext } from './context';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrations';
import { seedIfEmpty } from './seed/seed';
import { seedAuctionsIfEmpty } from './seed/auctions';
import { createMailer } from './lib/mailer';
import { hashPassword, randomSecret } from './lib/crypto';
import { HttpError } from './lib/errors';
import { strictBodyValidator, validationMessage } from './lib/validation';
import { pruneRateLimits } from './lib/ratelimit';
import { AuctionEventPublisher } from './lib/auction-events';
import { CatalogueCache, COMPRESS_MIN_BYTES, ENCODINGS } from './lib/catalogue-cache';
import { SessionCache } from './lib/session-cache';
import { lazyRequestLogger } from './lib/request-logger';
import { AllowedOrigins } from './lib/cors-origins';
import { clientErrorHandler, frameworkErrors, limitConnectionsPerClient, registerHardening } from './lib/hardening';
import { cachedCatalogueReads, catalogRoutes } from './routes/catalog';
import { imageRoutes } from './routes/images';
import { contactRoutes } from './routes/contact';
import { cartRoutes } from './routes/cart';
import { accountRoutes } from './routes/account';
import { productRoutes } from './routes/products';
import { uploadRoutes } from './routes/uploads';
import { couponRoutes } from './routes/coupons';
import { orderRoutes } from './routes/orders';
import { reviewRoutes } from './routes/reviews';
import { wishlistRoutes } from './routes/wishlist';
import { auctionRoutes } from './routes/auctions';

export interface BuildOptions {
  /** Fastify logger option; default: pino at config.logLevel with secrets redacted. */
  logger?: FastifyServerOptions['logger'];
  /** Where the (redacted) log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

/** Secrets never reach the log. Fastify logs no bodies or headers by default; this is the second belt. */
export const REDACT_PATHS = [
  'req.headers.authtoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authtoken',
  'body.password',
  'body.authtoken',
  'body.proof',
  'body.otp',
  '*.password',
  '*.authtoken',
  '*.proof',
  '*.otp',
  '*.password_hash',
];

/**
 * Replies compressed by Accept-Encoding (@fastify/compress): JSON and text of 1 KB or more, in
 * brotli (quality 4, its default: fast enough per request) or gzip. Event streams (their
 * content type, and GET /auctionevents writes them itself) and PNG images are left as they are;
 * so are catalogue replies, which the catalogue cache keeps already compressed (they carry a
 * Content-Encoding, or the request takes none: both tell the plugin to leave them). Request
 * bodies are not decompressed: the body limit is on what arrives.
 */
export const COMPRESSION: FastifyCompressOptions = {
  encodings: ENCODINGS,
  threshold: COMPRESS_MIN_BYTES,
  // JSON and text, not event streams (nor, unlike the plugin's default, application/octet-stream).
  customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)/,
  globalDecompression: false,
};

/** A request at least this slow is logged at info even when it succeeded. */
const SLOW_REQUEST_MS = 1000;

/** How often rate-limit counters of long-finished windows are dropped. */
const RATE_LIMIT_PRUNE_MS = 10 * 60 * 1000;

function replyError(status: number, msg: string, data: null | boolean = null) {
  return { status, msg, data };
}

/**
 * Builds the API: opens the database (PGlite folder under a lock, or PostgreSQL), migrates,
 * seeds on first start, registers every route. `await app.close()` closes the database.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  // Set once the routes exist: cached catalogue reads answered before Fastify's routing.
  let answerBeforeRouting: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  const app = Fastify({
    // Fastify's own HTTP server (same timeouts), with the cached catalogue reads in front.
    serverFactory: (handler, options) => {
      // Fastify hands over its options with defaults applied.
      const opts = options as { http?: ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };
      const server = createServer(
        {
          ...opts.http,
          // A body that trickles in is answered 408 after requestTimeout (Node's own check, run
          // every second rather than its default 30 s), so slow clients cannot hold sockets.
          requestTimeout: opts.requestTimeout,
          headersTimeout: opts.requestTimeout > 0 ? Math.min(60_000, opts.requestTimeout) : 60_000,
          connectionsCheckingInterval: 1000,
        },
        (req, res) => {
          if (!answerBeforeRouting?.(req, res)) handler(req, res);
        },
      );
      server.keepAliveTimeout = opts.keepAliveTimeout;
      server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      if (!config.trustProxy && config.maxConnectionsPerClient > 0) limitConnectionsPerClient(server, config.maxConnectionsPerClient);
      return server;
    },
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Request logging below (onResponse): failures and slow requests at info, the rest at debug.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: config.bodyLimit,
    requestTimeout: config.requestTimeoutSeconds * 1000,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // strictNumbers: a JSON 1e999 (= Infinity) is not a number (see lib/hardening.ts for texts).
    ajv: { customOptions: { verbose: true, keywords: ['errorMessage'], strictNumbers: true } },
    // Strict numbers in JSON bodies; paths, queries and headers are texts and are coerced.
    schemaController: { compilersFactory: { buildValidator: strictBodyValidator() as never } },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<import('@fastify/type-provider-typebox').TypeBoxTypeProvider>() as unknown as App;

  // Every route with its schema, as registered (the resilience suite fuzzes each one).
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeTable.push(route as RouteOptions));
  app.decorate('routeTable', routeTable);
  registerHardening(app);
  // Its onSend hooks go on each route, so they run after the app's (hardening's JSON errors):
  // what it compresses is the final reply.
  await app.register(compress, COMPRESSION);
  app.addHook('onResponse', (req, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    const level = reply.statusCode >= 500 ? 'error' : reply.statusCode >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
    // The line is built only when its level is logged (a success at the default level is not).
    if (level !== 'debug' || req.log.level === 'debug' || req.log.level === 'trace') {
      const line = { method: req.method, url: req.url.split('?')[0], statusCode: reply.statusCode, ms };
      req.log[level](line, level === 'error' ? 'request failed' : 'request completed');
    }
    done();
  });

  const database = await openDatabase(config, app.log);
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) app.log.info(`Database migrations applied: ${applied.join(', ')}`);

    let secret = config.tokenSecret;
    if (!secret) {
      await database.db
        .insertInto('settings')
        .values({ key: 'token_secret', value: randomSecret() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await database.db.selectFrom('settings').select('value').where('key', '=', 'token_secret').executeTakeFirstOrThrow();
      secret = row.value;
    }
    await pruneRateLimits(database.db);

    if (config.seed) {
      const seeded = await seedIfEmpty(database.db, config, app.log);
      if (seeded) app.log.info(`Seeded ${seeded.products} products, ${seeded.users} demo users, ${seeded.coupons} coupons`);
      const auctions = await seedAuctionsIfEmpty(database.db, config);
      if (auctions) app.log.info(`Seeded ${auctions} auction items`);
    }

    const catalogue = new CatalogueCache();
    await catalogue.start(database.listen);
    const sessions = new SessionCache();
    await sessions.start(database.listen);
    const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom, log: app.log });
    const ctx: AppContext = {
      config,
      db: database.db,
      dbKind: database.kind,
      mailer,
      secret,
      dummyPasswordHash: await hashPassword('not-a-real-password', config.scrypt),
      listen: database.listen,
      catalogue,
      sessions,
      auctionEvents: new AuctionEventPublisher(database.db, app.log),
    };
    app.decorate('ctx', ctx);

    // Counters of windows long over are dropped while running too, not only at start-up.
    const pruning = setInterval(() => {
      pruneRateLimits(database.db).catch((err: unknown) => app.log.warn({ err }, 'Could not prune rate-limit counters'));
    }, RATE_LIMIT_PRUNE_MS);
    pruning.unref();

    app.addHook('onClose', async () => {
      clearInterval(pruning);
      await ctx.auctionEvents.flushed();
      await catalogue.close();
      await sessions.close();
      await mailer.close();
      await database.close();
    });
  } catch (e) {
    await database.close();
    throw e;
  }

  // JSON only (multipart arrives with uploads); anything else is 415, not a 500.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send(replyError(err.statusCode, err.message, err.data));
    }
    if (err.validation) {
      return reply.code(400).send(replyError(400, validationMessage(err)));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send(replyError(400, 'Malformed JSON in the request body'));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send(replyError(400, 'The request body is empty; send a JSON object'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(replyError(415, 'Unsupported content type: send application/json'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(replyError(413, 'The request body is too large'));
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send(replyError(400, 'Content-Length does not match the body'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(replyError(status, err.message));
    }
    req.log.error({ err }, 'Request failed');
    return reply.code(500).send(replyError(500, 'Internal server issues'));
  });

  // After the error handler, so its preflight route (OPTIONS *) answers errors in our shape too.
  const exposedHeaders = ['retry-after'];
  const allowedOrigins = new AllowedOrigins(config.corsOrigins, config.releasesRegistry);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', 'authtoken', 'userid', 'orderid', 'idempotency-key'],
    exposedHeaders,
    maxAge: 600,
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    reply.code(404).send(replyError(404, `No such API route: ${req.method} ${path}`));
  });

  app.get('/health', { schema: { response: { 200: { type: 'object', properties: { status: { type: 'integer' }, msg: { type: 'string' }, data: { type: 'string' } } } } } }, async () => {
    await sql`SELECT 1`.execute(app.ctx.db);
    return { status: 200, msg: 'ok', data: app.ctx.dbKind };
  });

  catalogRoutes(app);
  imageRoutes(app);
  contactRoutes(app);
  cartRoutes(app);
  accountRoutes(app);
  productRoutes(app);
  uploadRoutes(app);
  couponRoutes(app);
  orderRoutes(app);
  reviewRoutes(app);
  wishlistRoutes(app);
  auctionRoutes(app);

  // At debug level every request goes through the routes, to be logged by the hook above; behind
  // a trusted proxy too (the reply's image URLs come from forwarded headers Fastify reads).
  if (app.log.level !== 'debug' && app.log.level !== 'trace' && !config.trustProxy) {
    const cachedReads = cachedCatalogueReads(app.ctx, { allowedOrigins, exposedHeaders });
    app.addHook('onReady', (done) => {
      answerBeforeRouting = cachedReads;
      done();
    });
    // A closing API answers 503 (return503OnClosing), cached or not.
    app.addHook('preClose', (done) => {
      answerBeforeRouting = undefined;
      done();
    });
  }

  return app;
}
