import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

export interface LogOptions {
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

/** The logger Fastify is created with (see server.ts). */
export function loggerOptions(config: Config, options: LogOptions): FastifyServerOptions['logger'] {
  return (
    options.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    }
  );
}

/** A request at least this slow is logged at info even when it succeeded. */
const SLOW_REQUEST_MS = 1000;

/** One line per request: failures and slow requests at info (5xx at error), the rest at debug. */
export const requestLogging = fp(
  async (app) => {
    app.addHook('onResponse', (req, reply, done) => {
      const ms = Math.round(reply.elapsedTime);
      // A readiness probe's 503 is an answer (not ready), not a failure.
      const failed = reply.statusCode >= 500 && req.routeOptions.url !== '/readyz';
      const level = failed ? 'error' : reply.statusCode >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
      // The line is built only when its level is logged (a success at the default level is not).
      if (level !== 'debug' || req.log.level === 'debug' || req.log.level === 'trace') {
        const line = { method: req.method, url: req.url.split('?')[0], statusCode: reply.statusCode, ms };
        req.log[level](line, level === 'error' ? 'request failed' : 'request completed');
      }
      done();
    });
  },
  { name: 'request-logging' },
);
