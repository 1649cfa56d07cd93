import fp from 'fastify-plugin';
import { VariantMaker } from '../domains/uploads/variant-maker';
import { notifyCatalogueChanged } from '../lib/catalogue-cache';

/**
 * The WebP and AVIF copies of stored photos (`app.ctx.imageVariants`): made for each upload, and
 * for photos stored without them by a backfill that starts once the API answers (it never holds
 * a start back) and goes on in the background. Replies that already showed such a photo are
 * dropped from every process's caches as copies are made. Stopped before the database closes.
 */
export const imageVariants = fp(
  async (app) => {
    const { db } = app.ctx;
    const maker = new VariantMaker(db, app.log, async () => {
      await notifyCatalogueChanged(db);
      app.ctx.catalogue.forgetAll();
    });
    Object.assign(app.ctx, { imageVariants: maker });
    app.addHook('onReady', async () => maker.start());
    app.addHook('preClose', async () => maker.stop());
  },
  { name: 'image-variants', dependencies: ['database', 'caches'] },
);
