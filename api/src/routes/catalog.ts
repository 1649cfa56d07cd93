import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import {
  CATEGORIES_MAX,
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
  type Product,
} from '@marketplace/shared/contract';
import { imageUrl, publicBase, publicBaseOf, type App, type AppContext } from '../context';
import { notFound } from '../lib/errors';
import { decodeCursor, pageLimit, pageOf } from '../lib/paging';
import { SECURITY_HEADERS } from '../lib/hardening';
import { notModified, variantFor, type CachedReply } from '../lib/catalogue-cache';
import { replies } from './common';

export interface ProductRow {
  productid: number;
  productname: string;
  title: string;
  description: string;
  price: string;
  rating: string;
  photo_hash: string;
  location: string;
  userid: number;
  /** Every photo hash (migration 0002_shop); empty for rows written before it: then photo_hash alone. */
  photo_hashes?: string[];
}

export function toProduct(row: ProductRow, base: string): Product {
  return {
    productid: row.productid,
    productname: row.productname,
    title: row.title,
    description: row.description,
    price: Number(row.price),
    rating: Number(row.rating),
    photo: imageUrl(base, row.photo_hash),
    photos: (row.photo_hashes?.length ? row.photo_hashes : [row.photo_hash]).map((h) => imageUrl(base, h)),
    location: row.location,
    userid: row.userid,
  };
}

export const PRODUCT_COLUMNS = [
  'productid',
  'productname',
  'title',
  'description',
  'price',
  'rating',
  'photo_hash',
  'location',
  'userid',
  'photo_hashes',
] as const;

/** Escapes LIKE wildcards so a search for "50%" means the text 50%. */
function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The first page at the default size is what GET /products without a query answers (the fast path's key). */
const listKey = (base: string) => `${base}|list`;
const pageKey = (base: string, limit: number, after: number) =>
  limit === PAGE_SIZES.products.default && after === 0 ? listKey(base) : `${base}|list|${limit}|${after}`;
const trendingKey = (base: string, limit: number) => `${base}|trending|${limit}`;
const categoriesKey = 'categories';
/** TOP TRENDING follows orders and cart adds: a ranking at most this old is answered from memory. */
const TRENDING_MAX_AGE_MS = 60_000;
/** How far back the trending signal looks. */
const TRENDING_DAYS = 7;
const productKey = (base: string, id: number) => `${base}|product|${id}`;
/** GET /product/{id} as the fast path takes it: the canonical spelling of a valid id, no query. */
const PRODUCT_PATH = /^\/product\/([1-9]\d{0,9})$/;
const MAX_ID = 2147483647;

/** What the CORS plugin adds to a simple (non-preflight) reply. */
export interface CorsReplyOptions {
  allowedOrigins: { has(origin: string): boolean };
  exposedHeaders: readonly string[];
}

/**
 * The two catalogue reads answered at the HTTP server when their reply is cached, before Fastify
 * builds its request and reply objects and runs routing, hooks and validation: at catalogue read
 * rates that per-request work cost as much as the rest of the reply. Anything else (a miss,
 * HEAD, a query string, another spelling of the path) returns false
 * and goes through the routes below, which fill the cache. The reply is the route's own, header
 * for header, in each encoding (test/catalogue-cache.test.ts compares them): the cache holds it
 * compressed, so Accept-Encoding only picks which bytes go out.
 */
export function cachedCatalogueReads(ctx: AppContext, cors: CorsReplyOptions) {
  const { config, catalogue } = ctx;
  // Headers as flat [name, value, …] lists built once (a header object per request cost more
  // than the rest of the reply), in two kinds: a reply too small to be compressed varies by
  // Origin only, a compressed one by Accept-Encoding too (sendCached below says the same).
  const leading = (compressed: boolean) => [...Object.entries(SECURITY_HEADERS).flat(), 'vary', compressed ? VARY_COMPRESSED : 'Origin'];
  // The CORS headers go to allowed origins only, as the CORS plugin sends them.
  const trailing = ['cache-control', 'no-cache'];
  const corsHeaders = (origin: string) => ['access-control-allow-origin', origin, 'access-control-expose-headers', cors.exposedHeaders.join(', ')];
  // Built at an allowed origin's first request; only allowed origins are kept, so it stays small.
  const withOrigin = new Map<string, [string[], string[]]>();
  const withoutOrigin: [string[], string[]] = [[...leading(false), ...trailing], [...leading(true), ...trailing]];
  const headersFor = (origin: string | undefined): [string[], string[]] => {
    if (origin === undefined || !cors.allowedOrigins.has(origin)) return withoutOrigin;
    let headers = withOrigin.get(origin);
    if (!headers) {
      headers = [[...leading(false), ...corsHeaders(origin), ...trailing], [...leading(true), ...corsHeaders(origin), ...trailing]];
      withOrigin.set(origin, headers);
    }
    return headers;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    // The path first: every other request leaves here (0 = the list; NaN = not ours).
    const url = req.url ?? '';
    const id = url === '/products' ? 0 : Number(PRODUCT_PATH.exec(url)?.[1]);
    if (!(id <= MAX_ID)) return false;
    const base = publicBaseOf(config, req.headers.host ?? '', (req.socket as TLSSocket).encrypted ? 'https' : 'http');
    const cached = catalogue.peek(id ? productKey(base, id) : listKey(base));
    if (!cached) return false;
    const headers = headersFor(req.headers.origin)[cached.br ? 1 : 0];
    const variant = variantFor(cached, req.headers['accept-encoding']);
    if (notModified(req.headers['if-none-match'], variant.etag)) {
      res.writeHead(304, [...headers, 'etag', variant.etag]).end();
      return true;
    }
    const type = ['etag', variant.etag, 'content-type', JSON_TYPE];
    const length = ['content-length', String(variant.body.length)];
    res.writeHead(200, variant.encoding ? [...headers, ...type, 'content-encoding', variant.encoding, ...length] : [...headers, ...type, ...length]).end(variant.body);
    return true;
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Vary of a reply sent compressed or not by Accept-Encoding (CORS makes every reply vary by Origin). */
const VARY_COMPRESSED = 'Origin, Accept-Encoding';

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

/** Cost of a row walked on the primary key (~2 µs) against a match collected through the word index (~6.5 µs), measured on 100,000 products. */
const WALK_COST_RATIO = 2 / 6.5;
/** Below this many products either plan answers within milliseconds: no estimate is asked for. */
const ESTIMATE_FROM_ROWS = 10_000;
const TABLE_SIZE_MAX_AGE_MS = 10_000;

/**
 * Whether walking the primary key (newest first) reaches `need` matches cheaper than collecting
 * every match through the word index: rows walked ≈ table × need ÷ matches, against the matches
 * themselves, each at its cost. The matches are the planner's estimate (EXPLAIN, no execution);
 * the table size its statistics (pg_class.reltuples, -1 before the first ANALYZE), read every 10 s.
 */
function searchPlanner(db: Kysely<Database>) {
  let table = { rows: 0, at: -Infinity };
  const tableRows = async (): Promise<number> => {
    if (Date.now() - table.at > TABLE_SIZE_MAX_AGE_MS) {
      const { rows } = await sql<{ n: number }>`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'products'::regclass`.execute(db);
      table = { rows: Number(rows[0]?.n ?? 0), at: Date.now() };
    }
    return table.rows;
  };
  return async function newestFirstWalkPays(filtered: SelectQueryBuilder<Database, 'products', object>, need: number): Promise<boolean> {
    const total = await tableRows();
    if (total < ESTIMATE_FROM_ROWS) return false;
    const [row] = await filtered.select(sql`1`.as('one')).explain('json');
    const plan = (row?.['QUERY PLAN'] as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined)?.[0]?.Plan;
    const matches = plan?.['Plan Rows'] ?? 0;
    return matches > 0 && ((total * need) / matches) * WALK_COST_RATIO < matches;
  };
}

export function catalogRoutes(app: App) {
  const { db, config } = app.ctx;
  const newestFirstWalkPays = searchPlanner(db);

  const { catalogue } = app.ctx;

  // Both reads answer from the catalogue cache (lib/catalogue-cache.ts), with an ETag so a
  // browser revalidates with a 304 instead of downloading the list again.
  // A page of the catalogue, oldest first (the spec's order; keyset on productid, so rows listed
  // while a client walks the pages land after its cursor).
  app.get('/products', { schema: { querystring: ProductPageQuery, response: replies(ProductPageReply) } }, async (req, reply) => {
    const base = publicBase(config, req);
    const limit = pageLimit(req.query, PAGE_SIZES.products);
    const [after] = decodeCursor(req.query.cursor, ['int']) ?? [0];
    const cached = await catalogue.get(pageKey(base, limit, after), async () => {
      const rows = await db
        .selectFrom('products')
        .select(PRODUCT_COLUMNS)
        .where('productid', '>', after)
        .orderBy('productid', 'asc')
        .limit(limit + 1)
        .execute();
      const page = pageOf(rows, limit, (r) => [r.productid]);
      return JSON.stringify({ status: 200, msg: 'Products', data: page.rows.map((r) => toProduct(r, base)), next: page.next });
    });
    return sendCached(req, reply, cached);
  });

  /**
   * TOP TRENDING: the products most ordered and added to carts in the last 7 days (an order's
   * quantity counts 3, a cart add 1; cancelled orders not at all), then the newest. The ranking
   * reads the last week's order lines and cart rows (indexed by time), not the catalogue, and is
   * kept a minute.
   */
  app.get('/products/trending', { schema: { querystring: TrendingQuery, response: replies(ProductListReply) } }, async (req, reply) => {
    const base = publicBase(config, req);
    const limit = req.query.limit ?? TRENDING_SIZE;
    const cached = await catalogue.get(
      trendingKey(base, limit),
      async () => {
        const since = sql`now() - make_interval(days => ${TRENDING_DAYS})`;
        const ranked = await db
          .with('signal', (qb) =>
            qb
              .selectFrom('order_lines')
              .innerJoin('orders', 'orders.orderid', 'order_lines.orderid')
              .select(['order_lines.productid', sql<number>`3 * order_lines.quantity`.as('weight')])
              .where(sql<boolean>`orders.created_at > ${since}`)
              .where('orders.cancelled_at', 'is', null)
              .unionAll((u) =>
                u.selectFrom('cart_items').select(['cart_items.productid', sql<number>`1`.as('weight')]).where(sql<boolean>`cart_items.created_at > ${since}`),
              ),
          )
          .with('scores', (qb) =>
            qb
              .selectFrom('signal')
              .select(['productid', sql<number>`sum(weight)`.as('score')])
              .where('productid', 'is not', null)
              .groupBy('productid')
              .orderBy(sql`sum(weight)`, 'desc')
              .orderBy('productid', 'desc')
              .limit(limit),
          )
          .selectFrom('scores')
          .innerJoin('products', 'products.productid', 'scores.productid')
          .select(PRODUCT_COLUMNS.map((c) => `products.${c}` as const))
          .orderBy('scores.score', 'desc')
          .orderBy('products.productid', 'desc')
          .execute();
        const newest = ranked.length < limit
          ? await db.selectFrom('products').select(PRODUCT_COLUMNS).orderBy('productid', 'desc').limit(limit).execute()
          : [];
        const seen = new Set(ranked.map((r) => r.productid));
        const rows = [...ranked, ...newest.filter((r) => !seen.has(r.productid))].slice(0, limit);
        return JSON.stringify({ status: 200, msg: 'Trending products', data: rows.map((r) => toProduct(r, base)) });
      },
      TRENDING_MAX_AGE_MS,
    );
    return sendCached(req, reply, cached);
  });

  /** The categories (product titles, one spelling of each, any case), most products first: the listing's filter. */
  app.get('/categories', { schema: { response: replies(CategoryListReply) } }, async (req, reply) => {
    const cached = await catalogue.get(categoriesKey, async () => {
      const rows = await db
        .selectFrom('products')
        .select(sql<string>`min(title)`.as('title'))
        .groupBy(sql`lower(title)`)
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`lower(title)`)
        .limit(CATEGORIES_MAX)
        .execute();
      return JSON.stringify({ status: 200, msg: 'Categories', data: rows.map((r) => r.title) });
    });
    return sendCached(req, reply, cached);
  });

  app.get('/product/:id', { schema: { params: IdParams, response: replies(ProductReply) } }, async (req, reply) => {
    const base = publicBase(config, req);
    const cached = await catalogue.get(productKey(base, req.params.id), async () => {
      const row = await db.selectFrom('products').select(PRODUCT_COLUMNS).where('productid', '=', req.params.id).executeTakeFirst();
      if (!row) throw notFound('Product not found');
      return JSON.stringify({ status: 200, msg: 'Product', data: toProduct(row, base) });
    });
    return sendCached(req, reply, cached);
  });

  /**
   * Search: every word of `productname` must occur (any case) in the name, the category (title)
   * or the description. The expression matches the trigram (or lower()) index of migration 0001.
   */
  app.post('/products', { schema: { body: ProductSearch, response: replies(ProductSearchReply) } }, async (req) => {
    const { productname, category, minPrice, maxPrice, limit = SEARCH_PAGE_SIZE, cursor } = req.body;
    // A cursor (the page before's last product) goes straight to its page; an offset skips rows.
    const before = decodeCursor(cursor, ['int'])?.[0];
    const offset = before === undefined ? (req.body.offset ?? 0) : 0;
    const words = productname.trim().split(/\s+/).filter(Boolean).slice(0, 10);
    let query = db.selectFrom('products').select(PRODUCT_COLUMNS);
    for (const word of words) {
      query = query.where(
        sql<boolean>`lower(productname || ' ' || title || ' ' || description) LIKE ${likeContains(word)}`,
      );
    }
    if (category && category.trim()) query = query.where(sql<boolean>`lower(title) = ${category.trim().toLowerCase()}`);
    if (minPrice !== undefined) query = query.where(sql<boolean>`price >= ${minPrice}`);
    if (maxPrice !== undefined) query = query.where(sql<boolean>`price <= ${maxPrice}`);
    if (before !== undefined) query = query.where('productid', '<', before);
    // Newest first (this is the New Arrivals list); one row past the page says whether more
    // follow, without counting every match. Two plans, chosen by the planner's estimate of the
    // matches: walking the primary key backwards finds a common word's page within a few
    // thousand rows, the word index finds a rare word's few rows (walking for those reads the
    // whole table). `productid + 0` keeps the planner off the primary key.
    const walk = await newestFirstWalkPays(query, offset + limit + 1);
    const found = await query
      .orderBy(walk ? sql`productid` : sql`productid + 0`, 'desc')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    const page = pageOf(found, limit, (r) => [r.productid]);
    const base = publicBase(config, req);
    return {
      status: 200,
      msg: page.rows.length ? `${page.rows.length} product${page.rows.length === 1 ? '' : 's'} found` : 'No products found',
      data: page.rows.map((r) => toProduct(r, base)),
      hasMore: page.next !== null,
      next: page.next,
    };
  });
}
