import { createContext, use, useContext, useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../api/http';

/**
 * Data of a server-rendered page. A page names a read it may get from the server with a `key`
 * (`useResource(load, deps, { key })`, `usePagedList(read, deps, { key })`): while the rendering
 * server renders, the read runs there (with a time limit) and the page renders with its answer;
 * the answers are embedded in the page once, and in the browser the same key starts from them
 * instead of fetching again. A read the API refused (a 4xx: a product that does not exist) is
 * embedded as that failure, so the page says so on the server too; one that failed otherwise or was
 * too slow is not embedded: the page renders its loading state and loads in the browser.
 */

/**
 * What a read gave on the server: its data, the API's refusal (`error`), or nothing to show
 * (`error` absent: the browser reads it).
 */
export type ServerRead<T> = { ok: true; data: T } | { ok: false; error?: ApiError };

/** How an answer travels in the page. */
type EmbeddedAnswer = { data: unknown } | { error: { status: number; message: string } };

function refusal(error: unknown): ApiError | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error : undefined;
}

/** The reads of one server render (the rendering server makes one per page). */
export class ServerRender {
  readonly #reads = new Map<string, Promise<ServerRead<unknown>>>();
  readonly #answers = new Map<string, EmbeddedAnswer>();

  /** `timeoutMs`: how long a read may take before the page renders without it. */
  constructor(readonly timeoutMs: number) {}

  /**
   * The read under `key`, started once per render: the same promise on every render of the page
   * (React's `use` needs it), settled with the answer or `{ ok: false }`, never rejected.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<ServerRead<T>> {
    let read = this.#reads.get(key);
    if (!read) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<ServerRead<T>>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false }), this.timeoutMs);
      });
      const answer = Promise.resolve()
        .then(load)
        .then(
          (data): ServerRead<T> => ({ ok: true, data }),
          (failure: unknown): ServerRead<T> => {
            const error = refusal(failure);
            return error ? { ok: false, error } : { ok: false };
          },
        );
      read = Promise.race([answer, timeout]).then((result) => {
        clearTimeout(timer);
        // Only what the page renders with is embedded: an answer that comes after the time limit is neither.
        if (result.ok) this.#answers.set(key, { data: result.data });
        else if (result.error)
          this.#answers.set(key, { error: { status: result.error.status, message: result.error.message } });
        return result;
      });
      this.#reads.set(key, read);
    }
    return read as Promise<ServerRead<T>>;
  }

  /** Every answer the page rendered with, by key: what the page embeds for the browser. */
  answers(): Record<string, EmbeddedAnswer> {
    return Object.fromEntries(this.#answers);
  }

  /** Whether every read answered in time (a page rendered without some of its data is not kept). */
  complete(): boolean {
    return this.#answers.size === this.#reads.size;
  }
}

/** The server render in progress; null in the browser. */
export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The answers the server embedded in this page, until the page that read each one is on screen. */
let embedded = new Map<string, EmbeddedAnswer>();

/** The shell hands over the answers embedded in the server HTML, before hydrating it. */
export function provideServerData(answers: Record<string, unknown>): void {
  embedded = new Map(
    Object.entries(answers).filter((entry): entry is [string, EmbeddedAnswer] => {
      const answer = entry[1];
      return typeof answer === 'object' && answer !== null && ('data' in answer || 'error' in answer);
    }),
  );
}

/**
 * The server's answer for `key`, if this render may use it: during the server render the read
 * itself (the page suspends until it settles); in the browser the embedded answer, which the
 * first page on screen with that key takes (later pages with the key load afresh).
 */
export function useServerData<T>(key: string | undefined, load: () => Promise<T>): ServerRead<T> {
  const server = useContext(ServerRenderContext);
  useEffect(() => {
    if (key !== undefined) embedded.delete(key);
  }, [key]);
  if (key === undefined) return { ok: false };
  if (server) return use(server.read(key, load));
  const answer = embedded.get(key);
  if (!answer) return { ok: false };
  if ('data' in answer) return { ok: true, data: answer.data as T };
  return { ok: false, error: new ApiError(answer.error.status, answer.error.message) };
}

const noChanges = () => () => undefined;

/**
 * False while the page is server HTML (on the server, and while the browser hydrates it), true
 * from then on. A form's submit button waits for it: a form sent before its code runs would be
 * sent by the browser itself, its fields in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
