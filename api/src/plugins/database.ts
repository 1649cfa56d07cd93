import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrations';
import type { Database } from '../db/schema';
import { randomSecret } from '../lib/crypto';
import { pruneRateLimits } from '../lib/ratelimit';

/** How often rate-limit counters of long-finished windows are dropped. */
const RATE_LIMIT_PRUNE_MS = 10 * 60 * 1000;

/**
 * Opens the database (PGlite folder under a lock, or PostgreSQL), migrates it, reads the token
 * secret, seeds the demo data on a first start and starts `app.ctx` with the database part (the
 * later plugins add theirs). `app.close()` closes the database, after every later plugin's close.
 */
export const database = fp<{ config: Config }>(
  async (app, { config }) => {
    const opened = await openDatabase(config, app.log);
    try {
      const applied = await migrateToLatest(opened.db);
      if (applied.length) app.log.info(`Database migrations applied: ${applied.join(', ')}`);
      const secret = config.tokenSecret || (await storedTokenSecret(opened.db));
      await pruneRateLimits(opened.db);
      if (config.seed) await seedDemoDataIfMissing(opened.db, config, app.log);
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

/**
 * The demo catalogue and auctions on a first start. The seeding code (and its picture drawing)
 * is loaded only when a table is still empty: a running server does not carry it otherwise.
 */
async function seedDemoDataIfMissing(db: Kysely<Database>, config: Config, log: FastifyBaseLogger): Promise<void> {
  const [product, auction] = await Promise.all([
    db.selectFrom('products').select('productid').limit(1).executeTakeFirst(),
    db.selectFrom('auctions').select('auctionid').limit(1).executeTakeFirst(),
  ]);
  if (product && auction) return;
  const { seedIfEmpty } = await import('../../seed/seed');
  const { seedAuctionsIfEmpty } = await import('../../seed/auctions');
  const report = (line: string) => log.info(line);
  await seedIfEmpty(db, config, report);
  await seedAuctionsIfEmpty(db, config, report);
}
