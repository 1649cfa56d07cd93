import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from './pglite-dialect';
import type { Config } from '../config';
import type { Database } from './schema';
import { acquireDirLock, type DirLock } from './lock';
import { prepareMarkedStatements } from './prepared';
import { pgliteListen, postgresListen, type ListenFn } from './listen';
import { secondsSince, type Report } from './progress';

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a notification channel (see db/listen.ts); resolves the function that stops listening. */
  listen: ListenFn;
  /** Closes the connections and releases the PGlite folder lock. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * PGlite (embedded, in config.dataDir, under an exclusive lock) or a PostgreSQL server
 * (config.databaseUrl). Same SQL and migrations for both. Creating a new PGlite folder (its
 * initdb) takes seconds: `report` is told.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log?: { warn(obj: object, msg: string): void },
  report?: Report,
): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const { Pool, types } = await import('pg');
    // int8 (count(*), sums) as numbers: our counts are far below 2^53.
    types.setTypeParser(20, (v: string) => Number(v));
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection that the server closes (restart, failover, pg_terminate_backend) is
    // dropped by the pool and replaced at the next query. Without a listener the pool's 'error'
    // event would be unhandled and kill the whole API process.
    pool.on('error', (err) =>
      log?.warn({ err }, 'An idle database connection was closed by the server; it will be replaced'),
    );
    pool.on('connect', prepareMarkedStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      listen: postgresListen(config.databaseUrl),
      async close() {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  }

  const lock: DirLock = acquireDirLock(config.dataDir);
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const { PGlite, types } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // PGlite writes PG_VERSION once its initdb is complete (an interrupted one is made again).
    const creating = !fs.existsSync(path.join(config.dataDir, 'PG_VERSION'));
    const started = Date.now();
    if (creating) report?.(`Creating the database in ${config.dataDir} (first start)…`);
    const pglite = await PGlite.create({
      dataDir: config.dataDir,
      extensions: { pg_trgm },
      parsers: { [types.INT8]: (v: string) => Number(v) },
    });
    if (creating) report?.(`Database created (${secondsSince(started)})`);
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: pglite as never }) });
    let closed = false;
    return {
      db,
      kind: 'pglite',
      listen: pgliteListen(pglite),
      async close() {
        if (closed) return;
        closed = true;
        try {
          await db.destroy();
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}
