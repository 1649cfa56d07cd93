import {
  AuthHeaders,
  MarkShippedBody,
  SALES_PAGE,
  SHIPMENT_MESSAGES,
  SaleReply,
  SalesPageReply,
  SalesQuery,
  ShipmentParams,
} from '@marketplace/contract';
import type { App } from '../../context';
import { decodeCursor, pageLimit } from '../../lib/paging';
import { replies } from '../../lib/replies';
import { loadSales, moveSale } from './repository';

/**
 * A seller's orders to ship (issue 26): their shipments, and the two steps they take (shipped
 * with a courier and tracking number, then delivered). The seller is the caller (from the token);
 * a shipment of anyone else is 403.
 */
export function salesRoutes(app: App) {
  const { db } = app.ctx;
  const auth = { auth: { token: 'header' as const } };

  app.get(
    '/sales',
    { schema: { headers: AuthHeaders, querystring: SalesQuery, response: replies(SalesPageReply) }, config: auth },
    async (req) => {
      const before = decodeCursor(req.query.cursor, ['int'])?.[0];
      const limit = pageLimit(req.query, SALES_PAGE);
      const page = await loadSales(db, req.user.userid, { status: req.query.status, before, limit });
      const msg = page.rows.length || before !== undefined ? SHIPMENT_MESSAGES.list : SHIPMENT_MESSAGES.none;
      return { status: 200, msg, data: page.rows, next: page.next };
    },
  );

  /** The shipment as its seller now sees it, after a step; the buyer's mail goes out from the outbox. */
  const afterStep = async (sellerid: number, shipmentid: number, msg: string) => {
    app.ctx.noticeMail.wake();
    const { rows } = await loadSales(db, sellerid, { shipmentid });
    return { status: 200, msg, data: rows[0]! };
  };

  app.put(
    '/sales/:shipmentid/shipped',
    {
      schema: { headers: AuthHeaders, params: ShipmentParams, body: MarkShippedBody, response: replies(SaleReply) },
      config: auth,
    },
    async (req) => {
      const { shipmentid } = req.params;
      await moveSale(db, req.user.userid, shipmentid, { to: 'shipped', body: req.body });
      return afterStep(req.user.userid, shipmentid, SHIPMENT_MESSAGES.shipped);
    },
  );

  app.put(
    '/sales/:shipmentid/delivered',
    { schema: { headers: AuthHeaders, params: ShipmentParams, response: replies(SaleReply) }, config: auth },
    async (req) => {
      const { shipmentid } = req.params;
      await moveSale(db, req.user.userid, shipmentid, { to: 'delivered' });
      return afterStep(req.user.userid, shipmentid, SHIPMENT_MESSAGES.delivered);
    },
  );
}
