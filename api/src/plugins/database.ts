import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { OpenDatabase } from '../db/connect';
import type { Database } from '../db/schema';
import { randomSecret } from '../lib/crypto';
import { pruneRateLimits } from '../lib/ratelimit';

/** How often rate-limit counters of long-finished windows are dropped. */
const RATE_LIMIT_PRUNE_MS = 10 * 60 * 1000;

/**
 * Takes the database buildApp opened (created, migrated and seeded before the plugins: see
 * db/prepare.ts), reads the token secret and starts `app.ctx` with the database part (the later
 * plugins add theirs). `app.close()` closes the database, after every later plugin's close.
 */
export const database = fp<{ config: Config; opened: OpenDatabase }>(
  async (app, { config, opened }) => {
    try {
      const secret = config.tokenSecret || (await storedTokenSecret(opened.db));
      await pruneRateLimits(opened.db);
      // The rest of the context comes with the plugins that make it (their fastify-plugin dependencies keep the order).
      const ctx: Pick<AppContext, 'config' | 'db' | 'dbKind' | 'listen' | 'secret'> = {
        config,
        db: opened.db,
        dbKind: opened.kind,
        listen: opened.listen,
        secret,
      };
      app.decorate('ctx', ctx as AppContext);
    } catch (e) {
      await opened.close();
      throw e;
    }

    // Counters of windows long over are dropped while running too, not only at start-up.
    const pruning = setInterval(() => {
      pruneRateLimits(opened.db).catch((err: unknown) => app.log.warn({ err }, 'Could not prune rate-limit counters'));
    }, RATE_LIMIT_PRUNE_MS);
    pruning.unref();
    app.addHook('onClose', async () => {
      clearInterval(pruning);
      await opened.close();
    });
  },
  { name: 'database' },
);

/** The HMAC key of anonymous tokens and OTP hashes when TOKEN_SECRET is not set: made once, kept in the database. */
async function storedTokenSecret(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: 'token_secret', value: randomSecret() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'token_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
