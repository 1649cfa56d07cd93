import { http } from './http';
import type { Product, ProductListReply, ProductReply, ProductSearch, ProductSearchReply } from '../contract';

/** GET /products: every product (in catalogue order, oldest first). */
export async function getProducts(): Promise<Product[]> {
  const res = await http.get<ProductListReply>('/products');
  return res.data.data;
}

/** GET /product/{id}: one product; ApiError 404 'Product not found' for an unknown id, 400 for a bad id. */
export async function getProduct(id: number): Promise<Product> {
  const res = await http.get<ProductReply>(`/product/${encodeURIComponent(String(id))}`);
  return res.data.data;
}

export interface SearchPage {
  products: Product[];
  /** More matches follow: ask again with `offset` = the products already shown. */
  hasMore: boolean;
}

/**
 * POST /products: case-insensitive search on name, category (title) and description; every word
 * must match. An empty productname lists everything. Optional category (exact title, any case)
 * and price range filters. One page (`limit`, default 48) from `offset`, newest first.
 */
export async function searchProducts(query: ProductSearch): Promise<SearchPage> {
  const res = await http.post<ProductSearchReply>('/products', query);
  return { products: res.data.data, hasMore: res.data.hasMore };
}
