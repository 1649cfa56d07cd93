import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CategoryListReply,
  IdParams,
  PAGE_SIZES,
  ProductListReply,
  ProductPageQuery,
  ProductPageReply,
  ProductReply,
  ProductSearch,
  ProductSearchReply,
  SEARCH_PAGE_SIZE,
  TRENDING_SIZE,
  TrendingQuery,
} from '@marketplace/contract';
import { publicBase, type App } from '../../context';
import { notFound } from '../../lib/errors';
import { decodeCursor, pageLimit } from '../../lib/paging';
import { notModified, variantFor, type CachedReply } from '../../lib/catalogue-cache';
import { eventStreamReplies, replies } from '../../lib/replies';
import { photoSourcesOf } from '../uploads/sources';
import { categoriesKey, pageKey, productKey, trendingKey } from './cache-keys';
import { CatalogueChangeFeed, openCatalogueChanges } from './changes';
import { categoryTitles, productById, productPage, productSearch, toProduct, trendingProducts } from './repository';

/** TOP TRENDING follows orders and cart adds: a ranking at most this old is answered from memory. */
const TRENDING_MAX_AGE_MS = 60_000;

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A cached JSON reply in the encoding the request accepts (already compressed: @fastify/compress
 * leaves a reply that has a Content-Encoding alone, and one the request takes as it is, since it
 * negotiates as acceptedEncoding does), or 304 when the client already holds this version.
 */
function sendCached(req: FastifyRequest, reply: FastifyReply, cached: CachedReply): FastifyReply {
  const variant = variantFor(cached, req.headers['accept-encoding']);
  void reply.header('etag', variant.etag).header('cache-control', 'no-cache');
  if (cached.br) {
    const vary = reply.getHeader('vary');
    void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  }
  if (notModified(req.headers['if-none-match'], variant.etag)) return reply.code(304).send();
  if (variant.encoding) void reply.header('content-encoding', variant.encoding);
  return reply.type(JSON_TYPE).send(variant.body);
}

/**
 * The catalogue's reads. The list, trending, categories and product reads answer from the
 * catalogue cache (lib/catalogue-cache.ts), with an ETag so a browser revalidates with a 304
 * instead of downloading the list again; plugins/catalogue-fast-path.ts answers the cached list
 * and product reads before routing.
 */
export function catalogueRoutes(app: App) {
  const { db, config, catalogue } = app.ctx;
  const searchProducts = productSearch(db);
  const changes = new CatalogueChangeFeed(catalogue, app.ctx.auctionHub);
  app.addHook('onClose', async () => changes.close());

  app.get(
    '/products',
    { schema: { querystring: ProductPageQuery, response: replies(ProductPageReply) } },
    async (req, reply) => {
      const base = publicBase(config, req);
      const limit = pageLimit(req.query, PAGE_SIZES.products);
      const [after] = decodeCursor(req.query.cursor, ['int']) ?? [0];
      const cached = await catalogue.get(pageKey(base, limit, after), async () => {
        const page = await productPage(db, limit, after);
        const sources = await photoSourcesOf(
          db,
          base,
          page.rows.map((r) => r.photo_hash),
        );
        return JSON.stringify({
          status: 200,
          msg: 'Products',
          data: page.rows.map((r) => toProduct(r, base, sources)),
          next: page.next,
        });
      });
      return sendCached(req, reply, cached);
    },
  );

  app.get(
    '/products/trending',
    { schema: { querystring: TrendingQuery, response: replies(ProductListReply) } },
    async (req, reply) => {
      const base = publicBase(config, req);
      const limit = req.query.limit ?? TRENDING_SIZE;
      const cached = await catalogue.get(
        trendingKey(base, limit),
        async () => {
          const rows = await trendingProducts(db, limit);
          const sources = await photoSourcesOf(
            db,
            base,
            rows.map((r) => r.photo_hash),
          );
          const data = rows.map((r) => toProduct(r, base, sources));
          return JSON.stringify({ status: 200, msg: 'Trending products', data });
        },
        TRENDING_MAX_AGE_MS,
      );
      return sendCached(req, reply, cached);
    },
  );

  /** The listing's category filter. */
  app.get('/categories', { schema: { response: replies(CategoryListReply) } }, async (req, reply) => {
    const cached = await catalogue.get(categoriesKey, async () =>
      JSON.stringify({ status: 200, msg: 'Categories', data: await categoryTitles(db) }),
    );
    return sendCached(req, reply, cached);
  });

  app.get('/product/:id', { schema: { params: IdParams, response: replies(ProductReply) } }, async (req, reply) => {
    const base = publicBase(config, req);
    const cached = await catalogue.get(productKey(base, req.params.id), async () => {
      const row = await productById(db, req.params.id);
      if (!row) throw notFound('Product not found');
      const sources = await photoSourcesOf(db, base, [row.photo_hash]);
      return JSON.stringify({ status: 200, msg: 'Product', data: toProduct(row, base, sources) });
    });
    return sendCached(req, reply, cached);
  });

  /** Search (the New Arrivals list), newest first. */
  app.post('/products', { schema: { body: ProductSearch, response: replies(ProductSearchReply) } }, async (req) => {
    const { productname, category, minPrice, maxPrice, limit = SEARCH_PAGE_SIZE, cursor } = req.body;
    // A cursor (the page before's last product) goes straight to its page; an offset skips rows.
    const before = decodeCursor(cursor, ['int'])?.[0];
    const offset = before === undefined ? (req.body.offset ?? 0) : 0;
    const page = await searchProducts({ productname, category, minPrice, maxPrice, before, offset, limit });
    const base = publicBase(config, req);
    const sources = await photoSourcesOf(
      db,
      base,
      page.rows.map((r) => r.photo_hash),
    );
    return {
      status: 200,
      msg: page.rows.length
        ? `${page.rows.length} product${page.rows.length === 1 ? '' : 's'} found`
        : 'No products found',
      data: page.rows.map((r) => toProduct(r, base, sources)),
      hasMore: page.next !== null,
      next: page.next,
    };
  });

  /**
   * What changed in the public pages, as server-sent events (see changes.ts), for a server that
   * caches them: public, like the pages; only a scope and an item id leave.
   */
  app.get(
    '/catalogue/changes',
    {
      schema: { response: eventStreamReplies('What changed: `catalogue`, `auction` (and `reconnect` on shutdown)') },
      exposeHeadRoute: false,
    },
    (req, reply) => openCatalogueChanges(app.ctx, changes, req, reply),
  );
}
