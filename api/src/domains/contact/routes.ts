import { ContactMessage, MessageReply } from '@marketplace/contract';
import type { App } from '../../context';
import { conflict } from '../../lib/errors';
import { enforceRateLimit } from '../../lib/ratelimit';
import { replies } from '../../lib/replies';
import { insertContactMessage } from './repository';
import { CONTACT_MESSAGES } from './rules';

export function contactRoutes(app: App) {
  const { db, config } = app.ctx;
  app.post('/contact', { schema: { body: ContactMessage, response: replies(MessageReply) } }, async (req) => {
    const { email, name, subject } = req.body;
    await enforceRateLimit(db, 'contact', config.rateLimits.contact, { ip: req.ip, email }, CONTACT_MESSAGES.tooMany);
    if (!(await insertContactMessage(db, { email, name, subject, msg: req.body.msg ?? '' })))
      throw conflict(CONTACT_MESSAGES.duplicate);
    return { status: 200, msg: CONTACT_MESSAGES.received, data: null };
  });
}
