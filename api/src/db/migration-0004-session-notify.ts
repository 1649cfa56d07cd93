import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0004_session_notify: every change to a user or a login token NOTIFYs `sessions_changed` with
 * the user's id, from a trigger so that no code path (a route, the operator command, a manual
 * UPDATE) can forget it. API processes keep signed-in users in memory (lib/session-cache.ts)
 * and drop a user's entries on that notification, which arrives at commit.
 */
export const sessionNotifyMigration: Migration = {
  async up(db: Kysely<any>) {
    const statements = [
      `CREATE FUNCTION notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM pg_notify('sessions_changed', OLD.userid::text);
         RETURN NULL;
       END $$`,
      `CREATE TRIGGER users_sessions_changed AFTER UPDATE OR DELETE ON users
         FOR EACH ROW EXECUTE FUNCTION notify_sessions_changed()`,
      `CREATE TRIGGER login_tokens_sessions_changed AFTER UPDATE OR DELETE ON login_tokens
         FOR EACH ROW EXECUTE FUNCTION notify_sessions_changed()`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
