import { http, requireLoginToken } from './http';
import type { CreateProductReply, MessageReply, MyProductsPageReply, PageQuery, Product } from '@marketplace/contract';
import { pageParams, type Page } from './paging';

/**
 * POST /product (header authtoken): lists a product for sale; the seller is the signed-in user.
 * `photos`: URLs from uploadPhoto (at least one). Resolves the new product. Rejects 400 with the
 * spec's messages ('Please Enter Product Name', 'Please Enter Title', 'Please Enter Description',
 * 'Please Enter Price', 'Please Enter Rating', 'Please Enter Units in Stock (a whole number from
 * 0 to 1,000,000)') or 'Please upload at least one PNG photo', 401. The reply has the exact `stock`.
 */
export async function createProduct(p: {
  productname: string;
  title: string;
  description: string;
  price: number;
  rating: number;
  location: string;
  photos: string[];
  stock: number;
}): Promise<Product> {
  const authtoken = requireLoginToken();
  const res = await http.post<CreateProductReply>('/product', p, { headers: { authtoken } });
  return res.data.data;
}

/** GET /myproducts (header authtoken): a page of the signed-in seller's listings, newest first. */
export async function getMyProductsPage(page?: PageQuery): Promise<Page<Product>> {
  const authtoken = requireLoginToken();
  const res = await http.get<MyProductsPageReply>('/myproducts', { headers: { authtoken }, params: pageParams(page) });
  return { items: res.data.data, next: res.data.next };
}

/** GET /myproducts/{id} (header authtoken): one of the signed-in seller's listings with its exact `stock`; 403 another seller's, 404 unknown. */
export async function getMyProduct(productid: number): Promise<Product> {
  const authtoken = requireLoginToken();
  const res = await http.get<CreateProductReply>(`/myproducts/${encodeURIComponent(String(productid))}`, {
    headers: { authtoken },
  });
  return res.data.data;
}

/**
 * PUT /product/{id} (header authtoken): the seller's edit, with Add Product's fields, rules and
 * messages; resolves the product as stored ('Product Updated Successfully'). 403 another seller's
 * product ('You can only change your own products'), 404 unknown. A lower price mails its watchers;
 * a stock raised from 0 mails the shoppers waiting for it. `stock` left out keeps the units.
 */
export async function updateProduct(
  productid: number,
  p: {
    productname: string;
    title: string;
    description: string;
    price: number;
    rating: number;
    location: string;
    photos: string[];
    stock?: number;
  },
): Promise<Product> {
  const authtoken = requireLoginToken();
  const res = await http.put<CreateProductReply>(`/product/${encodeURIComponent(String(productid))}`, p, {
    headers: { authtoken },
  });
  return res.data.data;
}

/** DELETE /product/{id} (header authtoken): takes the seller's listing down ('Product Removed Successfully'); 403 / 404 as updateProduct. */
export async function removeProduct(productid: number): Promise<{ msg: string }> {
  const authtoken = requireLoginToken();
  const res = await http.delete<MessageReply>(`/product/${encodeURIComponent(String(productid))}`, {
    headers: { authtoken },
  });
  return { msg: res.data.msg };
}
