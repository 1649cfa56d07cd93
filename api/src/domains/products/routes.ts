import {
  AuthHeaders,
  CreateProductBody,
  CreateProductReply,
  IdParams,
  MY_PRODUCTS_PAGE,
  MessageReply,
  MyProductsPageQuery,
  MyProductsPageReply,
  SELLER_MESSAGES,
  UpdateProductBody,
  type Product,
} from '@marketplace/contract';
import type { FastifyRequest } from 'fastify';
import { publicBase, type App } from '../../context';
import { badRequest } from '../../lib/errors';
import { decodeCursor, pageLimit } from '../../lib/paging';
import { enforceRateLimit } from '../../lib/ratelimit';
import { replies } from '../../lib/replies';
import { toOwnProduct, type ProductRow } from '../catalogue/repository';
import { photoSourcesOf } from '../uploads/sources';
import { areStoredPngs } from '../uploads/repository';
import { mailBackInStock } from '../wishlist/back-in-stock';
import { mailPriceDrop } from '../wishlist/price-drop';
import { deleteProduct, insertProduct, ownProduct, sellerPage, updateProduct } from './repository';
import { FOREIGN_PHOTO, productTerms, type ProductValues } from './rules';

/**
 * POST /product lists a product for sale; a seller's own listings: GET /myproducts, GET
 * /myproducts/{id} (with the exact stock), PUT and DELETE /product/{id} (403 for anyone else's). The seller is always the caller; a `userid` in
 * a body is ignored. Every change reaches every process's catalogue cache with its commit, and
 * this process's at once (its own notification arrives later: its next read must see the change).
 */
export function productRoutes(app: App) {
  const { db, config, catalogue, mailer } = app.ctx;
  // Price-drop and back-in-stock mails still being handed to the mailer: a closing app waits for them.
  const mailing = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...mailing]);
  });

  /** 429 past the seller's product writes of the hour (listings, changes and removals together). */
  function countProductWrite(req: FastifyRequest): Promise<void> {
    const limit = config.productWritesPerHour;
    return enforceRateLimit(
      db,
      'product-write',
      // Per seller, not per address (many sellers may share one).
      { perIp: 1_000_000_000, perEmail: limit, perEmailAnywhere: limit, windowSeconds: 3600 },
      { ip: req.ip, email: `user:${req.user.userid}` },
      SELLER_MESSAGES.tooMany,
    );
  }

  /** The values of a product the seller sent, its photos stored PNGs of this API; or 400. */
  async function checkedProduct(req: FastifyRequest, body: UpdateProductBody): Promise<ProductValues> {
    const base = publicBase(config, req);
    const { values, hashes } = productTerms(body, [base, ...(config.publicUrl ? [config.publicUrl] : [])]);
    if (!(await areStoredPngs(db, hashes))) throw badRequest(FOREIGN_PHOTO);
    return values;
  }

  /** A seller's product as the replies show it, with its photo's copies. */
  async function sellerView(row: ProductRow, base: string): Promise<Product> {
    return toOwnProduct(row, base, await photoSourcesOf(db, base, [row.photo_hash]));
  }

  app.post(
    '/product',
    {
      schema: { headers: AuthHeaders, body: CreateProductBody, response: replies(CreateProductReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      await countProductWrite(req);
      const row = await insertProduct(db, req.user.userid, await checkedProduct(req, req.body));
      catalogue.forgetAll();
      return { status: 200, msg: 'Product Added Successfully', data: await sellerView(row, publicBase(config, req)) };
    },
  );

  app.get(
    '/myproducts',
    {
      schema: { headers: AuthHeaders, querystring: MyProductsPageQuery, response: replies(MyProductsPageReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const limit = pageLimit(req.query, MY_PRODUCTS_PAGE);
      const before = decodeCursor(req.query.cursor, ['int'])?.[0];
      const page = await sellerPage(db, req.user.userid, limit, before);
      const base = publicBase(config, req);
      const sources = await photoSourcesOf(
        db,
        base,
        page.rows.map((r) => r.photo_hash),
      );
      return {
        status: 200,
        msg: page.rows.length || before !== undefined ? 'Your products' : 'You have not listed any products yet',
        data: page.rows.map((r) => toOwnProduct(r, base, sources)),
        next: page.next,
      };
    },
  );

  /** One of the caller's own listings with its exact stock (Edit Product starts from it); 403 anyone else's. */
  app.get(
    '/myproducts/:id',
    {
      schema: { headers: AuthHeaders, params: IdParams, response: replies(CreateProductReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const row = await ownProduct(db, req.params.id, req.user.userid);
      return { status: 200, msg: 'Your product', data: await sellerView(row, publicBase(config, req)) };
    },
  );

  app.put(
    '/product/:id',
    {
      schema: {
        headers: AuthHeaders,
        params: IdParams,
        body: UpdateProductBody,
        response: replies(CreateProductReply),
      },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      await countProductWrite(req);
      const values = await checkedProduct(req, req.body);
      const { row, was, stockWas } = await updateProduct(db, req.params.id, req.user.userid, values);
      catalogue.forgetAll();
      // After the commit: a mail failure never fails the change.
      const later = (what: string, task: Promise<unknown>) => {
        const tracked = task.then(
          () => undefined,
          (err: unknown) => req.log.error({ err }, `Could not mail the ${what}`),
        );
        mailing.add(tracked);
        void tracked.finally(() => mailing.delete(tracked));
      };
      if (values.price < was)
        later('price drop', mailPriceDrop(db, mailer, app.ctx.storefrontLinks, row, was, values.price));
      if (stockWas === 0 && row.stock > 0)
        later('back-in-stock news', mailBackInStock(db, mailer, app.ctx.storefrontLinks, row));
      return { status: 200, msg: SELLER_MESSAGES.updated, data: await sellerView(row, publicBase(config, req)) };
    },
  );

  app.delete(
    '/product/:id',
    {
      schema: { headers: AuthHeaders, params: IdParams, response: replies(MessageReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      await countProductWrite(req);
      await deleteProduct(db, req.params.id, req.user.userid);
      catalogue.forgetAll();
      return { status: 200, msg: SELLER_MESSAGES.removed, data: null };
    },
  );
}
