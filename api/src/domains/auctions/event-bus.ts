import type { Kysely } from 'kysely';
import type { AuctionEvent } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import type { ListenFn } from '../../db/listen';
import { NotifyHub, NotifyPublisher, type HubLog, type PublisherLog } from '../../lib/notify-bus';

/** The one notification channel of auction events; the payload is the event as JSON. */
export const AUCTION_CHANNEL = 'auction_events';

/**
 * Announces auction events to every API process, after the change they tell of has committed, in
 * batches (see lib/notify-bus.ts: why not a NOTIFY inside each bid). Events from different
 * processes may arrive in another order than their commits; the pages apply them in any order
 * (bids only go up, a closed item stays closed). An event whose process stops between the commit
 * and its batch is not announced; the page's next refresh (on reconnecting) shows the change.
 */
export class AuctionEventPublisher extends NotifyPublisher<AuctionEvent> {
  constructor(db: Kysely<Database>, log?: PublisherLog) {
    super(db, AUCTION_CHANNEL, 'Could not announce auction events; open pages show them at their next refresh', log);
  }
}

/**
 * One LISTEN per process (started at the first stream that needs it), fanned out in process to
 * the subscribers of each item and to those of every item (GET /catalogue/changes).
 */
export class AuctionEventHub extends NotifyHub<AuctionEvent> {
  constructor(listen: ListenFn, log?: HubLog) {
    super(listen, AUCTION_CHANNEL, (event) => event?.auctionid, 'auction event', log);
  }
}
