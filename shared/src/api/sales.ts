import { http, requireLoginToken } from './http';
import type { MarkShippedBody, Sale, SalesPageReply, SaleReply, SalesQuery } from '@marketplace/contract';
import { pageParams, type Page } from './paging';

/** What marking a shipment answers: the server's message (a toast) and the shipment as it now stands. */
export interface SaleChange {
  msg: string;
  sale: Sale;
}

/**
 * GET /sales (header authtoken): a page of the signed-in seller's shipments, newest first (20 by
 * default, at most 100), only those of `status` when given. Each carries the buyer's delivery
 * name, address and note, never their email. 400 bad status, 401.
 */
export async function getSalesPage(query: SalesQuery = {}): Promise<Page<Sale>> {
  const authtoken = requireLoginToken();
  const params = { ...pageParams(query), ...(query.status ? { status: query.status } : {}) };
  const res = await http.get<SalesPageReply>('/sales', { headers: { authtoken }, params });
  return { items: res.data.data, next: res.data.next };
}

/**
 * PUT /sales/{shipmentid}/shipped (header authtoken): the seller hands a Processing shipment to
 * `courier` with `tracking` (both required); the buyer is told. 400 the contract's
 * courier / tracking messages, 403 another seller's, 404, 409 awaiting payment, cancelled or
 * already shipped, 401.
 */
export async function markShipped(shipmentid: number, body: MarkShippedBody): Promise<SaleChange> {
  const authtoken = requireLoginToken();
  const res = await http.put<SaleReply>(`/sales/${encodeURIComponent(String(shipmentid))}/shipped`, body, {
    headers: { authtoken },
  });
  return { msg: res.data.msg, sale: res.data.data };
}

/** PUT /sales/{shipmentid}/delivered (header authtoken): a Shipped shipment arrived; the buyer is told. 403, 404, 409 not shipped yet, cancelled or already delivered, 401. */
export async function markDelivered(shipmentid: number): Promise<SaleChange> {
  const authtoken = requireLoginToken();
  const res = await http.put<SaleReply>(
    `/sales/${encodeURIComponent(String(shipmentid))}/delivered`,
    {},
    { headers: { authtoken } },
  );
  return { msg: res.data.msg, sale: res.data.data };
}
