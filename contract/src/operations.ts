import { Type, type Static } from 'typebox';
import { Envelope, ErrorReply } from './common';

/**
 * What operators and load balancers probe (GET /healthz, GET /readyz): cheap, never cached, not
 * rate-limited. /healthz: the process is up and answers. /readyz: it can serve now (the database
 * answers and holds every migration this process knows, and the process is not shutting down);
 * 503 otherwise, with the reason in `msg`.
 */
export const OPERATIONS_TEXTS = {
  alive: 'ok',
  ready: 'ready',
  shuttingDown: 'Not ready: this process is shutting down',
  databaseUnreachable: 'Not ready: the database does not answer',
  notMigrated: (pending: string[]) => `Not ready: the database is missing migrations ${pending.join(', ')}`,
  /** The data of the last event a stream gets when its process shuts down (then it reconnects). */
  streamClosing: 'This server is shutting down: reconnect to another one',
} as const;

/** GET /healthz: the process answers. */
export const HealthReply = Envelope(Type.Null());
export type HealthReply = Static<typeof HealthReply>;

/** GET /readyz when the process can serve. */
export const ReadyReply = Envelope(
  Type.Object({
    database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    /** Migrations applied (every one this process knows, and possibly newer ones of a newer process). */
    migrations: Type.Integer({ minimum: 0 }),
  }),
);
export type ReadyReply = Static<typeof ReadyReply>;

/** GET /readyz when it cannot (503): why, in `msg`. */
export const NotReadyReply = ErrorReply;

/**
 * The last event of every server-sent event stream (GET /auctionevents/{id}, GET /catalogue/changes)
 * when its process shuts down, after a `retry:` line: the stream then ends and the client
 * reconnects (EventSource does by itself), reaching another process behind the load balancer;
 * it reloads what it shows on reconnecting (events sent meanwhile are not replayed).
 */
export const StreamClosing = Type.Object({
  type: Type.Literal('reconnect'),
  msg: Type.String(),
});
export type StreamClosing = Static<typeof StreamClosing>;

/** Milliseconds a client waits before reconnecting a stream its server closed on shutdown. */
export const STREAM_RECONNECT_MS = 500;
