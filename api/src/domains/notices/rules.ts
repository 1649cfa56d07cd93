import { createHash } from 'node:crypto';
import {
  NOTICE_SWITCHES,
  formatRupees,
  noticeTarget,
  noticeText,
  type NoticeData,
  type NoticeKind,
} from '@marketplace/contract';
import type { Mail } from '../../lib/mailer';
import type { MailLinkTo } from '../../lib/storefront-links';

/** A notice as the dispatcher mails it. */
export interface MailedNotice {
  noticeid: number;
  kind: NoticeKind;
  auctionid: number | null;
  dedupe_key: string;
  data: NoticeData;
}

/** Where a mail sends the shopper: the page the notice's live toast links (the contract's noticeTarget). */
export function noticeLink(linkTo: MailLinkTo, n: Pick<MailedNotice, 'kind' | 'auctionid' | 'data'>): string {
  return noticeTarget(n, linkTo).to;
}

const SUBJECTS: Record<NoticeKind, (d: NoticeData, price: string) => string> = {
  outbid: (d, price) => `Outbid: ${d.productname} is now ${price}`,
  won: (d, price) => `You won ${d.productname}${price ? ` at ${price}` : ''}`,
  lost: (d) => `Auction ended: ${d.productname}`,
  sold: (d, price) => `Sold: ${d.productname}${price ? ` at ${price}` : ''}`,
  unsold: (d) => `Unsold: ${d.productname}`,
  ending: (d) => `Ending soon: ${d.productname}`,
  shipped: (d) => `Shipped: ${d.productname} (order #${d.orderid})`,
  delivered: (d) => `Delivered: ${d.productname} (order #${d.orderid})`,
  neworder: (d) => `New order #${d.orderid} to ship: ${d.productname}`,
  ordercancelled: (d) => `Order #${d.orderid} cancelled: do not ship ${d.productname}`,
};

const CALLS: Record<NoticeKind, string> = {
  outbid: 'Bid again here',
  won: 'Pay and follow your order here',
  lost: 'See the item here',
  sold: 'See the item here',
  unsold: 'See the item here',
  ending: 'See the item here',
  shipped: 'Follow your order here',
  delivered: 'See your order here',
  neworder: 'See your orders to ship here',
  ordercancelled: 'See your orders to ship here',
};

/** The label of the account's Notifications switch that turns a kind off. */
const switchOf = (kind: NoticeKind) => NOTICE_SWITCHES.find((s) => s.kinds.includes(kind))!.label;

/**
 * A notice's mail, in the words of the other mails (order confirmation, price drop). Its
 * Message-ID is fixed per notice (its id and a hash of its key), so a mail sent again after a
 * crash between sending and recording is the same message; in outbox mode its file is named after
 * the notice and overwritten, not duplicated.
 */
export function noticeMail(
  user: { email: string; firstname: string },
  n: MailedNotice,
  linkTo: MailLinkTo,
  mailFrom: string,
): Mail {
  const price = n.data.price === undefined ? '' : formatRupees(n.data.price);
  const domain = /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'marketplace.local';
  const key = createHash('sha256').update(n.dedupe_key).digest('hex').slice(0, 16);
  return {
    to: user.email,
    subject: SUBJECTS[n.kind](n.data, price),
    text: [
      `Hello ${user.firstname},`,
      '',
      noticeText(n.kind, n.data),
      '',
      `${CALLS[n.kind]}: ${noticeLink(linkTo, n)}`,
      '',
      `To stop these emails, turn off '${switchOf(n.kind)}' under My Account → Notifications: ${linkTo('notifications')}`,
    ].join('\n'),
    messageId: `<notice-${n.noticeid}.${key}@${domain}>`,
    outboxName: `notice-${n.noticeid}`,
  };
}
