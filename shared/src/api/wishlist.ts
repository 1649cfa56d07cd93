import { http, requireLoginToken } from './http';
import type {
  PageQuery,
  PriceAlertReply,
  Product,
  StockAlertReply,
  WishlistChangeReply,
  WishlistPageReply,
} from '@marketplace/contract';
import { pageParams, type Page } from './paging';

/** GET /wishlist (header authtoken): a page of the signed-in user's wishlist, the latest added first, and how many it holds. */
export async function getWishlistPage(page?: PageQuery): Promise<Page<Product> & { count: number }> {
  const authtoken = requireLoginToken();
  const res = await http.get<WishlistPageReply>('/wishlist', { headers: { authtoken }, params: pageParams(page) });
  return { items: res.data.data, next: res.data.next, count: res.data.count };
}

/** POST /wishlist: keeps a product ('Added to your wishlist' or 'This product is already in your wishlist'); resolves the message and the new count. 404 unknown product, 409 full. */
export async function addToWishlist(productid: number): Promise<{ msg: string; count: number }> {
  const authtoken = requireLoginToken();
  const res = await http.post<WishlistChangeReply>('/wishlist', { productid }, { headers: { authtoken } });
  return { msg: res.data.msg, count: res.data.data.count };
}

/** DELETE /wishlist/{productid}: 'Removed from your wishlist'; 404 when it is not there. */
export async function removeFromWishlist(productid: number): Promise<{ msg: string; count: number }> {
  const authtoken = requireLoginToken();
  const res = await http.delete<WishlistChangeReply>(`/wishlist/${encodeURIComponent(String(productid))}`, {
    headers: { authtoken },
  });
  return { msg: res.data.msg, count: res.data.data.count };
}

/** DELETE /wishlist: empties the wishlist. */
export async function clearWishlist(): Promise<{ msg: string }> {
  const authtoken = requireLoginToken();
  const res = await http.delete<WishlistChangeReply>('/wishlist', { headers: { authtoken } });
  return { msg: res.data.msg };
}

/** GET /pricealerts/{productid}: whether the signed-in user is told when the product's price drops. */
export async function getPriceAlert(productid: number): Promise<boolean> {
  const authtoken = requireLoginToken();
  const res = await http.get<PriceAlertReply>(`/pricealerts/${encodeURIComponent(String(productid))}`, {
    headers: { authtoken },
  });
  return res.data.data.watching;
}

/** POST /pricealerts or DELETE /pricealerts/{productid}: switches the price-drop email on or off; resolves the message and the state. */
export async function setPriceAlert(productid: number, watching: boolean): Promise<{ msg: string; watching: boolean }> {
  const authtoken = requireLoginToken();
  const res = watching
    ? await http.post<PriceAlertReply>('/pricealerts', { productid }, { headers: { authtoken } })
    : await http.delete<PriceAlertReply>(`/pricealerts/${encodeURIComponent(String(productid))}`, {
        headers: { authtoken },
      });
  return { msg: res.data.msg, watching: res.data.data.watching };
}

/** GET /stockalerts/{productid}: whether the signed-in user waits to be told the product is back in stock. */
export async function getStockAlert(productid: number): Promise<boolean> {
  const authtoken = requireLoginToken();
  const res = await http.get<StockAlertReply>(`/stockalerts/${encodeURIComponent(String(productid))}`, {
    headers: { authtoken },
  });
  return res.data.data.waiting;
}

/**
 * POST /stockalerts or DELETE /stockalerts/{productid}: asks to be told once when an out-of-stock
 * product is back ("Tell me when it's back"), or withdraws it; resolves the message and the state.
 * POST rejects 409 when the product is in stock or the list is full, 404 unknown product.
 */
export async function setStockAlert(productid: number, waiting: boolean): Promise<{ msg: string; waiting: boolean }> {
  const authtoken = requireLoginToken();
  const res = waiting
    ? await http.post<StockAlertReply>('/stockalerts', { productid }, { headers: { authtoken } })
    : await http.delete<StockAlertReply>(`/stockalerts/${encodeURIComponent(String(productid))}`, {
        headers: { authtoken },
      });
  return { msg: res.data.msg, waiting: res.data.data.waiting };
}
