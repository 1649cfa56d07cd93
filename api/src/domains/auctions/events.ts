import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuctionEvent } from '@marketplace/contract';
import type { Config } from '../../config';
import type { ListenFn } from '../../db/listen';
import type { Database } from '../../db/schema';
import { AuctionEventHub } from './event-bus';
import { HttpError, notFound } from '../../lib/errors';
import { auctionExists } from './repository';
import { AUCTION_TEXTS } from './rules';

/** A reader whose unread stream passes this many bytes is dropped rather than buffered without end. */
const MAX_UNREAD_BYTES = 1024 * 1024;

/**
 * Live events of one item (server-sent events): `bid` and `closed`, from every API process
 * (database LISTEN/NOTIFY). Capped per process and per client address; a comment every
 * heartbeatSeconds keeps proxies from closing an idle stream.
 */
export class AuctionEventStreams {
  private readonly hub: AuctionEventHub;
  private readonly streams = new Set<ServerResponse>();
  /** Open streams by client address (req.ip). */
  private readonly streamsByClient = new Map<string, number>();
  /** Streams counted against the caps whose item check or LISTEN is still under way. */
  private streamsStarting = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config['auctions'],
    listen: ListenFn,
    log: FastifyBaseLogger,
  ) {
    this.hub = new AuctionEventHub(listen, log);
  }

  /** Answers the request with the item's event stream (hijacking the reply), or throws 404 / 429 / 503. */
  async open(req: FastifyRequest, reply: FastifyReply, auctionid: number): Promise<void> {
    const { config } = this;
    // The stream is counted before the first await: requests that arrive together (or while the
    // process starts listening) cannot all pass the caps before any of them is counted.
    if (this.streams.size + this.streamsStarting >= config.maxEventStreams)
      throw new HttpError(503, AUCTION_TEXTS.tooManyStreams, null, { 'retry-after': '30' });
    // One client cannot take the streams everyone else needs (well below the process cap).
    const client = req.ip;
    if ((this.streamsByClient.get(client) ?? 0) >= config.maxEventStreamsPerClient) {
      throw new HttpError(429, AUCTION_TEXTS.tooManyStreamsFromClient, null, { 'retry-after': '30' });
    }
    this.streamsByClient.set(client, (this.streamsByClient.get(client) ?? 0) + 1);
    this.streamsStarting += 1;
    const releaseClient = () => {
      const left = (this.streamsByClient.get(client) ?? 1) - 1;
      if (left > 0) this.streamsByClient.set(client, left);
      else this.streamsByClient.delete(client);
    };
    try {
      if (!(await auctionExists(this.db, auctionid))) throw notFound(AUCTION_TEXTS.notFound);
      try {
        await this.hub.ensureStarted();
      } catch (err) {
        req.log.error({ err }, 'Could not LISTEN for auction events');
        throw new HttpError(503, AUCTION_TEXTS.noLiveUpdates, null, { 'retry-after': '5' });
      }
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
    res.write('retry: 3000\n: connected\n\n');
    this.streams.add(res);

    const write = (chunk: string) => {
      if (res.writableEnded || res.destroyed) return;
      if (res.writableLength > MAX_UNREAD_BYTES) {
        res.destroy();
        return;
      }
      res.write(chunk);
    };
    const unsubscribe = this.hub.subscribe(auctionid, (event: AuctionEvent) => {
      const { type, ...data } = event;
      write(`event: ${type}\ndata: ${JSON.stringify({ ...data, type })}\n\n`);
    });
    const heartbeat = setInterval(() => write(': ping\n\n'), Math.max(0.05, config.heartbeatSeconds) * 1000);
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

  /** Ends every stream and stops listening (the API is closing). */
  async close(): Promise<void> {
    for (const res of this.streams) res.end();
    this.streams.clear();
    this.streamsByClient.clear();
    await this.hub.close();
  }
}
