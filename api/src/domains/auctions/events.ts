import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuctionEvent } from '@marketplace/contract';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../lib/errors';
import { sseEvent } from '../../lib/event-streams';
import type { AuctionEventHub } from './event-bus';
import { auctionExists } from './repository';
import { AUCTION_TEXTS } from './rules';

/** Resolves once this process LISTENs for auction events, or throws 503 (a stream opened after it sees every later event). */
export async function listeningForAuctionEvents(hub: AuctionEventHub, req: FastifyRequest): Promise<void> {
  try {
    await hub.ensureStarted();
  } catch (err) {
    req.log.error({ err }, 'Could not LISTEN for auction events');
    throw new HttpError(503, AUCTION_TEXTS.noLiveUpdates, null, { 'retry-after': '5' });
  }
}

/**
 * Live events of one item (server-sent events): `bid` and `closed`, from every API process
 * (database LISTEN/NOTIFY, one per process: the auction event hub). Capped per process and per
 * client address with the process's other event streams (lib/event-streams.ts). Answers the
 * request (hijacking the reply), or throws 404 / 429 / 503.
 */
export function openAuctionEvents(
  ctx: Pick<AppContext, 'db' | 'auctionHub' | 'eventStreams'>,
  req: FastifyRequest,
  reply: FastifyReply,
  auctionid: number,
): Promise<void> {
  const { db, auctionHub, eventStreams } = ctx;
  return eventStreams.open(req, reply, {
    texts: { tooMany: AUCTION_TEXTS.tooManyStreams, tooManyFromClient: AUCTION_TEXTS.tooManyStreamsFromClient },
    prepare: async () => {
      if (!(await auctionExists(db, auctionid))) throw notFound(AUCTION_TEXTS.notFound);
      await listeningForAuctionEvents(auctionHub, req);
    },
    subscribe: (write) =>
      auctionHub.subscribe(auctionid, (event: AuctionEvent) => {
        const { type, ...data } = event;
        write(sseEvent(type, { ...data, type }));
      }),
    opening: 'retry: 3000\n: connected\n\n',
  });
}
