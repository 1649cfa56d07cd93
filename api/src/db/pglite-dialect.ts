// Kysely's PGlite dialect (its 0.29 PGliteDialect, MIT, rewritten for kysely 0.28). Kysely 0.29
// ships it but requires Node 22, and our machines run Node 20: on Node 22 this file goes and
// connect.ts imports PGliteDialect from 'kysely' again.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

export class PGliteDialect implements Dialect {
  constructor(private readonly config: { pglite: PGlite }) {}

  createAdapter() {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.config.pglite);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteAdapter extends PostgresAdapter {
  // One connection, held by the migrator from lock to unlock: no advisory lock needed.
  override async acquireMigrationLock(): Promise<void> {}

  override async releaseMigrationLock(): Promise<void> {}
}

/** PGlite is one connection: Kysely's queries take turns on it, a transaction holding it throughout. */
class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private busy: Promise<void> | undefined;
  private free: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    if (this.pglite.closed) throw new Error('PGlite instance is already closed.');
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.busy) await this.busy;
    this.busy = new Promise((resolve) => (this.free = resolve));
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const free = this.free;
    this.busy = undefined;
    this.free = undefined;
    free?.();
  }

  beginTransaction() {
    return this.connection.begin();
  }

  commitTransaction() {
    return this.connection.commit();
  }

  rollbackTransaction() {
    return this.connection.rollback();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  private transaction: Transaction | undefined;
  private finish: ((commit: boolean) => void) | undefined;
  private finished: Promise<unknown> | undefined;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.transaction ?? this.pglite).query<R>(query.sql, [...query.parameters], {
      rowMode: 'object',
    });
    return { numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined, rows: rows ?? [] };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** PGlite's own transaction, which also keeps its direct users (LISTEN) out until it ends. */
  async begin(): Promise<void> {
    await new Promise<void>((begun, failed) => {
      this.finished = this.pglite.transaction(async (tx) => {
        this.transaction = tx;
        begun();
        const commit = await new Promise<boolean>((resolve) => (this.finish = resolve));
        if (!commit) throw new Error('rolled back'); // PGlite rolls back when the callback throws
      });
      this.finished.catch(failed);
    });
  }

  async commit(): Promise<void> {
    this.finish?.(true);
    try {
      await this.finished;
    } finally {
      this.reset();
    }
  }

  async rollback(): Promise<void> {
    this.finish?.(false);
    try {
      await this.finished?.catch(() => {});
    } finally {
      this.reset();
    }
  }

  private reset() {
    this.transaction = undefined;
    this.finish = undefined;
    this.finished = undefined;
  }
}
