import { http } from './http';
import type { CartItem, CartReply } from '../contract';
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
