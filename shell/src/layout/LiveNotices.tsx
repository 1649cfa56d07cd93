import { useEffect } from 'react';
import { useLocation } from '@marketplace/shared/router';
import {
  getNoticesPage,
  markNoticesSeen,
  noticeLink,
  noticeText,
  notify,
  subscribeToNotices,
  useSession,
  type NoticeEvent,
  type NoticeKind,
  type ToastKind,
  linkTo,
} from '@marketplace/shared';

/** The toast kind of each notice: good news a success, the rest a warning. */
const TOAST_KIND: Record<NoticeKind, ToastKind> = {
  outbid: 'warning',
  won: 'success',
  lost: 'warning',
  sold: 'success',
  unsold: 'warning',
  ending: 'warning',
  shipped: 'success',
  delivered: 'success',
  neworder: 'success',
  ordercancelled: 'warning',
};

/** Toasts a notice, with a link to the page it is about. */
function toastNotice(n: Pick<NoticeEvent, 'kind' | 'auctionid' | 'data'>): void {
  notify({ text: noticeText(n.kind, n.data), kind: TOAST_KIND[n.kind], link: noticeLink(n) });
}

/** At most this many notices missed while away are toasted on (re)connecting; the newest. */
const CATCH_UP = 5;

/**
 * The signed-in shopper's live notices (auctions: outbid, won, lost, sold, unsold, ending soon;
 * shipments: shipped, delivered, a new order to ship, an order cancelled), toasted on any page
 * with a link to the page each is about (noticeLink): one stream per tab while signed in
 * (`subscribeToNotices`, the token in a header). On each (re)connection the notices not seen yet are read from the list and toasted, so one queued
 * while the tab was away still shows; each toasted notice is marked seen. Renders nothing: the
 * server's HTML and hydration do not change (the session is signed out while hydrating). /logout
 * opens none.
 */
export function LiveNotices(): null {
  const session = useSession((s) => s.session?.authtoken);
  // The page that ends the session opens no stream (its ticket would race the logout).
  const authtoken = useLocation().pathname === linkTo('logout') ? undefined : session;
  useEffect(() => {
    if (!authtoken) return undefined;
    const shown = new Set<number>();
    let stopped = false;
    const show = (list: Pick<NoticeEvent, 'noticeid' | 'kind' | 'auctionid' | 'data'>[]) => {
      const fresh = list.filter((n) => !shown.has(n.noticeid));
      if (!fresh.length || stopped) return;
      fresh.forEach((n) => shown.add(n.noticeid));
      fresh.sort((a, b) => a.noticeid - b.noticeid).forEach(toastNotice);
      markNoticesSeen(Math.max(...fresh.map((n) => n.noticeid))).catch(() => undefined);
    };
    const catchUp = () => {
      getNoticesPage({ limit: CATCH_UP }).then(
        (page) => show(page.items.filter((n) => !n.seen)),
        () => undefined,
      );
    };
    const unsubscribe = subscribeToNotices((n) => show([n]), catchUp);
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, [authtoken]);
  return null;
}
