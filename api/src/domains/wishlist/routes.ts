import {
  AuthHeaders,
  IdParams,
  PRICE_ALERTS_MAX,
  PRICE_ALERT_MESSAGES,
  PriceAlertBody,
  PriceAlertReply,
  STOCK_ALERTS_MAX,
  STOCK_ALERT_MESSAGES,
  StockAlertBody,
  StockAlertReply,
  WISHLIST_MAX,
  WISHLIST_MESSAGES,
  WISHLIST_PAGE,
  WishlistBody,
  WishlistChangeReply,
  WishlistPageQuery,
  WishlistPageReply,
} from '@marketplace/contract';
import { publicBase, type App } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { decodeCursor, pageLimit } from '../../lib/paging';
import { replies } from '../../lib/replies';
import { toProduct } from '../catalogue/repository';
import { photoSourcesOf } from '../uploads/sources';
import { clearWishlist, hasKept, keepProduct, removeKept, stockOf, wishlistCount, wishlistPage } from './repository';

/** The wishlist, price-drop alerts and back-in-stock requests: the caller's own rows only (the user comes from the token, never from the request). */
export function wishlistRoutes(app: App) {
  const { db, config } = app.ctx;

  app.get(
    '/wishlist',
    {
      schema: { headers: AuthHeaders, querystring: WishlistPageQuery, response: replies(WishlistPageReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const { user } = req;
      const limit = pageLimit(req.query, WISHLIST_PAGE);
      const before = decodeCursor(req.query.cursor, ['int'])?.[0];
      const page = await wishlistPage(db, user.userid, limit, before);
      const base = publicBase(config, req);
      const sources = await photoSourcesOf(
        db,
        base,
        page.rows.map((r) => r.photo_hash),
      );
      const count =
        page.rows.length < limit && before === undefined ? page.rows.length : await wishlistCount(db, user.userid);
      return {
        status: 200,
        msg: count ? 'Your wishlist' : 'Your wishlist is empty',
        data: page.rows.map((r) => toProduct(r, base, sources)),
        next: page.next,
        count,
      };
    },
  );

  app.post(
    '/wishlist',
    {
      schema: { headers: AuthHeaders, body: WishlistBody, response: replies(WishlistChangeReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const { user } = req;
      const { added, count } = await keepProduct(
        db,
        'wishlist_items',
        user.userid,
        req.body.productid,
        WISHLIST_MAX,
        WISHLIST_MESSAGES,
      );
      return { status: 200, msg: added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.already, data: { count } };
    },
  );

  app.delete(
    '/wishlist/:id',
    {
      schema: { headers: AuthHeaders, params: IdParams, response: replies(WishlistChangeReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const { user } = req;
      if (!(await removeKept(db, 'wishlist_items', user.userid, req.params.id)))
        throw notFound(WISHLIST_MESSAGES.notIn);
      return { status: 200, msg: WISHLIST_MESSAGES.removed, data: { count: await wishlistCount(db, user.userid) } };
    },
  );

  app.delete(
    '/wishlist',
    { schema: { headers: AuthHeaders, response: replies(WishlistChangeReply) }, config: { auth: { token: 'header' } } },
    async (req) => {
      await clearWishlist(db, req.user.userid);
      return { status: 200, msg: WISHLIST_MESSAGES.cleared, data: { count: 0 } };
    },
  );

  app.get(
    '/pricealerts/:id',
    {
      schema: { headers: AuthHeaders, params: IdParams, response: replies(PriceAlertReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const watching = await hasKept(db, 'price_alerts', req.user.userid, req.params.id);
      return {
        status: 200,
        msg: watching ? PRICE_ALERT_MESSAGES.on : 'No price alert for this product',
        data: { watching },
      };
    },
  );

  app.post(
    '/pricealerts',
    {
      schema: { headers: AuthHeaders, body: PriceAlertBody, response: replies(PriceAlertReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      await keepProduct(
        db,
        'price_alerts',
        req.user.userid,
        req.body.productid,
        PRICE_ALERTS_MAX,
        PRICE_ALERT_MESSAGES,
      );
      return { status: 200, msg: PRICE_ALERT_MESSAGES.on, data: { watching: true } };
    },
  );

  app.delete(
    '/pricealerts/:id',
    {
      schema: { headers: AuthHeaders, params: IdParams, response: replies(PriceAlertReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      await removeKept(db, 'price_alerts', req.user.userid, req.params.id);
      return { status: 200, msg: PRICE_ALERT_MESSAGES.off, data: { watching: false } };
    },
  );

  app.get(
    '/stockalerts/:id',
    {
      schema: { headers: AuthHeaders, params: IdParams, response: replies(StockAlertReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const waiting = await hasKept(db, 'stock_alerts', req.user.userid, req.params.id);
      return {
        status: 200,
        msg: waiting ? STOCK_ALERT_MESSAGES.on : 'Not waiting for this product',
        data: { waiting },
      };
    },
  );

  /** Only for a product out of stock (409 otherwise): the request is answered by one mail when it is back. */
  app.post(
    '/stockalerts',
    {
      schema: { headers: AuthHeaders, body: StockAlertBody, response: replies(StockAlertReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const stock = await stockOf(db, req.body.productid);
      if (stock === undefined) throw notFound(STOCK_ALERT_MESSAGES.productNotFound);
      if (stock > 0) throw conflict(STOCK_ALERT_MESSAGES.inStock);
      await keepProduct(
        db,
        'stock_alerts',
        req.user.userid,
        req.body.productid,
        STOCK_ALERTS_MAX,
        STOCK_ALERT_MESSAGES,
      );
      return { status: 200, msg: STOCK_ALERT_MESSAGES.on, data: { waiting: true } };
    },
  );

  app.delete(
    '/stockalerts/:id',
    {
      schema: { headers: AuthHeaders, params: IdParams, response: replies(StockAlertReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      await removeKept(db, 'stock_alerts', req.user.userid, req.params.id);
      return { status: 200, msg: STOCK_ALERT_MESSAGES.off, data: { waiting: false } };
    },
  );
}
