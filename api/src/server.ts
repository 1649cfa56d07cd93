import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import Fastify, { LogController } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { App } from './context';
import { clientErrorHandler, frameworkErrors, limitConnectionsPerClient } from './lib/hardening';
import { strictBodyValidator } from './lib/validation';
import { lazyRequestLogger } from './lib/request-logger';
import { loggerOptions, type LogOptions } from './plugins/logging';

/** A request answered before Fastify's routing (the catalogue fast path); false: not answered. */
export type AnswerBeforeRouting = (req: IncomingMessage, res: ServerResponse) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the HTTP server asks before handing a request to Fastify (plugins/catalogue-fast-path.ts sets it). */
    beforeRouting: { answer: AnswerBeforeRouting | undefined };
  }
}

/**
 * The Fastify instance with its HTTP server and options (limits, timeouts, validation, logger);
 * no plugins or routes yet (buildApp registers them).
 */
export function createFastify(config: Config, options: LogOptions): App {
  const beforeRouting: App['beforeRouting'] = { answer: undefined };
  const app = Fastify({
    // Fastify's own HTTP server (same timeouts), with the cached catalogue reads in front.
    serverFactory: (handler, options) => {
      // Fastify hands over its options with defaults applied.
      const opts = options as {
        http?: ServerOptions;
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
        maxRequestsPerSocket: number;
      };
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
          if (!beforeRouting.answer?.(req, res)) handler(req, res);
        },
      );
      server.keepAliveTimeout = opts.keepAliveTimeout;
      server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      if (!config.trustProxy && config.maxConnectionsPerClient > 0)
        limitConnectionsPerClient(server, config.maxConnectionsPerClient);
      return server;
    },
    logger: loggerOptions(config, options),
    // Request logging in plugins/logging.ts (onResponse): failures and slow requests at info, the rest at debug.
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
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;
  app.decorate('beforeRouting', beforeRouting);
  return app;
}
