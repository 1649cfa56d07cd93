import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from '../src/lib/mailer';
import { startSmtp, type TestSmtp } from './helpers/smtp';

const quiet = () => undefined;
const silent = { info: quiet, warn: quiet, error: quiet } as unknown as FastifyBaseLogger;

describe('mail over SMTP', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers every mail of a burst over a few reused connections, not one connection per mail', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir: '/nonexistent',
      from: 'shop@example.com',
      log: silent,
    });
    const before = smtp.connections;
    for (let i = 0; i < 30; i++)
      mailer.sendLater({ to: `buyer${i}@example.com`, subject: `Order #${i} placed`, text: 'Thank you' });
    await mailer.close();
    expect(smtp.mails.filter((m) => m.to[0]?.startsWith('buyer'))).toHaveLength(30);
    expect(smtp.connections - before).toBeLessThanOrEqual(5);
  });
});
