import fp from 'fastify-plugin';
import { AuctionEventPublisher } from '../domains/auctions/event-bus';
import { createMailer } from '../lib/mailer';
import { StorefrontLinks } from '../lib/storefront-links';

/**
 * What the API sends out: mail (SMTP or the outbox folder), with its links from the storefront's live
 * link table, and auction events to every process (`app.ctx.mailer`, `storefrontLinks`, `auctionEvents`).
 */
export const messaging = fp(
  async (app) => {
    const { config, db } = app.ctx;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      from: config.mailFrom,
      log: app.log,
    });
    const storefrontLinks = new StorefrontLinks(config.storefrontUrl, { log: app.log });
    const auctionEvents = new AuctionEventPublisher(db, app.log);
    Object.assign(app.ctx, { mailer, storefrontLinks, auctionEvents });
    app.addHook('onClose', async () => {
      await auctionEvents.flushed();
      await mailer.close();
    });
  },
  { name: 'messaging', dependencies: ['database'] },
);
