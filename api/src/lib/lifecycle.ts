import { sql, type Kysely } from 'kysely';
import { OPERATIONS_TEXTS } from '@marketplace/contract';
import type { Database } from '../db/schema';
import { MIGRATION_NAMES } from '../db/migrations';

/** A readiness probe gives the database this long to answer before it says not ready. */
const PROBE_TIMEOUT_MS = 2000;

export type Readiness = { ready: true; migrations: number } | { ready: false; reason: string };

/**
 * Where the process is in its life, for GET /readyz: ready while it can serve; not ready once
 * shutdown has begun (load balancers stop sending it requests) or when the database does not
 * answer or lacks a migration this code needs. Cheap: once every migration was seen, a probe is
 * one `SELECT 1` (migrations are never undone; a newer process may add more, which is fine).
 */
export class Lifecycle {
  private shutdownStarted = false;
  private migrated = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Whether shutdown has begun. */
  get shuttingDown(): boolean {
    return this.shutdownStarted;
  }

  /** From now on /readyz answers 503 (called first thing on SIGTERM). */
  beginShutdown(): void {
    this.shutdownStarted = true;
  }

  async readiness(): Promise<Readiness> {
    if (this.shutdownStarted) return { ready: false, reason: OPERATIONS_TEXTS.shuttingDown };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), PROBE_TIMEOUT_MS);
      timer.unref();
    });
    try {
      const answer = await Promise.race([this.probe(), timeout]);
      if (answer === 'timeout') return { ready: false, reason: OPERATIONS_TEXTS.databaseUnreachable };
      if (answer.length) return { ready: false, reason: OPERATIONS_TEXTS.notMigrated(answer) };
      // Shutdown may have begun while the database answered.
      if (this.shutdownStarted) return { ready: false, reason: OPERATIONS_TEXTS.shuttingDown };
      return { ready: true, migrations: this.migrated };
    } catch {
      return { ready: false, reason: OPERATIONS_TEXTS.databaseUnreachable };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The migrations this code knows that the database lacks (none: only reachability is checked). */
  private async probe(): Promise<string[]> {
    if (this.migrated) {
      await sql`SELECT 1`.execute(this.db);
      return [];
    }
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(this.db);
    const applied = new Set(rows.map((r) => r.name));
    const pending = MIGRATION_NAMES.filter((name) => !applied.has(name));
    if (!pending.length) this.migrated = applied.size;
    return pending;
  }
}
