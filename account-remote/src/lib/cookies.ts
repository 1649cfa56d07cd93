/** A small typed cookie helper: every cookie is written with max-age, path / and SameSite=Lax. */

export interface CookieOptions {
  /** Lifetime in milliseconds (the spec states lifetimes in ms); rounded up to whole seconds. */
  maxAgeMs: number;
  path?: string;
}

export function setCookie(name: string, value: string, { maxAgeMs, path = '/' }: CookieOptions): void {
  const maxAge = Math.max(0, Math.ceil(maxAgeMs / 1000));
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${maxAge}; path=${path}; SameSite=Lax${secure}`;
}

/** The cookie's value, or null when it is missing (or expired). */
export function getCookie(name: string): string | null {
  const wanted = encodeURIComponent(name);
  for (const part of document.cookie ? document.cookie.split(';') : []) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (key !== wanted) continue;
    const raw = eq < 0 ? '' : part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; max-age=0; path=${path}; SameSite=Lax`;
}
