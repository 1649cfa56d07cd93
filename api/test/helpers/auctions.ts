import { sql } from 'kysely';
import type { TestServer } from './server';
import { upload, uniquePng } from './shop';

/** The fields of an auction item in every reply. */
export const ITEM_KEYS = [
  'ageproduct',
  'auctionid',
  'bid',
  'bidcount',
  'bids',
  'buynow',
  'category',
  'closedat',
  'description',
  'endsat',
  'highbid',
  'outcome',
  'ownerid',
  'photo',
  'photoSources',
  'photos',
  'productid',
  'productname',
  'rangehighbid',
  'rangelowbid',
  'reservemet',
  'startbid',
  'status',
  'time',
  'username',
  'winner',
].sort();

export const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** Moves an item's listed end time, dropping any extension (tests cannot wait days). */
export async function setEndTime(s: TestServer, auctionid: number, end: Date) {
  await s.app.ctx.db
    .updateTable('auctions')
    .set({ end_time: end, ends_at: null })
    .where('auctionid', '=', auctionid)
    .execute();
}

/** Sets an item's listed and effective ends relative to the database clock, in seconds. */
export async function setEnds(s: TestServer, auctionid: number, listed: number, effective: number | null) {
  await sql`UPDATE auctions SET end_time = clock_timestamp() + make_interval(secs => ${listed}),
    ends_at = CASE WHEN ${effective}::int IS NULL THEN NULL ELSE clock_timestamp() + make_interval(secs => ${effective}::int) END
    WHERE auctionid = ${auctionid}`.execute(s.app.ctx.db);
}

/** The `closed` event of an item sold to `winner` at `highbid` (any close time). */
export function soldEvent(auctionid: number, winner: number, highbid: number) {
  return { type: 'closed', auctionid, winner, highbid, outcome: 'sold', closedat: expect.any(String) };
}

/** Uploads a fresh PNG as `token`'s user and returns its URL. */
export async function uploadedPhoto(s: TestServer, token: string): Promise<string> {
  const up = await upload(s, uniquePng(), { token });
  expect(up.status).toBe(200);
  return up.body.data as string;
}

/** A valid POST /addauction body (ends in 3 days). */
export function auctionBody(photo: string, overrides: Record<string, unknown> = {}) {
  return {
    username: 'collector',
    bid: 1000,
    rangelowbid: 500,
    rangehighbid: 5000,
    productname: 'Test Painting',
    category: 'Painting',
    description: 'Oil on canvas, signed.',
    ageproduct: '10 years',
    time: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    photos: [photo],
    ...overrides,
  };
}

/** Creates an auction owned by `token`'s user; returns the item. */
export async function createAuction(s: TestServer, token: string, overrides: Record<string, unknown> = {}) {
  const photo = await uploadedPhoto(s, token);
  const r = await s.post('/addauction', auctionBody(photo, overrides), { authtoken: token });
  expect(r.body.msg).toBe('Auction Product Added Successfully');
  expect(r.status).toBe(200);
  return r.body.data as { auctionid: number; bid: number; ownerid: number; [k: string]: any };
}

/** PUT /updatebiduser on a test server, or on another API process given by its base URL. */
export async function bid(
  target: TestServer | string,
  token: string,
  auctionid: number,
  amount: unknown,
  extra: Record<string, unknown> = {},
) {
  const base = typeof target === 'string' ? target : target.url;
  const res = await fetch(`${base}/updatebiduser`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authtoken: token },
    body: JSON.stringify({ auctionid, bid: amount, ...extra }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export interface SseEvent {
  event: string;
  data: any;
  receivedAt: number;
}

export interface EventStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comments (heartbeats) received. */
  comments: string[];
  /** Resolves the first event (already received or coming) that matches, or rejects after timeoutMs. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  waitForComment(text: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Reads a text/event-stream body until it ends (or is aborted): each event (data as text) and each comment. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: string) => void,
  onComment: (text: string) => void = () => undefined,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) onComment(line.slice(1).trim());
          else if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trim());
        }
        if (data.length) onEvent(event, data.join('\n'));
      }
    }
  } catch {
    /* aborted */
  }
}

/** Opens GET /auctionevents/:id as a streaming fetch and parses the server-sent events. */
export function openEventStream(
  baseUrl: string,
  auctionid: number | string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return openSseStream(`${baseUrl}/auctionevents/${auctionid}`, headers);
}

/** Opens a server-sent event stream (GET `url`) as a streaming fetch and parses its events. */
export async function openSseStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  if (res.body && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    void readEventStream(
      res.body,
      (event, data) => {
        events.push({ event, data: JSON.parse(data), receivedAt: Date.now() });
        wake();
      },
      (text) => {
        comments.push(text);
        wake();
      },
    );
  }

  const until = (check: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      const waiter = () => {
        if (check()) {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(waiter);
    });

  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    async next(match, timeoutMs = 3000) {
      await until(() => events.some(match), timeoutMs, 'an event');
      return events.find(match)!;
    },
    async waitForComment(text, timeoutMs = 3000) {
      await until(() => comments.includes(text), timeoutMs, `the comment '${text}'`);
    },
    close() {
      abort.abort();
    },
  };
}
