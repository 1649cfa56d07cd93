import { apiBaseUrl, http, requireLoginToken } from './http';
import type {
  NoticeEvent,
  NoticePageReply,
  NoticePrefs,
  NoticePrefsBody,
  NoticePrefsReply,
  NoticesSeenReply,
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

/**
 * The signed-in user's live notices (server-sent events on GET /noticeevents). The stream is read
 * with fetch so that the login token goes in the authtoken header, as on every call, never in the
 * URL (an EventSource can send no header). `onOpen` runs on every (re)connection, so the page can
 * catch up from getNoticesPage on what was queued while it was away. Reconnects by itself (3 s,
 * backing off to 30 s), and stops for good when the server refuses the token (401). Returns the
 * unsubscribe function.
 */
export function subscribeToNotices(onNotice: (n: NoticeEvent) => void, onOpen?: () => void): () => void {
  if (typeof fetch === 'undefined' || typeof AbortController === 'undefined' || typeof TextDecoder === 'undefined')
    return () => undefined;
  const abort = new AbortController();
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const read = async (body: ReadableStream<Uint8Array>) => {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (event !== 'notice' || !data.length) continue;
        try {
          onNotice(JSON.parse(data.join('\n')) as NoticeEvent);
        } catch {
          /* a malformed event is ignored */
        }
      }
    }
  };

  const connect = async () => {
    timer = undefined;
    let authtoken: string;
    try {
      authtoken = requireLoginToken();
    } catch {
      return; // signed out meanwhile
    }
    try {
      const res = await fetch(`${apiBaseUrl()}/noticeevents`, {
        headers: { authtoken, accept: 'text/event-stream' },
        signal: abort.signal,
        cache: 'no-store',
      });
      if (res.status === 401) return;
      if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
      failures = 0;
      onOpen?.();
      await read(res.body);
    } catch {
      failures += 1;
    }
    if (!abort.signal.aborted) timer = setTimeout(() => void connect(), retryDelay(failures));
  };

  void connect();
  return () => {
    abort.abort();
    if (timer) clearTimeout(timer);
  };
}
