import { STATUS_CODES } from 'node:http';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './errors';

/**
 * Headers on every API response. The API serves JSON, event streams and images, never a page:
 * nothing it sends may run a script, load anything, or be framed. No framework banner is sent
 * (Fastify sends no X-Powered-By / Server header).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * Requests the HTTP parser refuses before Fastify sees them (bad request line, header bytes,
 * header overflow, timeout): answered with the API's `{status, msg, data}` shape and the security
 * headers, then the connection is closed (Fastify's default answers its own shape).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const msg =
    status === 408
      ? 'The request took too long to arrive'
      : status === 431
        ? 'The request headers are too large'
        : 'Malformed HTTP request';
  // Node hands over the bytes received; a HEAD request gets the headers only.
  const raw = (err as { rawPacket?: Buffer }).rawPacket;
  const head = Buffer.isBuffer(raw) && raw.subarray(0, 5).toString('latin1') === 'HEAD ';
  const body = head ? '' : JSON.stringify({ status, msg, data: null });
  if (socket.writable) {
    const headers = Object.entries(SECURITY_HEADERS)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${headers}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * At most `max` open connections from one client address; more are closed as they arrive, so one
 * client cannot take the sockets (and file descriptors) everyone else needs. Not for use behind a
 * trusted proxy, whose one address carries every client's connections.
 */
export function limitConnectionsPerClient(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * URLs the router cannot take apart (a path segment that is not valid percent-encoded UTF-8, a
 * path parameter over the router's length limit): the API's shape instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const msg =
    status === 414
      ? 'A path parameter is too long'
      : status === 400
        ? 'Malformed URL: a path segment is not valid percent-encoded UTF-8'
        : 'Internal server issues';
  void reply.code(status).headers(SECURITY_HEADERS).send({ status, msg, data: null });
}

interface TokenSchema {
  maxLength?: number;
  errorMessage?: unknown;
}
interface RouteSchema {
  headers?: { properties?: Record<string, TokenSchema & { errorMessage?: unknown }> };
  body?: { properties?: Record<string, TokenSchema> };
  params?: { properties?: Record<string, { errorMessage?: unknown }> };
  querystring?: { properties?: Record<string, { errorMessage?: unknown }> };
}

const PART_NAMES = { params: 'path parameter', headers: 'header', querystring: 'query parameter' } as const;

/**
 * The path ('' for the value itself, 'a.b[2]') of the first value in `value` (or object key)
 * that `bad` refuses, or undefined. Iterative: bodies may nest deeply.
 */
export function findValue(value: unknown, bad: (v: unknown) => boolean): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (bad(v)) return path;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (bad(k)) return at;
        stack.push([item, at]);
      }
    }
  }
  return undefined;
}

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000');
const nonFinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);

/**
 * Hooks of every route:
 * - security headers on every reply (also 404s, preflights and event streams);
 * - authentication before validation: a route whose schema takes an `authtoken` (header or
 *   JSON body) answers 401 when none usable is sent, whatever else is wrong with the request;
 * - no NUL character (U+0000) in any text of the body, path or query: PostgreSQL refuses it (400);
 * - no infinite numbers: ajv coerces the texts 'Infinity' / '1e999' (in a path, header, query or
 *   JSON body) into Infinity and then skips minimum/maximum, so they are refused here (400).
 */
export function registerHardening(app: FastifyInstance): void {
  // Callback hooks (no promise per request): these run on every request, the cached reads included.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    // Bodies are read as UTF-8: one labelled with another charset would be read wrong, not refused.
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1];
    if (charset && !/^utf-?8$/i.test(charset)) {
      void reply
        .code(415)
        .send({ status: 415, msg: `Send the body as UTF-8 (charset=utf-8), not ${charset.slice(0, 40)}`, data: null });
      return;
    }
    done();
  });

  // A plugin's own plain-text refusal (e.g. @fastify/cors's 'Invalid Preflight Request') in the
  // API's {status, msg, data} shape, so every client reads every error the same way.
  app.addHook('onSend', (_req, reply, payload, done) => {
    // Replies carry personal data and tokens (in a custom header a shared cache does not key on):
    // none is kept by a cache unless its route says otherwise (the public catalogue, images).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (
      reply.statusCode < 400 ||
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type') ?? '').startsWith('text/plain')
    ) {
      done(null, payload);
      return;
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    done(
      null,
      JSON.stringify({ status: reply.statusCode, msg: payload || STATUS_CODES[reply.statusCode], data: null }),
    );
  });

  // The input checks go on the routes that take that input only (a catalogue read has none).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as RouteSchema | undefined;
    const takesToken = Boolean(schema?.headers?.properties?.authtoken || schema?.body?.properties?.authtoken);
    const takesText = Boolean(
      schema?.body ||
      schema?.querystring ||
      /[:*]/.test(route.url) ||
      !['GET', 'HEAD', 'OPTIONS'].includes(String(route.method)),
    );
    const coerces = Boolean(schema?.body || schema?.params || schema?.headers || schema?.querystring);
    const add = (name: 'preValidation' | 'preHandler', hook: (req: FastifyRequest) => Promise<void>) => {
      const own = route[name];
      route[name] = [...(own ? (Array.isArray(own) ? own : [own]) : []), hook] as never;
    };
    if (takesToken) add('preValidation', requireTokenShape);
    if (takesText) add('preValidation', refuseNul);
    if (coerces) add('preHandler', refuseInfinity);
  });
}

/**
 * Authentication before validation: a route whose schema takes an `authtoken` (header or JSON
 * body) answers 401 when none usable is sent, whatever else is wrong with the request.
 */
async function requireTokenShape(req: FastifyRequest): Promise<void> {
  const schema = req.routeOptions.schema as RouteSchema | undefined;
  let spec: TokenSchema | undefined;
  let value: unknown;
  if (schema?.headers?.properties?.authtoken) {
    spec = schema.headers.properties.authtoken;
    value = req.headers.authtoken;
  } else if (schema?.body?.properties?.authtoken) {
    // A body that is not an object at all is malformed (400 from validation); no body = no token.
    const body = req.body as unknown;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) return;
    spec = schema.body.properties.authtoken;
    value = (body as Record<string, unknown> | null | undefined)?.authtoken;
  } else return;
  if (typeof value === 'string' && value.length >= 1 && value.length <= (spec.maxLength ?? 200)) return;
  const message = typeof spec.errorMessage === 'string' ? spec.errorMessage : 'Please login first';
  throw new HttpError(401, message);
}

/** PostgreSQL text cannot hold U+0000 (the insert fails): refuse it in any input, naming the field. */
async function refuseNul(req: FastifyRequest): Promise<void> {
  const parts = { body: req.body, params: req.params, querystring: req.query } as const;
  for (const part of Object.keys(parts) as Array<keyof typeof parts>) {
    const at = findValue(parts[part], hasNul);
    if (at !== undefined) {
      const name = part === 'body' ? 'body' : PART_NAMES[part];
      throw badRequest(`Invalid ${name}${at ? ` '${at}'` : ''}: the NUL character (\\u0000) is not allowed`);
    }
  }
}

/** After validation (ajv's coercion made the numbers): no Infinity anywhere. */
async function refuseInfinity(req: FastifyRequest): Promise<void> {
  const schema = req.routeOptions.schema as RouteSchema | undefined;
  const parts = { body: req.body, params: req.params, headers: req.headers, querystring: req.query } as const;
  for (const part of Object.keys(parts) as Array<keyof typeof parts>) {
    // Only a part with a schema is coerced; the others hold texts as received.
    if (!schema?.[part]) continue;
    const at = findValue(parts[part], nonFinite);
    if (at === undefined) continue;
    const own = schema?.[part]?.properties?.[at]?.errorMessage;
    const name = part === 'body' ? 'body' : PART_NAMES[part];
    throw badRequest(typeof own === 'string' ? own : `Invalid ${name}${at ? ` '${at}'` : ''}: must be a finite number`);
  }
}
