import fp from 'fastify-plugin';
import { CatalogueCache } from '../lib/catalogue-cache';
import { SessionCache } from '../lib/session-cache';

/**
 * The caches every API process keeps in memory and drops on the database's notifications: the
 * catalogue's serialised replies and the users of live login tokens (`app.ctx.catalogue`, `app.ctx.sessions`).
 */
export const caches = fp(
  async (app) => {
    const catalogue = new CatalogueCache(app.ctx.config.catalogueCacheBytes);
    await catalogue.start(app.ctx.listen);
    const sessions = new SessionCache();
    await sessions.start(app.ctx.listen);
    Object.assign(app.ctx, { catalogue, sessions });
    app.addHook('onClose', async () => {
      await catalogue.close();
      await sessions.close();
    });
  },
  { name: 'caches', dependencies: ['database'] },
);
