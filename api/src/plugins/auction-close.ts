import fp from 'fastify-plugin';
import { CloseSweeper } from '../domains/auctions/close';

/** The automatic close of due auction items (`app.ctx.closeSweeper`): sweeps once the app is ready, then every AUCTION_CLOSE_SWEEP_MS; stopped at close. */
export const auctionClose = fp(
  async (app) => {
    const { config, db, auctionEvents } = app.ctx;
    // A closed item's notices are committed with it: the mail dispatcher (plugins/notices.ts) is woken at once.
    const closeSweeper = new CloseSweeper(
      db,
      config,
      (event) => {
        auctionEvents.publish(event);
        app.ctx.noticeMail.wake();
      },
      app.log,
    );
    Object.assign(app.ctx, { closeSweeper });
    app.addHook('onReady', async () => closeSweeper.start());
    app.addHook('onClose', async () => closeSweeper.stop());
  },
  { name: 'auction-close', dependencies: ['database', 'messaging'] },
);
