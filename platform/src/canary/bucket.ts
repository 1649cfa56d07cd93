import { createHash, randomBytes } from 'node:crypto';

/**
 * Which visitors a canary serves. A new visitor gets a random id in a session cookie; their bucket
 * for a front end (0–99) is a hash of the id and the front end's name, so a visitor keeps their
 * release for the session, and two front ends' canaries reach independent shares of visitors.
 * The id is random and names nobody; it is never stored on the server.
 */
export const VISITOR_COOKIE = 'mkt_visitor';
const VISITOR_ID = /^[0-9a-f]{32}$/;

export function newVisitorId(): string {
  return randomBytes(16).toString('hex');
}

/** The visitor id in a Cookie header, or undefined when there is none (or it is not one of ours). */
export function visitorIdOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === VISITOR_COOKIE && value && VISITOR_ID.test(value)) return value;
  }
  return undefined;
}

/** The Set-Cookie value that gives a new visitor their id: for the session, for every path. */
export function visitorCookie(id: string, secure: boolean): string {
  return `${VISITOR_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The visitor's bucket (0–99) for a front end. */
export function bucketOf(visitorId: string, frontEnd: string): number {
  return createHash('sha256').update(`${frontEnd}:${visitorId}`).digest().readUInt32BE(0) % 100;
}

/** Whether a canary of `percent` % serves this visitor. */
export function servesCanary(visitorId: string, frontEnd: string, percent: number): boolean {
  return bucketOf(visitorId, frontEnd) < percent;
}
