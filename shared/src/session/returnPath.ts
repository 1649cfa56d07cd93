/**
 * Where a shopper goes back to after signing in (issue 18, item 1): /login and /signup carry it
 * as `?next=<same-site path>`, e.g. /login?next=%2Fviewcart%2F7 after Add to Cart. Only a path of
 * this site is followed: it starts with one '/', holds no '//', no backslash, no blank or control
 * character, and is not one of the sign-in pages themselves. Anything else is ignored (the
 * shopper then goes home, as before).
 */

import { linkTo } from '../links';

/** The pages that make no sense to come back to, where the live releases serve them: they would loop, sign out again or restart a reset. */
const notReturnedTo = (): string[] => [
  linkTo('login'),
  linkTo('signup'),
  linkTo('logout'),
  linkTo('alreadyLoggedIn'),
  linkTo('forgetPassword'),
  linkTo('otpReset'),
  linkTo('newPassword'),
];

/** Longer than any path of ours: a next that long is not one we wrote. */
const MAX_LENGTH = 2000;
const ORIGIN = 'http://return-path.invalid';

/** `raw` as a path of this site (its path, query and fragment) when it is safe to go to, else null. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.includes('//') || raw.includes('\\')) return null;
  // Browsers drop tabs and line breaks from URLs ('/\t/evil.example' is '//evil.example').
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\s\u0000-\u001f\u007f]/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (notReturnedTo().includes(path)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The safe `next` of a location's query string, or null. */
export function nextFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get('next'));
}
