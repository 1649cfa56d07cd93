import fp from 'fastify-plugin';
import { AuctionEventHub } from '../domains/auctions/event-bus';
import { EventStreams } from '../lib/event-streams';

/**
 * What the process's server-sent event streams share (`app.ctx.eventStreams`, `app.ctx.auctionHub`):
 * their caps (per process and per client address, every stream counted together: GET
 * /auctionevents/:id and GET /catalogue/changes) and the one LISTEN on auction events, started by
 * the first stream that needs it. Streams are ended before the server closes (it would wait for them).
 */
export const eventStreams = fp(
  async (app) => {
    const { config, listen } = app.ctx;
    const auctionHub = new AuctionEventHub(listen, app.log);
    const streams = new EventStreams(config.auctions);
    Object.assign(app.ctx, { auctionHub, eventStreams: streams });
    app.addHook('preClose', async () => {
      streams.close();
      await auctionHub.close();
    });
  },
  { name: 'event-streams', dependencies: ['database'] },
);
