import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATIONS_TEXTS, STREAM_RECONNECT_MS, type StreamClosing } from '@marketplace/contract';
import { HttpError } from './errors';

/** A reader whose unread stream passes this many bytes is dropped rather than buffered without end. */
const MAX_UNREAD_BYTES = 1024 * 1024;

/** The caps of a process's event streams and their heartbeat (config.auctions: every stream counts). */
export interface EventStreamLimits {
  maxEventStreams: number;
  maxEventStreamsPerClient: number;
  heartbeatSeconds: number;
}

/** What a refused stream is told. */
export interface EventStreamTexts {
  /** The process holds maxEventStreams (503). */
  tooMany: string;
  /** This client address holds maxEventStreamsPerClient (429). */
  tooManyFromClient: string;
}

/** Writes text (whole events or comments) on an open stream; a no-op once it has closed. */
export type StreamWrite = (text: string) => void;

export interface OpenStream {
  texts: EventStreamTexts;
  /** Checks and set-up before the stream answers (an item exists, LISTEN is on); may throw an HttpError. */
  prepare?: () => Promise<void>;
  /** Subscribes the stream to its events (before `opening` is written); returns the unsubscribe function. */
  subscribe: (write: StreamWrite) => () => void;
  /** Written after the headers, once subscribed. */
  opening: string;
}

/** One server-sent event as it goes on the wire. */
export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Every server-sent event stream of the process (GET /auctionevents/:id, GET /catalogue/changes):
 * capped per process (503) and per client address (429, well below the process cap, so one client
 * cannot take the streams everyone else needs), a comment every heartbeatSeconds so proxies keep
 * an idle stream open, and a reader that stops reading dropped once 1 MB waits for it.
 */
export class EventStreams {
  private readonly streams = new Set<ServerResponse>();
  /** Open streams by client address (req.ip). */
  private readonly streamsByClient = new Map<string, number>();
  /** Streams counted against the caps whose `prepare` is still under way. */
  private streamsStarting = 0;

  constructor(private readonly limits: EventStreamLimits) {}

  /** Open streams. */
  get size(): number {
    return this.streams.size;
  }

  /** Answers the request with an event stream (hijacking the reply), or throws 429 / 503 or what `prepare` throws. */
  async open(req: FastifyRequest, reply: FastifyReply, stream: OpenStream): Promise<void> {
    const { limits } = this;
    // The stream is counted before the first await: requests that arrive together (or while the
    // process starts listening) cannot all pass the caps before any of them is counted.
    if (this.streams.size + this.streamsStarting >= limits.maxEventStreams)
      throw new HttpError(503, stream.texts.tooMany, null, { 'retry-after': '30' });
    const client = req.ip;
    if ((this.streamsByClient.get(client) ?? 0) >= limits.maxEventStreamsPerClient)
      throw new HttpError(429, stream.texts.tooManyFromClient, null, { 'retry-after': '30' });
    this.streamsByClient.set(client, (this.streamsByClient.get(client) ?? 0) + 1);
    this.streamsStarting += 1;
    const releaseClient = () => {
      const left = (this.streamsByClient.get(client) ?? 1) - 1;
      if (left > 0) this.streamsByClient.set(client, left);
      else this.streamsByClient.delete(client);
    };
    try {
      await stream.prepare?.();
    } catch (err) {
      releaseClient();
      throw err;
    } finally {
      this.streamsStarting -= 1;
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.streams.add(res);

    const write: StreamWrite = (chunk) => {
      if (res.writableEnded || res.destroyed) return;
      if (res.writableLength > MAX_UNREAD_BYTES) {
        res.destroy();
        return;
      }
      res.write(chunk);
    };
    // Subscribed before anything is written: what the opening promises (every later event) holds.
    const unsubscribe = stream.subscribe(write);
    write(stream.opening);
    const heartbeat = setInterval(() => write(': ping\n\n'), Math.max(0.05, limits.heartbeatSeconds) * 1000);
    heartbeat.unref();
    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      // Called once for the response and once for the request: counted down once.
      if (this.streams.delete(res)) releaseClient();
    };
    res.on('close', cleanup);
    req.raw.on('close', cleanup);
  }

  /**
   * Ends every stream (the API is closing), each told first to reconnect: a `retry:` of
   * STREAM_RECONNECT_MS and a last `reconnect` event. The client's next connection reaches a
   * process that is still ready (a load balancer that follows /readyz no longer picks this one).
   */
  close(): void {
    const last: StreamClosing = { type: 'reconnect', msg: OPERATIONS_TEXTS.streamClosing };
    const farewell = `retry: ${STREAM_RECONNECT_MS}\n${sseEvent('reconnect', last)}`;
    for (const res of this.streams) {
      if (!res.writableEnded && !res.destroyed) res.end(farewell);
    }
    this.streams.clear();
    this.streamsByClient.clear();
  }
}
