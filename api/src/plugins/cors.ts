import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AllowedOrigins } from '../lib/cors-origins';

/** What the CORS plugin adds to a simple (non-preflight) reply (the catalogue fast path sends the same). */
export interface CorsPolicy {
  allowedOrigins: { has(origin: string): boolean };
  exposedHeaders: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    corsPolicy: CorsPolicy;
  }
}

/** Cross-origin reads for the front ends' origins (CORS_ORIGINS and the releases registry's). After the error handler, so its preflight route (OPTIONS *) answers errors in the API's shape too. */
export const crossOrigin = fp<{ config: Config }>(
  async (app, { config }) => {
    const exposedHeaders = ['retry-after'];
    const allowedOrigins = new AllowedOrigins(config.corsOrigins, config.releasesRegistry);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['content-type', 'authtoken', 'userid', 'orderid', 'idempotency-key'],
      exposedHeaders,
      maxAge: 600,
    });
    app.decorate('corsPolicy', { allowedOrigins, exposedHeaders });
  },
  { name: 'cors', dependencies: ['error-handling'] },
);
