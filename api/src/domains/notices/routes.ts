import {
  AuthHeaders,
  NOTICE_KINDS,
  NOTICE_MESSAGES,
  NoticePageQuery,
  NoticePageReply,
  NoticePrefsBody,
  NoticePrefsReply,
  NoticesSeenBody,
  NoticesSeenReply,
  NoticeEventsQuery,
  NoticeTicketReply,
  NOTICES_PAGE,
} from '@marketplace/contract';
import type { App } from '../../context';
import { tokenHash } from '../../lib/crypto';
import { badRequest, HttpError, unauthorized } from '../../lib/errors';
import { decodeCursor, pageLimit } from '../../lib/paging';
import { replies } from '../../lib/replies';
import { openNoticeEvents } from './events';
import {
  issueStreamTicket,
  markNoticesSeen,
  noticePrefs,
  noticesPage,
  redeemStreamTicket,
  setNoticePrefs,
  unreadNotices,
} from './repository';

/** The caller's notices, their live stream and which kinds they are told. */
export function noticeRoutes(app: App) {
  const { db } = app.ctx;
  const signedIn = { auth: { token: 'header' as const } };

  app.get(
    '/notices',
    {
      schema: { headers: AuthHeaders, querystring: NoticePageQuery, response: replies(NoticePageReply) },
      config: signedIn,
    },
    async (req) => {
      const limit = pageLimit(req.query, NOTICES_PAGE);
      const before = decodeCursor(req.query.cursor, ['int'])?.[0];
      const { userid } = req.user;
      const [page, unread] = await Promise.all([noticesPage(db, userid, limit, before), unreadNotices(db, userid)]);
      return {
        status: 200,
        msg: page.items.length || before ? 'Your notices' : 'No notices yet',
        data: page.items,
        next: page.next,
        unread,
      };
    },
  );

  app.put(
    '/notices/seen',
    {
      schema: { headers: AuthHeaders, body: NoticesSeenBody, response: replies(NoticesSeenReply) },
      config: signedIn,
    },
    async (req) => {
      await markNoticesSeen(db, req.user.userid, req.body.upto);
      return { status: 200, msg: 'Notices seen', data: { unread: await unreadNotices(db, req.user.userid) } };
    },
  );

  app.get(
    '/noticeprefs',
    { schema: { headers: AuthHeaders, response: replies(NoticePrefsReply) }, config: signedIn },
    async (req) => ({ status: 200, msg: 'Notification settings', data: await noticePrefs(db, req.user.userid) }),
  );

  app.put(
    '/noticeprefs',
    {
      schema: { headers: AuthHeaders, body: NoticePrefsBody, response: replies(NoticePrefsReply) },
      config: signedIn,
    },
    async (req) => {
      // Unknown fields are dropped by the schema, as everywhere: a body left with no kind changes nothing.
      if (!NOTICE_KINDS.some((k) => typeof req.body[k] === 'boolean')) throw badRequest(NOTICE_MESSAGES.noKind);
      return { status: 200, msg: NOTICE_MESSAGES.saved, data: await setNoticePrefs(db, req.user.userid, req.body) };
    },
  );

  /** A single-use ticket for the caller's live notices stream (GET /noticeevents?ticket=). */
  app.post(
    '/noticeevents/ticket',
    { schema: { headers: AuthHeaders, response: replies(NoticeTicketReply) }, config: signedIn },
    async (req) => {
      const ticket = await issueStreamTicket(db, req.user.userid, tokenHash(req.headers.authtoken));
      if (!ticket) throw new HttpError(429, NOTICE_MESSAGES.tooManyTickets, null, { 'retry-after': '60' });
      return { status: 200, msg: 'Live notices ticket', data: { ticket } };
    },
  );

  /**
   * The ticket's user's live notices (server-sent events, see events.ts). The ticket is used up
   * first, before any other work: a missing, used, expired or dead-session ticket is 401.
   */
  app.get(
    '/noticeevents',
    { schema: { querystring: NoticeEventsQuery }, exposeHeadRoute: false },
    async (req, reply) => {
      const userid = await redeemStreamTicket(db, req.query.ticket);
      if (userid === null) throw unauthorized(NOTICE_MESSAGES.badTicket);
      return openNoticeEvents(app.ctx, req, reply, userid);
    },
  );
}
