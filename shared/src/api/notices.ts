import { apiBaseUrl, http, requireLoginToken } from './http';
import type {
  NoticeEvent,
  NoticePageReply,
  NoticePrefs,
  NoticePrefsBody,
  NoticePrefsReply,
  NoticesSeenReply,
  NoticeTicketReply,
  PageQuery,
} from '@marketplace/contract';
import { pageParams, type Page } from './paging';

/** GET /notices (header authtoken): a page of the signed-in user's notices, newest first (20 by default, at most 100), and how many are unread (at most 100). 401. */
export async function getNoticesPage(
  page?: PageQuery,
): Promise<Page<NoticePageReply['data'][number]> & { unread: number }> {
  const authtoken = requireLoginToken();
  const res = await http.get<NoticePageReply>('/notices', { headers: { authtoken }, params: pageParams(page) });
  return { items: res.data.data, next: res.data.next, unread: res.data.unread };
}

/** PUT /notices/seen (header authtoken): the user's notices up to `upto` have been shown; resolves the unread count left. 401. */
export async function markNoticesSeen(upto: number): Promise<number> {
  const authtoken = requireLoginToken();
  const res = await http.put<NoticesSeenReply>('/notices/seen', { upto }, { headers: { authtoken } });
  return res.data.data.unread;
}

/** GET /noticeprefs (header authtoken): which kinds of notices the user is told (true: on). 401. */
export async function getNoticePrefs(): Promise<NoticePrefs> {
  const authtoken = requireLoginToken();
  const res = await http.get<NoticePrefsReply>('/noticeprefs', { headers: { authtoken } });
  return res.data.data;
}

/** PUT /noticeprefs (header authtoken): turns the given kinds on or off (the others stay); resolves every kind's setting. 400, 401. */
export async function setNoticePrefs(changes: NoticePrefsBody): Promise<NoticePrefs> {
  const authtoken = requireLoginToken();
  const res = await http.put<NoticePrefsReply>('/noticeprefs', changes, { headers: { authtoken } });
  return res.data.data;
}

/** Waits before reconnecting: 3 s, then longer after each failure in a row, at most 30 s. */
const retryDelay = (failures: number) => Math.min(30_000, 3000 * 2 ** Math.max(0, failures - 1));

/** POST /noticeevents/ticket (header authtoken): a single-use ticket (60 s) opening the user's live notices stream once. 401, 429. */
export async function getNoticeTicket(): Promise<string> {
  const authtoken = requireLoginToken();
  const res = await http.post<NoticeTicketReply>('/noticeevents/ticket', {}, { headers: { authtoken } });
  return res.data.data.ticket;
}

/**
 * The signed-in user's live notices (server-sent events on GET /noticeevents). An EventSource
 * sends no header, and the login token never goes in a URL: each connection asks for a
 * single-use ticket first (getNoticeTicket), which the stream uses up. `onOpen` runs on every
 * (re)connection, so the page can catch up from getNoticesPage on what was queued while it was
 * away. Reconnects by itself with a new ticket (3 s, backing off to 30 s); stops for good when
 * the session is refused (401). Returns the unsubscribe function.
 */
export function subscribeToNotices(onNotice: (n: NoticeEvent) => void, onOpen?: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let stopped = false;
  let failures = 0;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = () => {
    source?.close();
    source = null;
    failures += 1;
    if (!stopped) timer = setTimeout(() => void connect(), retryDelay(failures));
  };

  const connect = async () => {
    timer = undefined;
    let ticket: string;
    try {
      ticket = await getNoticeTicket();
    } catch (e) {
      if ((e as { status?: number }).status === 401) return; // signed out, or the session ended
      retry();
      return;
    }
    if (stopped) return;
    const es = new EventSource(`${apiBaseUrl()}/noticeevents?ticket=${encodeURIComponent(ticket)}`);
    source = es;
    es.addEventListener('open', () => {
      failures = 0;
      onOpen?.();
    });
    es.addEventListener('notice', (message: MessageEvent<string>) => {
      try {
        onNotice(JSON.parse(message.data) as NoticeEvent);
      } catch {
        /* a malformed event is ignored */
      }
    });
    // The ticket is used up: EventSource's own reconnection would present it again, so every
    // drop is answered with a new ticket instead.
    es.addEventListener('error', () => {
      if (source === es) retry();
    });
  };

  void connect();
  return () => {
    stopped = true;
    source?.close();
    source = null;
    if (timer) clearTimeout(timer);
  };
}
