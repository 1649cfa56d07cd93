import type { RouteOptions } from 'fastify';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import fp from 'fastify-plugin';
import { COMPRESS_MIN_BYTES, ENCODINGS } from '../lib/catalogue-cache';
import { registerHardening } from '../lib/hardening';

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

/**
 * What every route gets before the routes exist: the route table (the resilience suite fuzzes
 * each route with its schema), the checks and headers of lib/hardening.ts, and compression.
 */
export const hardening = fp(
  async (app) => {
    const routeTable: RouteOptions[] = [];
    app.addHook('onRoute', (route) => void routeTable.push(route as RouteOptions));
    app.decorate('routeTable', routeTable);
    registerHardening(app);
    // Its onSend hooks go on each route, so they run after the app's (hardening's JSON errors):
    // what it compresses is the final reply.
    await app.register(compress, COMPRESSION);
  },
  { name: 'hardening' },
);
