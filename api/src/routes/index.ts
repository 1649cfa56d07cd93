import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { accountRoutes } from '../domains/account/routes';
import { auctionRoutes } from '../domains/auctions/routes';
import { catalogueRoutes } from '../domains/catalogue/routes';
import { cartRoutes } from './cart';
import { contactRoutes } from './contact';
import { couponRoutes } from './coupons';
import { imageRoutes } from './images';
import { orderRoutes } from './orders';
import { productRoutes } from './products';
import { reviewRoutes } from './reviews';
import { uploadRoutes } from './uploads';
import { wishlistRoutes } from './wishlist';

/** Every API route (signed-in ones say so with `config.auth`, see plugins/authentication.ts). */
export const apiRoutes = fp(
  async (instance) => {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    app.get('/health', { schema: { response: { 200: { type: 'object', properties: { status: { type: 'integer' }, msg: { type: 'string' }, data: { type: 'string' } } } } } }, async () => {
      await sql`SELECT 1`.execute(app.ctx.db);
      return { status: 200, msg: 'ok', data: app.ctx.dbKind };
    });
    catalogueRoutes(app);
    imageRoutes(app);
    contactRoutes(app);
    cartRoutes(app);
    accountRoutes(app);
    productRoutes(app);
    uploadRoutes(app);
    couponRoutes(app);
    orderRoutes(app);
    reviewRoutes(app);
    wishlistRoutes(app);
    auctionRoutes(app);
  },
  { name: 'routes', dependencies: ['database', 'caches', 'messaging', 'authentication', 'error-handling', 'cors'] },
);
