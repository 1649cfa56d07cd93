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
  NOTICES_PAGE,
} from '@marketplace/contract';
import type { App } from '../../context';
import { badRequest } from '../../lib/errors';
import { decodeCursor, pageLimit } from '../../lib/paging';
import { replies } from '../../lib/replies';
import { openNoticeEvents } from './events';
import { markNoticesSeen, noticePrefs, noticesPage, setNoticePrefs, unreadNotices } from './repository';

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

  /** The caller's live notices (server-sent events, see events.ts): authenticated before anything else. */
  app.get(
    '/noticeevents',
    { schema: { headers: AuthHeaders }, config: signedIn, exposeHeadRoute: false },
    (req, reply) => openNoticeEvents(app.ctx, req, reply, req.user.userid),
  );
}
