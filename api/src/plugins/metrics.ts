import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import metricsPlugin from 'fastify-metrics';
import promClient from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorReply } from '@marketplace/contract';

/** The answer without the operators' token (an operators' route: not a text of the shop's contract). */
const NEEDS_TOKEN = "GET /metrics needs the operators' token: Authorization: Bearer <METRICS_TOKEN>";

/**
 * GET /metrics for operators, in the Prometheus text format (fastify-metrics over prom-client):
 * requests by route, method and status with latency histograms (the route's
 * pattern, never its ids), the process's own figures (CPU, memory, event loop delay, GC), open
 * event streams, and the hits and misses of the catalogue and session caches. Each app has a
 * registry of its own (tests build many apps in one process). With METRICS_TOKEN set, only
 * `Authorization: Bearer <token>` is answered.
 */
export const metrics = fp(
  async (app) => {
    const registry = new promClient.Registry();
    const token = app.ctx.config.metrics.token;
    await app.register(metricsPlugin, {
      endpoint: {
        url: '/metrics',
        method: 'GET',
        logLevel: 'warn',
        exposeHeadRoute: false,
        schema: {
          summary: 'Prometheus metrics of this process (text format); METRICS_TOKEN set: a bearer token',
          tags: ['operations'],
          response: { 200: Type.String(), 401: ErrorReply },
        },
        preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
          void reply.header('cache-control', 'no-store');
          if (token && !bearerMatches(req.headers.authorization, token))
            return reply.code(401).send({ status: 401, msg: NEEDS_TOKEN, data: null });
        },
        handler: async () => undefined,
      },
      defaultMetrics: { enabled: true, register: registry },
      // Histograms only: they aggregate across processes, and a summary's quantiles cost every
      // request. The plugin makes its summary anyway: in this app's registry (never observed), not
      // the process's global one, where a second app would register it twice.
      routeMetrics: {
        enabled: { histogram: true, summary: false },
        overrides: { histogram: { registers: [registry] }, summary: { registers: [registry] } },
      },
    });

    const { eventStreams, catalogue, sessions } = app.ctx;
    new promClient.Gauge({
      name: 'marketplace_event_streams_open',
      help: 'Event streams (auction events, catalogue changes, live notices) open in this process',
      registers: [registry],
      collect() {
        this.set(eventStreams.size);
      },
    });
    const lookups = (name: string, help: string, read: () => { hits: number; misses: number }) =>
      new promClient.Counter({
        name,
        help,
        labelNames: ['result'],
        registers: [registry],
        collect() {
          const { hits, misses } = read();
          this.reset();
          this.inc({ result: 'hit' }, hits);
          this.inc({ result: 'miss' }, misses);
        },
      });
    lookups(
      'marketplace_catalogue_cache_lookups_total',
      'Catalogue replies read from memory (hit) or built (miss)',
      () => catalogue.lookups,
    );
    lookups(
      'marketplace_session_cache_lookups_total',
      'Login tokens found in memory (hit) or read from the database (miss)',
      () => sessions.lookups,
    );
    // Two signs that a background duty is stuck, read from the database at each scrape (each one
    // count on a partial index): mails that are due and not sent, items past their end not closed.
    const { db } = app.ctx;
    new promClient.Gauge({
      name: 'marketplace_notice_mails_due',
      help: 'Notices whose mail is due now and not yet sent (claimed or not)',
      registers: [registry],
      async collect() {
        const row = await db
          .selectFrom('notices')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('mail_state', '=', 'pending')
          .where((eb) => eb.or([eb('mail_claimed_until', 'is', null), eb('mail_claimed_until', '<', sql<Date>`now()`)]))
          .executeTakeFirstOrThrow();
        this.set(Number(row.n));
      },
    });
    new promClient.Gauge({
      name: 'marketplace_auctions_overdue',
      help: 'Open auction items whose effective end passed more than a minute ago (the close is behind)',
      registers: [registry],
      async collect() {
        const row = await db
          .selectFrom('auctions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'open')
          .where(sql<boolean>`coalesce(ends_at, end_time) < now() - interval '1 minute'`)
          .executeTakeFirstOrThrow();
        this.set(Number(row.n));
      },
    });
    new promClient.Gauge({
      name: 'marketplace_catalogue_cache_bytes',
      help: 'Memory the catalogue replies held take',
      registers: [registry],
      collect() {
        this.set(catalogue.bytes);
      },
    });
  },
  { name: 'metrics', dependencies: ['database', 'caches', 'event-streams'] },
);

/** Whether an Authorization header carries the bearer token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
}
