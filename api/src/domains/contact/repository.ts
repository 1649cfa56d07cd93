import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Keeps a contact message (texts trimmed); false when the same email, subject and message are already kept. */
export async function insertContactMessage(
  db: Kysely<Database>,
  m: { email: string; name: string; subject: string; msg: string },
): Promise<boolean> {
  const { rows } = await sql<{ contactid: number }>`
    INSERT INTO contact_messages (email, name, subject, msg)
    VALUES (${m.email.trim()}, ${m.name.trim()}, ${m.subject.trim()}, ${m.msg.trim()})
    ON CONFLICT (lower(email), md5(subject), md5(msg)) DO NOTHING
    RETURNING contactid`.execute(db);
  return rows.length > 0;
}
