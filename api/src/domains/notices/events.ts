import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOTICE_MESSAGES } from '@marketplace/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ListenFn } from '../../db/listen';
import { HttpError } from '../../lib/errors';
import { sseEvent, type EventStreams } from '../../lib/event-streams';
import { NotifyHub, NotifyPublisher, type HubLog, type PublisherLog } from '../../lib/notify-bus';
import type { RoutedNoticeEvent } from './mail';
import { optedOutKinds } from './repository';

/** The notification channel of live notices; the payload is the notice with its user. */
export const NOTICE_CHANNEL = 'notice_events';

/** Live notices to every API process, in batches after the claim that found them committed (lib/notify-bus.ts). */
export class NoticeEventPublisher extends NotifyPublisher<RoutedNoticeEvent> {
  constructor(db: Kysely<Database>, log?: PublisherLog) {
    super(db, NOTICE_CHANNEL, 'Could not announce notices live; pages catch up from the list when they reconnect', log);
  }
}

/** One LISTEN per process on live notices, fanned out to each user's open streams. */
export class NoticeEventHub extends NotifyHub<RoutedNoticeEvent> {
  constructor(listen: ListenFn, log?: HubLog) {
    super(listen, NOTICE_CHANNEL, (event) => event?.userid, 'live notice', log);
  }
}

/**
 * A shopper's live notices (server-sent events, event `notice`), from every API process. The
 * route authenticates first (a single-use ticket: an EventSource sends no header, and the login
 * token never goes in a URL); then the stream is capped with the process's other streams. A kind the caller turned off is not sent (the dispatcher does not announce it either;
 * this covers a switch turned off while a stream is open, read at each event).
 */
export function openNoticeEvents(
  ctx: { db: Kysely<Database>; noticeHub: NoticeEventHub; eventStreams: EventStreams },
  req: FastifyRequest,
  reply: FastifyReply,
  userid: number,
): Promise<void> {
  const { db, noticeHub, eventStreams } = ctx;
  return eventStreams.open(req, reply, {
    texts: { tooMany: NOTICE_MESSAGES.tooManyStreams, tooManyFromClient: NOTICE_MESSAGES.tooManyStreamsFromClient },
    prepare: async () => {
      try {
        await noticeHub.ensureStarted();
      } catch (err) {
        req.log.error({ err }, 'Could not LISTEN for live notices');
        throw new HttpError(503, NOTICE_MESSAGES.noLiveUpdates, null, { 'retry-after': '5' });
      }
    },
    subscribe: (write) =>
      noticeHub.subscribe(userid, (event) => {
        void optedOutKinds(db, userid).then(
          (off) => {
            if (off.includes(event.kind)) return;
            const { userid: _user, ...notice } = event;
            write(sseEvent('notice', notice));
          },
          (err: unknown) => req.log.warn({ err }, 'Could not read notice settings for a live notice'),
        );
      }),
    opening: 'retry: 3000\n: connected\n\n',
  });
}
