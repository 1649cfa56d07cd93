import { http, requireLoginToken } from './http';
import type { CartItem, CartReply, CartQuantityBody } from '@marketplace/contract';
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
 * POST /addtocartproduct: puts 1 unit of a product in the cart and resolves the whole cart. A
 * product already there keeps its line as it is. Rejects 404 'Product not found', 409 out of
 * stock ('<name> is out of stock'), 400 bad id / cart full, 401.
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

/**
 * PUT /cart/{productid}: sets the units of a cart line (1 to CART_LINE_MAX, at most the units in
 * stock); resolves the whole cart. Rejects 400 'Quantity must be a whole number from 1 to 10',
 * 404 not in the cart, 409 'Only N left of <name>' (nothing changed then), 401.
 */
export async function setCartQuantity(productid: number, quantity: number): Promise<CartItem[]> {
  const authtoken = requireLoginToken();
  const body: CartQuantityBody = { quantity };
  const res = await http.put<CartReply>(`/cart/${encodeURIComponent(String(productid))}`, body, {
    headers: { authtoken },
  });
  return res.data.data;
}
