// Follows the API's change stream (GET /catalogue/changes, server-sent events): the same NOTIFY
// that drops the API's catalogue cache drops the rendering server's pages.
import http, { type ClientRequest } from 'node:http';
import https from 'node:https';

const RECONNECT_MS: readonly number[] = [500, 1000, 2000, 5000, 10000];

/** A change the API announces: a product (or, without an id, any of the catalogue) or an auction item. */
export type CatalogueChange = { scope: 'catalogue'; id?: number } | { scope: 'auction'; id: number };

export interface ChangeHandlers {
  onChange(change: CatalogueChange): void;
  onConnected(): void;
  onDisconnected(): void;
  log?: Pick<Console, 'warn'>;
}

export interface ChangeFollower {
  /** Whether changes reach this process now. */
  readonly connected: boolean;
  close(): void;
}

/**
 * Keeps one stream open, reconnecting with backoff. `onConnected` comes with the stream's `ready`
 * (every change after it is delivered); `onDisconnected` when it drops, after which changes may be
 * missed until the next `onConnected`.
 */
export function followCatalogueChanges(
  apiUrl: string,
  { onChange, onConnected, onDisconnected, log = console }: ChangeHandlers,
): ChangeFollower {
  let closed = false;
  let attempt = 0;
  let current: ClientRequest | null = null;
  let timer: NodeJS.Timeout | null = null;
  let connected = false;

  const lost = (reason: string): void => {
    current = null;
    if (connected) {
      connected = false;
      onDisconnected();
    }
    if (closed) return;
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    if (attempt === 1) log.warn(`[render] the API's change stream is unavailable (${reason}); pages are kept briefly.`);
    attempt += 1;
    timer = setTimeout(connect, delay);
    timer.unref();
  };

  const dispatch = (block: string): void => {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event === 'ready') {
      attempt = 0;
      connected = true;
      onConnected();
    } else if (event === 'change') {
      try {
        onChange(JSON.parse(data) as CatalogueChange);
      } catch {
        // not a change we know: drop everything rather than keep a page that may be stale
        onChange({ scope: 'catalogue' });
      }
    }
  };

  function connect(): void {
    if (closed) return;
    const url = new URL('/catalogue/changes', apiUrl);
    const client = url.protocol === 'https:' ? https : http;
    let ended = false;
    const end = (reason: string): void => {
      if (ended) return;
      ended = true;
      lost(reason);
    };
    const req = client.get(url, { headers: { Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        end(`status ${res.statusCode}`);
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        buffer += chunk;
        let at;
        while ((at = buffer.indexOf('\n\n')) !== -1) {
          dispatch(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
        }
        // A stream that never ends an event is not one: do not grow without bound.
        if (buffer.length > 64 * 1024) req.destroy(new Error('event too long'));
      });
      res.on('end', () => end('closed'));
      res.on('error', (error) => end(error.message));
    });
    req.on('error', (error) => end(error.message));
    req.on('close', () => end('closed'));
    current = req;
  }

  connect();
  return {
    /** Whether changes reach this process now. */
    get connected() {
      return connected;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      current?.destroy();
    },
  };
}
