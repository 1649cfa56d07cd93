import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueChange } from '@marketplace/contract';
import type { AppContext } from '../../context';
import type { AuctionEventHub } from '../auctions/event-bus';
import { listeningForAuctionEvents } from '../auctions/events';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import { sseEvent, type StreamWrite } from '../../lib/event-streams';

export const CHANGE_STREAM_TEXTS = {
  tooMany: 'Too many live connections right now, please try again later',
  tooManyFromClient: 'Too many live connections from your address: close some and try again',
} as const;

/** More products changed in one turn than a batch names: the batch says "any product" instead. */
const MAX_PRODUCTS_NAMED = 100;

/**
 * What changed in the shop's public pages, for a server that caches them (GET /catalogue/changes):
 * `catalogue` with the product's id whenever the catalogue channel names one (a product listed,
 * changed or taken down in any process), without an id when it names none or the listening
 * connection dropped or came back (a change may have been missed), `auction` with the item's id
 * on each of its events (a bid, the owner's approval). One LISTEN each, shared with the catalogue
 * cache and the auction streams.
 *
 * Changes heard in one turn of the event loop go out together, each once (a batch of bids on one
 * item is one line), serialised once for every stream. Only the scope and the id leave.
 */
export class CatalogueChangeFeed {
  private readonly streams = new Set<StreamWrite>();
  /** Any product may have changed (a notice without an id, a missed one, or too many to name). */
  private catalogueChanged = false;
  private readonly productsChanged = new Set<number>();
  private readonly auctionsChanged = new Set<number>();
  private flushing: NodeJS.Immediate | null = null;
  private readonly stops: Array<() => void>;

  constructor(catalogue: CatalogueCache, hub: AuctionEventHub) {
    this.stops = [
      catalogue.watch((payload) => {
        const id = payload && /^[1-9]\d{0,15}$/.test(payload) ? Number(payload) : null;
        if (id === null || this.productsChanged.size >= MAX_PRODUCTS_NAMED) this.catalogueChanged = true;
        else this.productsChanged.add(id);
        this.schedule();
      }),
      hub.subscribeAll((event) => {
        this.auctionsChanged.add(event.auctionid);
        this.schedule();
      }),
    ];
  }

  /** Adds a stream; returns the function that removes it. */
  subscribe(write: StreamWrite): () => void {
    this.streams.add(write);
    return () => void this.streams.delete(write);
  }

  private schedule(): void {
    if (!this.streams.size) {
      this.catalogueChanged = false;
      this.productsChanged.clear();
      this.auctionsChanged.clear();
      return;
    }
    this.flushing ??= setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushing = null;
    const changes: CatalogueChange[] = [];
    if (this.catalogueChanged) changes.push({ scope: 'catalogue' });
    else for (const id of this.productsChanged) changes.push({ scope: 'catalogue', id });
    for (const id of this.auctionsChanged) changes.push({ scope: 'auction', id });
    this.catalogueChanged = false;
    this.productsChanged.clear();
    this.auctionsChanged.clear();
    if (!changes.length) return;
    const text = changes.map((change) => sseEvent('change', change)).join('');
    for (const write of [...this.streams]) write(text);
  }

  close(): void {
    for (const stop of this.stops) stop();
    this.streams.clear();
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
  }
}

/**
 * GET /catalogue/changes: `event: ready`, then `event: change` lines (see CatalogueChangeFeed),
 * and a comment heartbeat. The stream is subscribed, and the process LISTENs for auction events
 * (the catalogue cache always does), before `ready` is written: every change committed after
 * `ready` reaches it. Capped with the process's other event streams (429 per client address, 503
 * per process) and 503 when the process cannot LISTEN.
 */
export function openCatalogueChanges(
  ctx: Pick<AppContext, 'auctionHub' | 'eventStreams'>,
  feed: CatalogueChangeFeed,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  return ctx.eventStreams.open(req, reply, {
    texts: CHANGE_STREAM_TEXTS,
    prepare: () => listeningForAuctionEvents(ctx.auctionHub, req),
    subscribe: (write) => feed.subscribe(write),
    opening: `retry: 3000\n${sseEvent('ready', {})}`,
  });
}
