import { sql, type Kysely } from 'kysely';

/**
 * What a REJECTED request may legitimately change, and why. Everything else in every table of
 * the database (found in the catalogue, so new tables are covered by themselves) must stay
 * byte-for-byte the same after a 4xx.
 */
export const SNAPSHOT_EXCLUSIONS = {
  /** Whole tables. */
  tables: {
    // Brute-force counters: counting rejected attempts (wrong password 404, wrong code 400,
    // the 429s themselves, refused uploads) is their whole purpose.
    rate_limits: 'rate-limit counters count rejected attempts by design',
  } as Record<string, string>,
  /** Single columns (table.column). */
  columns: {
    // A wrong reset code (400, data false) is counted on its reset row; after
    // OTP_MAX_WRONG_TRIES the reset is dead. Nothing else of the row may change.
    'password_resets.failed_attempts': 'a wrong OTP (400) is counted on its reset row by design',
    // The mail dispatcher of every process sends queued notices in the background, whatever
    // request is being answered meanwhile: a notice's mail state moves on by itself.
    'notices.mail_state': 'the background mail dispatcher sends queued notices',
    'notices.mail_attempts': 'the background mail dispatcher sends queued notices',
    'notices.mail_claimed_until': 'the background mail dispatcher sends queued notices',
    'notices.mailed_at': 'the background mail dispatcher sends queued notices',
  } as Record<string, string>,
};

export interface TableState {
  rows: number;
  hash: string;
}
export type Snapshot = Record<string, TableState>;

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

/**
 * Builds one query that returns, for every table of the public schema, its row count and a hash.
 * The hash covers each live row version, (ctid, xmin): any INSERT, UPDATE or DELETE that
 * committed changes it, even one writing identical values, at a fraction of the cost of reading
 * every value (images are megabytes). Tables with an excluded column are hashed by content
 * instead (md5 of each row's other values, order-independent), so that column may change.
 */
export async function snapshotQuery(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<Column>`
    SELECT c.table_name, c.column_name, c.data_type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, { cols: string[]; byContent: boolean }>();
  for (const c of rows) {
    if (SNAPSHOT_EXCLUSIONS.tables[c.table_name]) continue;
    const t = tables.get(c.table_name) ?? { cols: [], byContent: false };
    tables.set(c.table_name, t);
    if (SNAPSHOT_EXCLUSIONS.columns[`${c.table_name}.${c.column_name}`]) {
      t.byContent = true;
      continue;
    }
    const col = `x.${JSON.stringify(c.column_name)}`;
    t.cols.push(`coalesce(${c.data_type === 'bytea' ? `md5(${col})` : `${col}::text`}, '<null>')`);
  }
  if (!tables.size) throw new Error('snapshot: no tables found');
  return [...tables.entries()]
    .map(([table, { cols, byContent }]) => {
      const name = JSON.stringify(table);
      const head = `SELECT ${sqlString(table)} AS t, count(*)::int AS n, `;
      return byContent
        ? `${head}coalesce(md5(string_agg(h, '' ORDER BY h)), '') AS h FROM (SELECT md5(concat_ws('|', ${cols.join(', ')})) AS h FROM ${name} x) s`
        : `${head}coalesce(md5(string_agg(x.ctid::text || x.xmin::text, ',' ORDER BY x.ctid)), '') AS h FROM ${name} x`;
    })
    .join('\nUNION ALL\n');
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

export async function takeSnapshot(db: Kysely<any>, query: string): Promise<Snapshot> {
  const { rows } = await sql<{ t: string; n: number; h: string }>`${sql.raw(query)}`.execute(db);
  const out: Snapshot = {};
  for (const r of rows) out[r.t] = { rows: Number(r.n), hash: r.h };
  return out;
}

/** The tables whose count or content differ, for a readable failure. */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const out: string[] = [];
  for (const n of names) {
    const a = before[n];
    const b = after[n];
    if (!a || !b || a.rows !== b.rows || a.hash !== b.hash)
      out.push(
        `${n}: ${a?.rows ?? '-'} → ${b?.rows ?? '-'} rows${a && b && a.rows === b.rows ? ' (content changed)' : ''}`,
      );
  }
  return out;
}
