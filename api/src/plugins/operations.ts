import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HealthReply, NotReadyReply, OPERATIONS_TEXTS, ReadyReply } from '@marketplace/contract';
import { Lifecycle } from '../lib/lifecycle';

/**
 * The probes of operators and load balancers: GET /healthz (the process answers) and GET /readyz
 * (it can serve: database reachable and migrated, not shutting down; 503 with the reason
 * otherwise). Never cached (Cache-Control: no-store), not rate-limited, no login, no CORS need.
 * `app.ctx.lifecycle.beginShutdown()` (main.ts, on SIGTERM) turns readiness off.
 */
export const operations = fp(
  async (instance) => {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    const lifecycle = new Lifecycle(app.ctx.db);
    Object.assign(app.ctx, { lifecycle });
    // Readiness is off as soon as the app closes, however it was asked to (tests close it directly).
    // While the server waits for the requests in flight, a connection that turns idle (its reply
    // sent, an event stream ended) is closed at once rather than kept alive until its timeout.
    let sweep: NodeJS.Timeout | undefined;
    app.addHook('preClose', async () => {
      lifecycle.beginShutdown();
      sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      sweep.unref();
    });
    app.addHook('onClose', async () => clearInterval(sweep));

    app.get(
      '/healthz',
      {
        schema: {
          summary: 'Liveness: the process is up and answers',
          tags: ['operations'],
          response: { 200: HealthReply },
        },
      },
      async (_req, reply) => {
        void reply.header('cache-control', 'no-store');
        return { status: 200, msg: OPERATIONS_TEXTS.alive, data: null };
      },
    );

    app.get(
      '/readyz',
      {
        schema: {
          summary: 'Readiness: the process can serve (database reachable and migrated, not shutting down)',
          tags: ['operations'],
          response: { 200: ReadyReply, 503: NotReadyReply },
        },
      },
      async (_req, reply) => {
        void reply.header('cache-control', 'no-store');
        const state = await lifecycle.readiness();
        if (!state.ready) {
          // A draining process also asks its client to open a new connection (to another process).
          if (lifecycle.shuttingDown) void reply.header('connection', 'close');
          return reply.code(503).send({ status: 503, msg: state.reason, data: null });
        }
        return {
          status: 200,
          msg: OPERATIONS_TEXTS.ready,
          data: { database: app.ctx.dbKind, migrations: state.migrations },
        };
      },
    );
  },
  { name: 'operations', dependencies: ['database'] },
);
