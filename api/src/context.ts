import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { Mailer } from './lib/mailer';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dbKind: 'pglite' | 'postgres';
  mailer: Mailer;
  /** The mails' links by name, from the storefront's live link table (lib/storefront-links.ts). */
  storefrontLinks: import('./lib/storefront-links').StorefrontLinks;
  /** HMAC key for anonymous tokens and OTP hashes. */
  secret: string;
  /** A password hash compared against when the email is unknown, so both cases take the same time. */
  dummyPasswordHash: string;
  /** LISTEN on a database notification channel (auction events; see db/listen.ts). */
  listen: import('./db/listen').ListenFn;
  /** Serialised catalogue replies, dropped in every process when a product changes. */
  catalogue: import('./lib/catalogue-cache').CatalogueCache;
  /** Users of live login tokens, dropped in every process when a user or token changes. */
  sessions: import('./lib/session-cache').SessionCache;
  /** Auction events of committed changes, sent to every process in batches (see domains/auctions/event-bus.ts). */
  auctionEvents: import('./domains/auctions/event-bus').AuctionEventPublisher;
  /** This process's one LISTEN on auction events, fanned out to its event streams (see domains/auctions/event-bus.ts). */
  auctionHub: import('./domains/auctions/event-bus').AuctionEventHub;
  /** The automatic close of due auction items (see domains/auctions/close.ts); `sweep()` runs one now. */
  closeSweeper: import('./domains/auctions/close').CloseSweeper;
  /** The process's server-sent event streams and their caps (lib/event-streams.ts). */
  eventStreams: import('./lib/event-streams').EventStreams;
  /** Mails the notices outbox; `wake()` after a notice commits (see domains/notices/mail.ts). */
  noticeMail: import('./domains/notices/mail').NoticeDispatcher;
  /** This process's one LISTEN on live notices, fanned out to each user's streams (domains/notices/events.ts). */
  noticeHub: import('./domains/notices/events').NoticeEventHub;
  /** Queues the ending-soon notices of items due now and mails them (domains/notices/ending.ts). */
  endingSweep: () => Promise<unknown>;
  /** Makes the WebP and AVIF copies of stored photos (domains/uploads/variant-maker.ts). */
  imageVariants: import('./domains/uploads/variant-maker').VariantMaker;
  /** Ready or shutting down (GET /readyz, lib/lifecycle.ts). */
  lifecycle: import('./lib/lifecycle').Lifecycle;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as registered, with its schema (onRoute hook of buildApp). */
    routeTable: RouteOptions[];
  }
}

const HOST_RE = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** Base of absolute URLs the API hands out (image URLs): PUBLIC_URL, else the request's own origin. */
export function publicBase(config: Config, req: FastifyRequest): string {
  return publicBaseOf(config, req.host, req.protocol);
}

/** publicBase from the request's Host (or forwarded host) and protocol as read. */
export function publicBaseOf(config: Config, host: string, protocol: string): string {
  if (config.publicUrl) return config.publicUrl;
  return `${protocol}://${HOST_RE.test(host) ? host : `localhost:${config.port}`}`;
}

export function imageUrl(base: string, hash: string): string {
  return `${base}/images/${hash}.png`;
}

/** A stored smaller copy of a photo (domains/uploads/variants.ts): `{base}/images/{hash}-{width}.{avif|webp}`. */
export function variantUrl(base: string, hash: string, format: 'avif' | 'webp', width: number): string {
  return `${base}/images/${hash}-${width}.${format}`;
}
