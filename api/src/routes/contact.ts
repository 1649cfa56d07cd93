import { sql } from 'kysely';
import { ContactMessage, MessageReply } from '@marketplace/shared/contract';
import type { App } from '../context';
import { conflict } from '../lib/errors';
import { enforceRateLimit } from '../lib/ratelimit';
import { replies } from './common';

export function contactRoutes(app: App) {
  const { db, config } = app.ctx;
  app.post('/contact', { schema: { body: ContactMessage, response: replies(MessageReply) } }, async (req) => {
    const { email, name, subject } = req.body;
    const msg = req.body.msg ?? '';
    await enforceRateLimit(db, 'contact', config.rateLimits.contact, { ip: req.ip, email }, 'Too many messages from your address.');
    const { rows } = await sql<{ contactid: number }>`
      INSERT INTO contact_messages (email, name, subject, msg)
      VALUES (${email.trim()}, ${name.trim()}, ${subject.trim()}, ${msg.trim()})
      ON CONFLICT (lower(email), md5(subject), md5(msg)) DO NOTHING
      RETURNING contactid`.execute(db);
    if (!rows.length) throw conflict('We have already received this message from you; we will get back to you soon');
    return { status: 200, msg: 'Thank you for contacting us', data: null };
  });
}
