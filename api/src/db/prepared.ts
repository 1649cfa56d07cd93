import type { Kysely, QueryResult, RawBuilder } from 'kysely';

/**
 * Statements that start with this comment run on PostgreSQL as named statements: each
 * connection parses and plans them once, then only binds and executes (for the bid statement
 * this halved the database's CPU time per bid). PGlite reads it as the comment it is.
 */
const MARK = '/* prepared */ ';
/** Distinct texts are few and fixed (the statements of this file's callers); more means misuse. */
const MAX_NAMES = 100;
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_NAMES)
      throw new Error('Too many prepared statements: only statements of a fixed text may be prepared');
    name = `prepared_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a statement of a fixed text (values only in parameters, no variable-length lists) as a
 * prepared statement. Only for hot statements whose best plan does not depend on the values:
 * after a few runs PostgreSQL may keep one generic plan for every value.
 */
export function executePrepared<R>(db: Kysely<any>, query: RawBuilder<R>): Promise<QueryResult<R>> {
  const compiled = query.compile(db);
  return db.executeQuery({ ...compiled, sql: MARK + compiled.sql });
}

interface PgClientQuery {
  query: (...args: any[]) => any;
}

/** Makes one `pg` client run marked statements as named ones (installed on each new pool client). */
export function prepareMarkedStatements(client: PgClientQuery): void {
  const query = client.query;
  client.query = function (this: unknown, text: unknown, values?: unknown, ...rest: unknown[]) {
    if (typeof text === 'string' && text.startsWith(MARK) && rest.length === 0 && typeof values !== 'function') {
      return query.call(this, { name: nameOf(text), text, values });
    }
    return query.call(this, text, values, ...rest);
  };
}
