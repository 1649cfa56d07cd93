import type { SignedInUser } from '../db/schema';
import { NotifiedCache } from './notified-cache';

/** Sent by database triggers (migration 0004) with the user's id when a user or a login token changes. */
export const SESSIONS_CHANNEL = 'sessions_changed';

/** How long a signed-in user is kept without being read again: a bound, should a notification ever be missed unnoticed. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Session {
  user: SignedInUser;
  /** When the login token expires (epoch ms). */
  expiresAt: number;
  keptAt: number;
}

/**
 * The users of live login tokens, kept in memory so a signed-in request does not have to ask the
 * database who it is. Correct across processes the way the catalogue cache is: every process
 * LISTENs on SESSIONS_CHANNEL and drops a user's tokens when the user or any of their tokens
 * changes (sign-out, password change, profile edit); nothing is kept while the listening
 * connection is down, nor a lookup that overlapped a change.
 */
export class SessionCache extends NotifiedCache {
  private readonly entries = new Map<string, Session>();

  /** `now`: the clock token expiry and MAX_AGE_MS are measured on (epoch ms). */
  constructor(private readonly now: () => number = Date.now) {
    super(SESSIONS_CHANNEL);
  }

  /** Tokens answered from memory and tokens read from the database (GET /metrics). */
  readonly lookups = { hits: 0, misses: 0 };

  /** Number of tokens held now. */
  get size(): number {
    return this.entries.size;
  }

  /** The user of the token with this hash, from memory or from `load` (undefined: no live token). */
  async user(
    tokenHash: string,
    load: () => Promise<{ user: SignedInUser; expiresAt: Date } | undefined>,
  ): Promise<SignedInUser | undefined> {
    const now = this.now();
    const hit = this.entries.get(tokenHash);
    if (hit && hit.expiresAt > now && now - hit.keptAt < MAX_AGE_MS) {
      this.lookups.hits += 1;
      return hit.user;
    }
    this.lookups.misses += 1;
    if (hit) this.entries.delete(tokenHash);
    const mark = this.changeMark();
    const found = await load();
    if (!found) return undefined;
    if (this.mayKeep(mark)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(tokenHash, { user: found.user, expiresAt: found.expiresAt.getTime(), keptAt: now });
    }
    return found.user;
  }

  /** Drops the user's tokens here at once (the writing process need not wait for its own notification). */
  forgetUser(userid: number): void {
    this.dropHere(String(userid));
  }

  /** The payload is the user's id; anything else (or none) drops every token. */
  protected drop(payload: string | null): void {
    const userid = payload === null ? NaN : Number(payload);
    if (!Number.isInteger(userid)) {
      this.entries.clear();
      return;
    }
    for (const [key, session] of this.entries) if (session.user.userid === userid) this.entries.delete(key);
  }
}
