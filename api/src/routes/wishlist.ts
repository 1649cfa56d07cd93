import type { Kysely } from 'kysely';
import {
  AuthHeaders,
  IdParams,
  PRICE_ALERTS_MAX,
  PRICE_ALERT_MESSAGES,
  PriceAlertBody,
  PriceAlertReply,
  WISHLIST_MAX,
  WISHLIST_MESSAGES,
  WISHLIST_PAGE,
  WishlistBody,
  WishlistChangeReply,
  WishlistPageQuery,
  WishlistPageReply,
} from '@marketplace/shared/contract';
import { publicBase, type App } from '../context';
import type { Database } from '../db/schema';
import { requireUser } from '../lib/auth';
import { HttpError, notFound } from '../lib/errors';
import { decodeCursor, pageLimit, pageOf } from '../lib/paging';
import { PRODUCT_COLUMNS, toProduct } from './catalog';
import { replies } from './common';

async function wishlistCount(db: Kysely<Database>, userid: number): Promise<number> {
  const row = await db.selectFrom('wishlist_items').select((eb) => eb.fn.countAll<string>().as('n')).where('userid', '=', userid).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function productExists(db: Kysely<Database>, productid: number): Promise<boolean> {
  return Boolean(await db.selectFrom('products').select('productid').where('productid', '=', productid).executeTakeFirst());
}

/** The wishlist and price-drop alerts: the caller's own rows only (the user comes from the token, never from the request). */
export function wishlistRoutes(app: App) {
  const { db, config } = app.ctx;

  app.get('/wishlist', { schema: { headers: AuthHeaders, querystring: WishlistPageQuery, response: replies(WishlistPageReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    const limit = pageLimit(req.query, WISHLIST_PAGE);
    const before = decodeCursor(req.query.cursor, ['int'])?.[0];
    const rows = await db
      .selectFrom('wishlist_items')
      .innerJoin('products', 'products.productid', 'wishlist_items.productid')
      .select([...PRODUCT_COLUMNS.map((c) => `products.${c}` as const), 'wishlist_items.wishid'])
      .where('wishlist_items.userid', '=', user.userid)
      .$if(before !== undefined, (q) => q.where('wishlist_items.wishid', '<', before!))
      .orderBy('wishlist_items.wishid', 'desc')
      .limit(limit + 1)
      .execute();
    const page = pageOf(rows, limit, (r) => [r.wishid]);
    const base = publicBase(config, req);
    const count = page.rows.length < limit && before === undefined ? page.rows.length : await wishlistCount(db, user.userid);
    return { status: 200, msg: count ? 'Your wishlist' : 'Your wishlist is empty', data: page.rows.map((r) => toProduct(r, base)), next: page.next, count };
  });

  app.post('/wishlist', { schema: { headers: AuthHeaders, body: WishlistBody, response: replies(WishlistChangeReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    const { productid } = req.body;
    if (!(await productExists(db, productid))) throw notFound(WISHLIST_MESSAGES.productNotFound);
    const count = await wishlistCount(db, user.userid);
    const added = await db
      .insertInto('wishlist_items')
      .values({ userid: user.userid, productid })
      .onConflict((oc) => oc.columns(['userid', 'productid']).doNothing())
      .returning('wishid')
      .executeTakeFirst()
      // A product taken down between the check and the insert: the foreign key refuses it.
      .catch((err: { code?: string }) => {
        if (err.code === '23503') throw notFound(WISHLIST_MESSAGES.productNotFound);
        throw err;
      });
    if (!added) return { status: 200, msg: WISHLIST_MESSAGES.already, data: { count } };
    if (count >= WISHLIST_MAX) {
      await db.deleteFrom('wishlist_items').where('wishid', '=', added.wishid).execute();
      throw new HttpError(409, WISHLIST_MESSAGES.full);
    }
    return { status: 200, msg: WISHLIST_MESSAGES.added, data: { count: count + 1 } };
  });

  app.delete('/wishlist/:id', { schema: { headers: AuthHeaders, params: IdParams, response: replies(WishlistChangeReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    const removed = await db.deleteFrom('wishlist_items').where('userid', '=', user.userid).where('productid', '=', req.params.id).executeTakeFirst();
    if (!Number(removed.numDeletedRows)) throw notFound(WISHLIST_MESSAGES.notIn);
    return { status: 200, msg: WISHLIST_MESSAGES.removed, data: { count: await wishlistCount(db, user.userid) } };
  });

  app.delete('/wishlist', { schema: { headers: AuthHeaders, response: replies(WishlistChangeReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    await db.deleteFrom('wishlist_items').where('userid', '=', user.userid).execute();
    return { status: 200, msg: WISHLIST_MESSAGES.cleared, data: { count: 0 } };
  });

  app.get('/pricealerts/:id', { schema: { headers: AuthHeaders, params: IdParams, response: replies(PriceAlertReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    const row = await db.selectFrom('price_alerts').select('alertid').where('userid', '=', user.userid).where('productid', '=', req.params.id).executeTakeFirst();
    return { status: 200, msg: row ? PRICE_ALERT_MESSAGES.on : 'No price alert for this product', data: { watching: Boolean(row) } };
  });

  app.post('/pricealerts', { schema: { headers: AuthHeaders, body: PriceAlertBody, response: replies(PriceAlertReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    const { productid } = req.body;
    if (!(await productExists(db, productid))) throw notFound(PRICE_ALERT_MESSAGES.productNotFound);
    const watched = await db.selectFrom('price_alerts').select((eb) => eb.fn.countAll<string>().as('n')).where('userid', '=', user.userid).executeTakeFirstOrThrow();
    const inserted = await db
      .insertInto('price_alerts')
      .values({ userid: user.userid, productid })
      .onConflict((oc) => oc.columns(['userid', 'productid']).doNothing())
      .returning('alertid')
      .executeTakeFirst()
      .catch((err: { code?: string }) => {
        if (err.code === '23503') throw notFound(PRICE_ALERT_MESSAGES.productNotFound);
        throw err;
      });
    if (inserted && Number(watched.n) >= PRICE_ALERTS_MAX) {
      await db.deleteFrom('price_alerts').where('alertid', '=', inserted.alertid).execute();
      throw new HttpError(409, PRICE_ALERT_MESSAGES.full);
    }
    return { status: 200, msg: PRICE_ALERT_MESSAGES.on, data: { watching: true } };
  });

  app.delete('/pricealerts/:id', { schema: { headers: AuthHeaders, params: IdParams, response: replies(PriceAlertReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    await db.deleteFrom('price_alerts').where('userid', '=', user.userid).where('productid', '=', req.params.id).execute();
    return { status: 200, msg: PRICE_ALERT_MESSAGES.off, data: { watching: false } };
  });
}
