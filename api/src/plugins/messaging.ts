import fp from 'fastify-plugin';
import { AuctionEventPublisher } from '../domains/auctions/event-bus';
import { createMailer } from '../lib/mailer';

/** What the API sends out: mail (SMTP or the outbox folder) and auction events to every process (`app.ctx.mailer`, `app.ctx.auctionEvents`). */
export const messaging = fp(
  async (app) => {
    const { config, db } = app.ctx;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      from: config.mailFrom,
      log: app.log,
    });
    const auctionEvents = new AuctionEventPublisher(db, app.log);
    Object.assign(app.ctx, { mailer, auctionEvents });
    app.addHook('onClose', async () => {
      await auctionEvents.flushed();
      await mailer.close();
    });
  },
  { name: 'messaging', dependencies: ['database'] },
);
