import { http, requireLoginToken } from './http';
import type { CartItem, CartReply } from '@marketplace/contract';
import { currentAuthToken } from '../session/sessionStore';

/**
 * GET /productviewcart (header authtoken): the signed-in user's cart lines ([] when empty).
 * Resolves [] when nobody is signed in. Rejects ApiError 401 for an expired token.
 */
export async function getCartItems(): Promise<CartItem[]> {
  const authtoken = currentAuthToken();
  if (!authtoken) return [];
  const res = await http.get<CartReply>('/productviewcart', { headers: { authtoken } });
  return res.data.data;
}

/**
 * POST /addtocartproduct: puts a product in the cart and resolves the whole cart. A product
 * already there keeps its one line (quantity is always 1). Rejects 404 'Product not found',
 * 400 bad id / cart full, 401.
 */
export async function addToCart(productid: number): Promise<CartItem[]> {
  const authtoken = requireLoginToken();
  const res = await http.post<CartReply>('/addtocartproduct', { productid, authtoken });
  return res.data.data;
}

/** DELETE /deleteproduct: removes one product; resolves the cart left. Rejects 404 when it was not in the cart. */
export async function removeFromCart(productid: number): Promise<CartItem[]> {
  const authtoken = requireLoginToken();
  const res = await http.delete<CartReply>('/deleteproduct', { data: { productid, authtoken } });
  return res.data.data;
}

/** DELETE /deleteAllProducts: empties the cart. */
export async function clearCart(): Promise<void> {
  const authtoken = requireLoginToken();
  await http.delete<CartReply>('/deleteAllProducts', { data: { authtoken } });
}
