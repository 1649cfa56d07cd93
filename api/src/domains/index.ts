import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { accountRoutes } from './account/routes';
import { auctionListRoutes } from './auction-lists/routes';
import { auctionRoutes } from './auctions/routes';
import { catalogueRoutes } from './catalogue/routes';
import { cartRoutes } from './cart/routes';
import { contactRoutes } from './contact/routes';
import { noticeRoutes } from './notices/routes';
import { couponRoutes } from './coupons/routes';
import { orderRoutes } from './orders/routes';
import { productRoutes } from './products/routes';
import { reviewRoutes } from './reviews/routes';
import { salesRoutes } from './sales/routes';
import { sitemapRoutes } from './sitemap/routes';
import { imageRoutes, uploadRoutes } from './uploads/routes';
import { wishlistRoutes } from './wishlist/routes';

/** Every API route (signed-in ones say so with `config.auth`, see plugins/authentication.ts). */
export const apiRoutes = fp(
  async (instance) => {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/health',
      {
        schema: {
          response: {
            200: {
              type: 'object',
              properties: { status: { type: 'integer' }, msg: { type: 'string' }, data: { type: 'string' } },
            },
          },
        },
      },
      async () => {
        await sql`SELECT 1`.execute(app.ctx.db);
        return { status: 200, msg: 'ok', data: app.ctx.dbKind };
      },
    );
    catalogueRoutes(app);
    imageRoutes(app);
    contactRoutes(app);
    cartRoutes(app);
    accountRoutes(app);
    productRoutes(app);
    uploadRoutes(app);
    couponRoutes(app);
    orderRoutes(app);
    salesRoutes(app);
    reviewRoutes(app);
    wishlistRoutes(app);
    auctionRoutes(app);
    auctionListRoutes(app);
    noticeRoutes(app);
    sitemapRoutes(app);
  },
  {
    name: 'routes',
    dependencies: [
      'database',
      'caches',
      'messaging',
      'event-streams',
      'notices',
      'authentication',
      'error-handling',
      'cors',
    ],
  },
);
