import type { Config } from '../config';
import { openDatabase, type OpenDatabase } from './connect';
import { migrateToLatest } from './migrations';
import { secondsSince, type Report } from './progress';

/**
 * The database phase of a start: opens the database (creating a new PGlite folder), applies the
 * migrations and, when a table is still empty, seeds the demo data. On a first start this takes
 * from seconds to a minute, so buildApp runs it before the plugins, whose start Fastify bounds
 * with a timeout meant for quick work. Says what it does through `report`; closes the database
 * if it fails.
 */
export async function prepareDatabase(
  config: Config,
  report: Report,
  log?: { warn(obj: object, msg: string): void },
): Promise<OpenDatabase> {
  const started = Date.now();
  let told = 0;
  const tell: Report = (line) => {
    told++;
    report(line);
  };
  const opened = await openDatabase(config, log, tell);
  try {
    const migrating = Date.now();
    const applied = await migrateToLatest(opened.db);
    if (applied.length) tell(`Database migrations applied: ${applied.join(', ')} (${secondsSince(migrating)})`);
    if (config.seed) await seedDemoDataIfMissing(opened.db, config, tell);
    if (told) report(`Database ready (${secondsSince(started)})`);
    return opened;
  } catch (e) {
    await opened.close();
    throw e;
  }
}

/**
 * The demo catalogue and auctions, each seeded in one transaction (see seed/). The seeding code
 * (and its picture drawing) is loaded only when a table is still empty: a running server does not
 * carry it otherwise.
 */
async function seedDemoDataIfMissing(db: OpenDatabase['db'], config: Config, report: Report): Promise<void> {
  const [product, auction] = await Promise.all([
    db.selectFrom('products').select('productid').limit(1).executeTakeFirst(),
    db.selectFrom('auctions').select('auctionid').limit(1).executeTakeFirst(),
  ]);
  if (product && auction) return;
  const { seedIfEmpty } = await import('../../seed/seed');
  const { seedAuctionsIfEmpty } = await import('../../seed/auctions');
  await seedIfEmpty(db, config, report);
  await seedAuctionsIfEmpty(db, config, report);
}
