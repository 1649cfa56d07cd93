import { http } from './http';
import type {
  CategoryListReply,
  PageQuery,
  Product,
  ProductListReply,
  ProductPageReply,
  ProductReply,
  ProductSearch,
  ProductSearchReply,
} from '@marketplace/contract';
import { pageParams, type Page } from './paging';

/** @deprecated The API answers one page: use getProductsPage (or getTrendingProducts, searchProducts). The first page of the catalogue. */
export async function getProducts(): Promise<Product[]> {
  const res = await http.get<ProductListReply>('/products');
  return res.data.data;
}

/** GET /products: a page of the catalogue, oldest first (48 by default, at most 100). */
export async function getProductsPage(page?: PageQuery): Promise<Page<Product>> {
  const res = await http.get<ProductPageReply>('/products', { params: pageParams(page) });
  return { items: res.data.data, next: res.data.next };
}

/** GET /products/trending: TOP TRENDING, most ordered and added to carts this week, then newest (8 by default, at most 24). */
export async function getTrendingProducts(limit?: number): Promise<Product[]> {
  const res = await http.get<ProductListReply>('/products/trending', { params: limit === undefined ? {} : { limit } });
  return res.data.data;
}

/** GET /categories: the catalogue's categories, most products first (at most 50). */
export async function getCategories(): Promise<string[]> {
  const res = await http.get<CategoryListReply>('/categories');
  return res.data.data;
}

/** GET /product/{id}: one product; ApiError 404 'Product not found' for an unknown id, 400 for a bad id. */
export async function getProduct(id: number): Promise<Product> {
  const res = await http.get<ProductReply>(`/product/${encodeURIComponent(String(id))}`);
  return res.data.data;
}

export interface SearchPage {
  products: Product[];
  /** More matches follow: ask again with `cursor: next`. */
  hasMore: boolean;
  /** The cursor of the following page (null or absent on the last). */
  next?: string | null;
}

/**
 * POST /products: case-insensitive search on name, category (title) and description; every word
 * must match. An empty productname lists everything. Optional category (exact title, any case)
 * and price range filters. One page (`limit`, default 48), newest first; the following page with `cursor` (the page's `next`).
 */
export async function searchProducts(query: ProductSearch): Promise<SearchPage> {
  const res = await http.post<ProductSearchReply>('/products', query);
  return { products: res.data.data, hasMore: res.data.hasMore, next: res.data.next ?? null };
}
