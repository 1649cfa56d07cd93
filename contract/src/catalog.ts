import { Type, type Static } from 'typebox';
import { CURSOR_PATTERN, Envelope, PAGE_SIZES, PageQuery, PageReply } from './common';
import { PhotoSources } from './uploads';

/** A product of the catalogue. `photo` is an absolute URL of a PNG served by the API (GET /images/{hash}.png). */
export const Product = Type.Object({
  productid: Type.Integer(),
  productname: Type.String(),
  /** Shown as the category (Electronics, Accessories, Clothing, ...). */
  title: Type.String(),
  description: Type.String(),
  /** Rupees. */
  price: Type.Number(),
  /** Above 0, at most 5. */
  rating: Type.Number(),
  photo: Type.String(),
  /** WebP and AVIF copies of `photo` (see PhotoSources); absent while there are none. */
  photoSources: Type.Optional(PhotoSources),
  /** Every photo of the product (absolute URLs, the first is `photo`); always sent by the API. */
  photos: Type.Optional(Type.Array(Type.String())),
  location: Type.String(),
  /** The seller. */
  userid: Type.Integer(),
  /**
   * Units left when few: 0 (out of stock) to LOW_STOCK; absent when more are in stock ("In
   * stock"). Coarse on purpose: an order that leaves plenty in stock changes no catalogue reply.
   */
  left: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The exact units in stock: only in the seller's own replies (Add/Edit Product, GET /myproducts). */
  stock: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type Product = Static<typeof Product>;

export const ProductListReply = Envelope(Type.Array(Product));
export type ProductListReply = Static<typeof ProductListReply>;

/** GET /products: a page of the catalogue, oldest first (the spec's order), `next` beside `data`. */
export const ProductPageQuery = PageQuery(PAGE_SIZES.products);
export const ProductPageReply = PageReply(Product);
export type ProductPageReply = Static<typeof ProductPageReply>;

/** GET /products/trending: TOP TRENDING, a bounded set (the home page shows TRENDING_SIZE). */
export const TRENDING_SIZE = 8;
export const TRENDING_MAX = 24;
export const TrendingQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: TRENDING_MAX,
      errorMessage: `limit must be a whole number from 1 to ${TRENDING_MAX}`,
    }),
  ),
});
export type TrendingQuery = Static<typeof TrendingQuery>;

/** GET /categories: the catalogue's categories (product titles), most products first, at most CATEGORIES_MAX. */
export const CATEGORIES_MAX = 50;
export const CategoryListReply = Envelope(Type.Array(Type.String()));
export type CategoryListReply = Static<typeof CategoryListReply>;
export const ProductReply = Envelope(Product);
export type ProductReply = Static<typeof ProductReply>;

export const SEARCH_PAGE_SIZE = 48;
export const SEARCH_MAX_PAGE_SIZE = 100;

/** POST /products body. An empty productname lists everything (still filtered by category/price). */
export const ProductSearch = Type.Object({
  productname: Type.String({
    maxLength: 100,
    errorMessage: 'productname must be a search text of at most 100 characters',
  }),
  category: Type.Optional(
    Type.String({ maxLength: 50, errorMessage: 'category must be a text of at most 50 characters' }),
  ),
  minPrice: Type.Optional(Type.Number({ minimum: 0, errorMessage: 'minPrice must be a number, 0 or more' })),
  maxPrice: Type.Optional(Type.Number({ minimum: 0, errorMessage: 'maxPrice must be a number, 0 or more' })),
  /** Page size (default SEARCH_PAGE_SIZE): a search answers one bounded page, however many match. */
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SEARCH_MAX_PAGE_SIZE,
      errorMessage: `limit must be a whole number from 1 to ${SEARCH_MAX_PAGE_SIZE}`,
    }),
  ),
  /** How many matches (newest first) to skip: the products already shown. Prefer `cursor`. */
  offset: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000, errorMessage: 'offset must be a whole number from 0 to 1000000' }),
  ),
  /** The `next` of the page before: the page after it, as quick however deep (keyset). */
  cursor: Type.Optional(
    Type.String({ pattern: CURSOR_PATTERN, errorMessage: 'cursor must be the next value of an earlier page' }),
  ),
});
export type ProductSearch = Static<typeof ProductSearch>;

/** POST /products reply: one page of matches; `hasMore` when matches follow it, and then `next` (the cursor of the following page). */
export const ProductSearchReply = Type.Object({
  ...ProductListReply.properties,
  hasMore: Type.Boolean(),
  next: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type ProductSearchReply = Static<typeof ProductSearchReply>;

/**
 * GET /catalogue/changes (server-sent events): `event: ready` (data `{}`) once the stream hears
 * every later change, then `event: change` with one of these as its data. `catalogue`: product `id`
 * was listed, changed or taken down (without `id`: any product may have; every cached catalogue
 * reply was dropped either way); `auction`: item `id` had a
 * bid or was closed by its owner's approval. Changes made while a client was disconnected are
 * not replayed: a `ready` after a reconnection means anything may have changed.
 */
export const CatalogueChange = Type.Union([
  Type.Object({ scope: Type.Literal('catalogue'), id: Type.Optional(Type.Integer()) }),
  Type.Object({ scope: Type.Literal('auction'), id: Type.Integer() }),
]);
export type CatalogueChange = Static<typeof CatalogueChange>;
