import { PAGE_SIZES } from '@marketplace/contract';

// Keys of the catalogue cache (lib/catalogue-cache.ts), by the public base of the image URLs in the reply.

/** The first page at the default size is what GET /products without a query answers (the fast path's key). */
export const listKey = (base: string) => `${base}|list`;
export const pageKey = (base: string, limit: number, after: number) =>
  limit === PAGE_SIZES.products.default && after === 0 ? listKey(base) : `${base}|list|${limit}|${after}`;
export const trendingKey = (base: string, limit: number) => `${base}|trending|${limit}`;
export const categoriesKey = 'categories';
export const productKey = (base: string, id: number) => `${base}|product|${id}`;
