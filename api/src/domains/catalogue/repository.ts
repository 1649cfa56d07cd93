import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { CATEGORIES_MAX, LOW_STOCK, type PhotoSources, type Product } from '@marketplace/contract';
import { imageUrl } from '../../context';
import type { Database } from '../../db/schema';
import { pageOf } from '../../lib/paging';

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
  /** Units in stock (migration 0014_stock). */
  stock: number;
}

/** A product as the catalogue shows it; `sources`: the copies of photos that have some (photoSourcesOf). */
export function toProduct(row: ProductRow, base: string, sources?: ReadonlyMap<string, PhotoSources>): Product {
  const photoSources = sources?.get(row.photo_hash);
  return {
    productid: row.productid,
    productname: row.productname,
    title: row.title,
    description: row.description,
    price: Number(row.price),
    rating: Number(row.rating),
    photo: imageUrl(base, row.photo_hash),
    ...(photoSources && { photoSources }),
    photos: (row.photo_hashes?.length ? row.photo_hashes : [row.photo_hash]).map((h) => imageUrl(base, h)),
    location: row.location,
    userid: row.userid,
    ...(row.stock <= LOW_STOCK ? { left: row.stock } : {}),
  };
}

/** A product as its seller sees it: with the exact units in stock. */
export function toOwnProduct(row: ProductRow, base: string, sources?: ReadonlyMap<string, PhotoSources>): Product {
  return { ...toProduct(row, base, sources), stock: row.stock };
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
  'stock',
] as const;

/** How far back the trending signal looks. */
const TRENDING_DAYS = 7;

/** A page of the catalogue, oldest first (keyset on productid, so rows listed while a client walks the pages land after its cursor). */
export async function productPage(db: Kysely<Database>, limit: number, after: number) {
  const rows = await db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('productid', '>', after)
    .orderBy('productid', 'asc')
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, (r) => [r.productid]);
}

/**
 * TOP TRENDING: the products most ordered and added to carts in the last 7 days (an order's
 * quantity counts 3, a cart add 1; cancelled orders not at all), then the newest. The ranking
 * reads the last week's order lines and cart rows (indexed by time), not the catalogue.
 */
export async function trendingProducts(db: Kysely<Database>, limit: number): Promise<ProductRow[]> {
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
          u
            .selectFrom('cart_items')
            .select(['cart_items.productid', sql<number>`1`.as('weight')])
            .where(sql<boolean>`cart_items.created_at > ${since}`),
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
  const newest =
    ranked.length < limit
      ? await db.selectFrom('products').select(PRODUCT_COLUMNS).orderBy('productid', 'desc').limit(limit).execute()
      : [];
  const seen = new Set(ranked.map((r) => r.productid));
  return [...ranked, ...newest.filter((r) => !seen.has(r.productid))].slice(0, limit);
}

/** The categories (product titles, one spelling of each, any case), most products first. */
export async function categoryTitles(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select(sql<string>`min(title)`.as('title'))
    .groupBy(sql`lower(title)`)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`lower(title)`)
    .limit(CATEGORIES_MAX)
    .execute();
  return rows.map((r) => r.title);
}

export function productById(db: Kysely<Database>, productid: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').select(PRODUCT_COLUMNS).where('productid', '=', productid).executeTakeFirst();
}

/** Whether the product is in the catalogue (the cart and the wishlist check before keeping one). */
export async function productExists(db: Kysely<Database>, productid: number): Promise<boolean> {
  return Boolean(
    await db.selectFrom('products').select('productid').where('productid', '=', productid).executeTakeFirst(),
  );
}

/** Escapes LIKE wildcards so a search for "50%" means the text 50%. */
function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Cost of a row walked on the primary key (~2 µs) against a match collected through the word index (~6.5 µs), measured on 100,000 products. */
const WALK_COST_RATIO = 2 / 6.5;
/** Below this many products either plan answers within milliseconds: no estimate is asked for. */
const ESTIMATE_FROM_ROWS = 10_000;
const TABLE_SIZE_MAX_AGE_MS = 10_000;

export interface ProductSearchFilter {
  productname: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  /** The last product of the page before (newest first). */
  before?: number;
  offset: number;
  limit: number;
}

/**
 * Search, newest first: every word of `productname` must occur (any case) in the name, the
 * category (title) or the description. The expression matches the trigram (or lower()) index
 * of migration 0001. One row past the page says whether more follow, without counting every match.
 */
export function productSearch(db: Kysely<Database>) {
  const newestFirstWalkPays = searchPlanner(db);
  return async (filter: ProductSearchFilter) => {
    const { category, minPrice, maxPrice, before, offset, limit } = filter;
    const words = filter.productname.trim().split(/\s+/).filter(Boolean).slice(0, 10);
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
    // Two plans, chosen by the planner's estimate of the matches: walking the primary key
    // backwards finds a common word's page within a few thousand rows, the word index finds a
    // rare word's few rows (walking for those reads the whole table). `productid + 0` keeps the
    // planner off the primary key.
    const walk = await newestFirstWalkPays(query, offset + limit + 1);
    const found = await query
      .orderBy(walk ? sql`productid` : sql`productid + 0`, 'desc')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    return pageOf(found, limit, (r) => [r.productid]);
  };
}

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
      const { rows } = await sql<{
        n: number;
      }>`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'products'::regclass`.execute(db);
      table = { rows: Number(rows[0]?.n ?? 0), at: Date.now() };
    }
    return table.rows;
  };
  return async function newestFirstWalkPays(
    filtered: SelectQueryBuilder<Database, 'products', object>,
    need: number,
  ): Promise<boolean> {
    const total = await tableRows();
    if (total < ESTIMATE_FROM_ROWS) return false;
    const [row] = await filtered.select(sql`1`.as('one')).explain('json');
    const plan = (row?.['QUERY PLAN'] as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined)?.[0]?.Plan;
    const matches = plan?.['Plan Rows'] ?? 0;
    return matches > 0 && ((total * need) / matches) * WALK_COST_RATIO < matches;
  };
}
