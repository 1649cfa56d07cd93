import { http, requireLoginToken } from './http';
import type {
  Order,
  OrderListReply,
  OrderPageReply,
  OrderReply,
  PageQuery,
  PayAuctionOrderBody,
  PayInfo,
  PlaceOrderReply,
} from '@marketplace/contract';
import { pageParams, type Page } from './paging';

/**
 * POST /orderauth (header authtoken + Idempotency-Key): orders the whole cart. The server prices
 * the cart, looks the coupon up and empties the cart, all in one transaction. Use one key per
 * checkout (e.g. crypto.randomUUID()) and reuse it on a retry: the same key resolves the first
 * order. Rejects 400 empty cart / bad field / coupon no longer valid, 401.
 */
export async function placeOrder(
  order: { billname: string; ordernote: string; billaddress: string; payinfo: PayInfo; couponname?: string },
  idempotencyKey: string,
): Promise<{ orderid: number }> {
  const authtoken = requireLoginToken();
  const res = await http.post<PlaceOrderReply>('/orderauth', order, {
    headers: { authtoken, 'Idempotency-Key': idempotencyKey },
  });
  return res.data.data;
}

/** @deprecated The API answers one page: use getOrdersPage. The newest orders. */
export async function getOrders(): Promise<Order[]> {
  const authtoken = requireLoginToken();
  const res = await http.get<OrderListReply>('/allorders', { headers: { authtoken } });
  return res.data.data;
}

/** GET /allorders: a page of the signed-in user's orders, newest first (20 by default, at most 100). */
export async function getOrdersPage(page?: PageQuery): Promise<Page<Order>> {
  const authtoken = requireLoginToken();
  const res = await http.get<OrderPageReply>('/allorders', { headers: { authtoken }, params: pageParams(page) });
  return { items: res.data.data, next: res.data.next };
}

/** GET /order (headers authtoken, orderid). Rejects 404 'Order not found' (also for another user's order). */
export async function getOrder(orderid: number): Promise<Order> {
  const authtoken = requireLoginToken();
  const res = await http.get<OrderReply>('/order', { headers: { authtoken, orderid: String(orderid) } });
  return res.data.data;
}

/**
 * DELETE /cancelorder (headers authtoken, orderid): cancels an order not yet Delivered (it stays
 * on record as Cancelled). Rejects 409 when Delivered or already Cancelled, 404 unknown / not yours.
 */
export async function cancelOrder(orderid: number): Promise<{ msg: string }> {
  const authtoken = requireLoginToken();
  const res = await http.delete<OrderReply>('/cancelorder', { headers: { authtoken, orderid: String(orderid) } });
  return { msg: res.data.msg };
}

/**
 * PUT /payauctionorder (header authtoken): the winner of an auction item completes its order
 * (Awaiting payment) with a bill name, an address and a payment choice; it is then Processing.
 * Rejects 400 bad field ('Please Enter Bill name and select the Address'), 404 not your auction
 * order, 409 already completed or cancelled, 401.
 */
export async function payAuctionOrder(body: PayAuctionOrderBody): Promise<{ msg: string; order: Order }> {
  const authtoken = requireLoginToken();
  const res = await http.put<OrderReply>('/payauctionorder', body, { headers: { authtoken } });
  return { msg: res.data.msg, order: res.data.data };
}
