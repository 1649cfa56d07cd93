import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RateLimitRule } from '../config';
import { HttpError } from './errors';

/**
 * Fixed-window counters kept in the database, so every API process behind a load balancer
 * shares them. Each call counts one hit per key (the address; the email from that address; the
 * email from anywhere) and throws 429 when a key is over its limit. A table row per key, its window
 * restarting in place: an address's flood adds rows only until the address is refused.
 */
export async function enforceRateLimit(
  db: Kysely<Database>,
  action: string,
  rule: RateLimitRule,
  keys: { ip: string; email?: string },
  message: string,
  /** How much this request counts (1 by default; e.g. kilobytes for a byte budget). */
  weight = 1,
): Promise<void> {
  const checks: Array<[string, number]> = [[`${action}:ip:${keys.ip}`, rule.perIp]];
  if (keys.email) {
    const email = keys.email.trim().toLowerCase();
    // An email from one address, and (a higher bar) from everywhere: a stranger's attempts from
    // their address do not count against the owner's from theirs.
    checks.push(
      [`${action}:email-ip:${email}|${keys.ip}`, rule.perEmail],
      [`${action}:email:${email}`, rule.perEmailAnywhere],
    );
  }
  let retryAfter = 0;
  for (const [key, max] of checks) {
    const { rows } = await sql<{ hits: number; retry: number }>`
      INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, now(), ${weight})
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                    THEN ${weight} ELSE rate_limits.hits + ${weight} END,
        window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                    THEN now() ELSE rate_limits.window_start END
      RETURNING hits,
        GREATEST(1, ceil(extract(epoch FROM (window_start + make_interval(secs => ${rule.windowSeconds}) - now()))))::int AS retry`.execute(
      db,
    );
    const row = rows[0];
    if (row && row.hits > max) retryAfter = Math.max(retryAfter, row.retry);
    // A refused address counts nothing more: its attempts add no rows, whatever emails they name
    // (a flood of new emails would otherwise add two rows each), and do not count against them.
    if (retryAfter > 0 && key === checks[0]![0]) break;
  }
  if (retryAfter > 0) {
    const minutes = Math.ceil(retryAfter / 60);
    throw new HttpError(429, `${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, null, {
      'retry-after': String(retryAfter),
    });
  }
}

/** Drops counters of windows long over. */
export async function pruneRateLimits(db: Kysely<Database>): Promise<void> {
  await sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`.execute(db);
}
