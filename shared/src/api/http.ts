import { currentAuthToken } from '../session/sessionStore';
import { renderScope } from '../remote/renderScope';

/** A failed API call: the HTTP status (0 when the server was not reached) and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

declare global {
  interface Window {
    /** Written by the shell (or a remote's standalone frame) from its runtime config. */
    __MARKETPLACE_CONFIG__?: { apiUrl?: string; links?: Record<string, string> };
  }
}

const DEFAULT_API_URL = 'http://localhost:4000';

export function apiBaseUrl(): string {
  // The page's, else the server render's own (each render runs in a scope of its own).
  const configured =
    (typeof window !== 'undefined' ? window.__MARKETPLACE_CONFIG__?.apiUrl : undefined) ?? renderScope()?.apiUrl;
  if (configured) return configured;
  return DEFAULT_API_URL;
}

/** How long a call may take before it fails with status 0. */
export const REQUEST_TIMEOUT_MS = 15000;

/** Query parameters of a call; `undefined` and `null` ones are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  /** The body of a DELETE (the API's cart routes read one). */
  data?: unknown;
}

/** A successful reply (2xx): its status and its body (parsed JSON, else the text). */
export interface HttpReply<T> {
  status: number;
  data: T;
}

/** The API's transport: a base URL read on every call (runtime config wins), JSON both ways. */
export interface HttpClient {
  get<T>(url: string, options?: RequestOptions): Promise<HttpReply<T>>;
  delete<T>(url: string, options?: RequestOptions): Promise<HttpReply<T>>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpReply<T>>;
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpReply<T>>;
}

/** A reply that is not 2xx, before it is told as an ApiError. */
class HttpFailure {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {}
}

/** The message the server gave (`msg`, else `message`, else its text), or one that names the status. */
function failureMessage(status: number, body: unknown): string {
  if (typeof body === 'string' && body) return body;
  if (body && typeof body === 'object') {
    const { msg, message } = body as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string') return msg;
    if (typeof message === 'string') return message;
  }
  return `Request failed with status ${status}`;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpFailure) {
    return new ApiError(error.status, failureMessage(error.status, error.data), error.data ?? null);
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

function urlOf(path: string, params: QueryParams | undefined): string {
  const base = apiBaseUrl().replace(/\/+$/, '');
  let url = /^[a-z][a-z\d+.-]*:\/\//i.test(path) ? path : `${base}/${path.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
  return url;
}

/** A body as fetch sends it: FormData and text as they are, anything else as JSON. */
function bodyOf(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body;
  if (typeof body === 'string') return body;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...options.headers };
  const init: RequestInit = { method, headers, body: bodyOf(body, headers) };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(urlOf(path, options.params), { ...init, signal: abort.signal });
      text = await response.text();
    } catch {
      // No (whole) answer: refused, offline, blocked (CORS), or too slow.
      throw new ApiError(0, abort.signal.aborted ? `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` : 'Network Error');
    }
    let data: unknown = text;
    try {
      if (text) data = JSON.parse(text);
    } catch {
      // Not JSON: the text itself.
    }
    if (!response.ok) throw new HttpFailure(response.status, data);
    return { status: response.status, data: data as T };
  } catch (error) {
    throw toApiError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** The one client of the API; every failure rejects with an ApiError. */
export const http: HttpClient = {
  get: (url, options) => request('GET', url, undefined, options),
  delete: (url, options) => request('DELETE', url, options?.data, options),
  post: (url, body, options) => request('POST', url, body, options),
  put: (url, body, options) => request('PUT', url, body, options),
};

/** The signed-in user's login token, or a rejected ApiError(401) when nobody is signed in. */
export function requireLoginToken(): string {
  const token = currentAuthToken();
  if (!token) throw new ApiError(401, 'Please login first');
  return token;
}
