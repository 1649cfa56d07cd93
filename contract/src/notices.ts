import { Type, type Static } from 'typebox';
import { Envelope, PageQuery, PageReply, positiveId, type PageSize } from './common';
import { formatRupees } from './rules';

// ---------------------------------------------------------------- notices (header authtoken)

/** What a shopper is told about auctions (issue 25): each once, by mail and live on the page. */
export const NOTICE_KINDS = ['outbid', 'won', 'lost', 'sold', 'unsold', 'ending'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NoticeKindSchema = Type.Union([
  Type.Literal('outbid'),
  Type.Literal('won'),
  Type.Literal('lost'),
  Type.Literal('sold'),
  Type.Literal('unsold'),
  Type.Literal('ending'),
]);

const NOTICE_NO_KIND = 'Choose which notices to turn on or off';

export const NOTICES_PAGE = { default: 20, max: 100 } as const satisfies PageSize;

/**
 * What a notice tells, by kind: `productname` always; `price` in rupees (the new price when
 * outbid, the winning price when won or sold, the current price when ending soon); `nextbid` the
 * next acceptable bid (outbid); `orderid` the winner's order (won, sold); `buyer` the winner's
 * first name (sold); `endsat` the effective end (ending).
 */
export const NoticeData = Type.Object({
  productname: Type.String(),
  price: Type.Optional(Type.Number()),
  nextbid: Type.Optional(Type.Number()),
  orderid: Type.Optional(Type.Integer()),
  buyer: Type.Optional(Type.String()),
  endsat: Type.Optional(Type.String()),
});
export type NoticeData = Static<typeof NoticeData>;

/** One notice as its shopper reads it. */
export const Notice = Type.Object({
  noticeid: Type.Integer(),
  kind: NoticeKindSchema,
  auctionid: Type.Union([Type.Integer(), Type.Null()]),
  data: NoticeData,
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
export const NoticePrefs = Type.Object({
  outbid: Type.Boolean(),
  won: Type.Boolean(),
  lost: Type.Boolean(),
  sold: Type.Boolean(),
  unsold: Type.Boolean(),
  ending: Type.Boolean(),
});
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

/** A live notice on the caller's stream (GET /noticeevents): event `notice`. */
export type NoticeEvent = Omit<Notice, 'seen'>;

export const NOTICE_MESSAGES = {
  saved: 'Notification settings saved',
  noKind: NOTICE_NO_KIND,
  tooManyStreams: 'Too many live connections, please try again in a moment',
  tooManyStreamsFromClient: 'Too many live connections from your network, please close some tabs',
  noLiveUpdates: 'Live notices are unavailable right now, please try again in a moment',
} as const;

/** The words a shopper reads for a notice (the live toast and the mail's first line). */
export function noticeText(kind: NoticeKind, d: NoticeData): string {
  const item = `"${d.productname}"`;
  const price = d.price === undefined ? '' : formatRupees(d.price);
  switch (kind) {
    case 'outbid':
      return `You have been outbid on ${item}: the BID is now ${price}.${
        d.nextbid === undefined ? '' : ` Enter ${formatRupees(d.nextbid)} or more to lead.`
      }`;
    case 'won':
      return `You won ${item}${price ? ` at ${price}` : ''}. Your order is in My Orders.`;
    case 'lost':
      return `The auction of ${item} has ended: another bidder won it.`;
    case 'sold':
      return `${item} sold${d.buyer ? ` to ${d.buyer}` : ''}${price ? ` at ${price}` : ''}.`;
    case 'unsold':
      return `The auction of ${item} ended unsold.`;
    case 'ending':
      return `${item} ends within the hour${price ? `: the BID is ${price}` : ''}.`;
  }
}

/** The preference switches of the account area (Sold/Unsold is one switch over both kinds). */
export const NOTICE_SWITCHES: readonly { label: string; hint: string; kinds: readonly NoticeKind[] }[] = [
  { label: 'Outbid', hint: 'When another bidder takes the lead on an item you bid on.', kinds: ['outbid'] },
  { label: 'Won', hint: 'When you win an auction.', kinds: ['won'] },
  { label: 'Lost', hint: 'When an auction you bid on ends with another winner.', kinds: ['lost'] },
  { label: 'Sold/Unsold', hint: 'When an item you listed sells, or ends unsold.', kinds: ['sold', 'unsold'] },
  { label: 'Ending soon', hint: 'One hour before an item you watch or bid on ends.', kinds: ['ending'] },
];
