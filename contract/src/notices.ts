import { Type, type Static } from 'typebox';
import { Envelope, PageQuery, PageReply, positiveId, type PageSize } from './common';
import { NOTICE_KINDS, NOTICE_NO_KIND, type NoticeKind } from './rules';

// ---------------------------------------------------------------- notices (header authtoken)

export const NoticeKindSchema = Type.Union([
  Type.Literal('outbid'),
  Type.Literal('won'),
  Type.Literal('lost'),
  Type.Literal('sold'),
  Type.Literal('unsold'),
  Type.Literal('ending'),
  Type.Literal('shipped'),
  Type.Literal('delivered'),
  Type.Literal('neworder'),
  Type.Literal('ordercancelled'),
]);

export const NOTICES_PAGE = { default: 20, max: 100 } as const satisfies PageSize;

/** What a notice tells (see NoticeData in rules.ts). */
export const NoticeDataSchema = Type.Object({
  productname: Type.String(),
  price: Type.Optional(Type.Number()),
  nextbid: Type.Optional(Type.Number()),
  orderid: Type.Optional(Type.Integer()),
  buyer: Type.Optional(Type.String()),
  endsat: Type.Optional(Type.String()),
  shipmentid: Type.Optional(Type.Integer()),
  courier: Type.Optional(Type.String()),
  tracking: Type.Optional(Type.String()),
});

/** One notice as its shopper reads it. */
export const Notice = Type.Object({
  noticeid: Type.Integer(),
  kind: NoticeKindSchema,
  auctionid: Type.Union([Type.Integer(), Type.Null()]),
  data: NoticeDataSchema,
  createdat: Type.String(),
  /** Shown to the shopper already (PUT /notices/seen). */
  seen: Type.Boolean(),
});
export type Notice = Static<typeof Notice>;

/** GET /notices: a page of the caller's notices, newest first, of the kinds they have on; `unread`: how many are not seen yet (at most 100). */
export const NoticePageQuery = PageQuery(NOTICES_PAGE);
export const NoticePageReply = Type.Object({ ...PageReply(Notice).properties, unread: Type.Integer() });
export type NoticePageReply = Static<typeof NoticePageReply>;

/** PUT /notices/seen: every notice of the caller up to this id has been shown. */
export const NoticesSeenBody = Type.Object({ upto: positiveId('upto') }, { additionalProperties: false });
export type NoticesSeenBody = Static<typeof NoticesSeenBody>;
export const NoticesSeenReply = Envelope(Type.Object({ unread: Type.Integer() }));
export type NoticesSeenReply = Static<typeof NoticesSeenReply>;

/** Which kinds a shopper is told (true: on). */
export const NoticePrefs = Type.Object(
  Object.fromEntries(NOTICE_KINDS.map((k) => [k, Type.Boolean()])) as Record<
    NoticeKind,
    ReturnType<typeof Type.Boolean>
  >,
);
export type NoticePrefs = Record<NoticeKind, boolean>;
/** PUT /noticeprefs: the kinds to change (others stay). */
export const NoticePrefsBody = Type.Partial(NoticePrefs, {
  additionalProperties: false,
  minProperties: 1,
  errorMessage: NOTICE_NO_KIND,
});
export type NoticePrefsBody = Partial<NoticePrefs>;
export const NoticePrefsReply = Envelope(NoticePrefs);
export type NoticePrefsReply = Static<typeof NoticePrefsReply>;

/** POST /noticeevents/ticket: a single-use ticket (valid 60 s) that opens the caller's stream once. */
export const NoticeTicketReply = Envelope(Type.Object({ ticket: Type.String() }));
export type NoticeTicketReply = Static<typeof NoticeTicketReply>;

/** GET /noticeevents?ticket=: the ticket of POST /noticeevents/ticket (an EventSource sends no header). */
export const NoticeEventsQuery = Type.Object({
  ticket: Type.String({
    pattern: '^nt_[A-Za-z0-9_-]{43}$',
    errorMessage: 'ticket must be one of POST /noticeevents/ticket',
  }),
});
export type NoticeEventsQuery = Static<typeof NoticeEventsQuery>;

/** A live notice on the caller's stream (GET /noticeevents): event `notice`. */
export type NoticeEvent = Omit<Notice, 'seen'>;
