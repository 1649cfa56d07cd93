import axios, { AxiosError, type AxiosInstance } from 'axios';
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
    __MARKETPLACE_CONFIG__?: { apiUrl?: string };
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

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const status = error.response?.status ?? 0;
    const body = error.response?.data as { msg?: unknown; message?: unknown } | string | undefined;
    let message = status === 0 ? 'Network Error' : `Request failed with status ${status}`;
    if (typeof body === 'string' && body) message = body;
    else if (body && typeof body === 'object') {
      if (typeof body.msg === 'string') message = body.msg;
      else if (typeof body.message === 'string') message = body.message;
    }
    return new ApiError(status, message, error.response?.data ?? null);
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

/** The one axios instance; its base URL is read on every request so runtime config wins. */
export const http: AxiosInstance = axios.create({ timeout: 15000 });
http.interceptors.request.use((config) => {
  config.baseURL = apiBaseUrl();
  return config;
});
http.interceptors.response.use(undefined, (error) => Promise.reject(toApiError(error)));

/** The signed-in user's login token, or a rejected ApiError(401) when nobody is signed in. */
export function requireLoginToken(): string {
  const token = currentAuthToken();
  if (!token) throw new ApiError(401, 'Please login first');
  return token;
}
