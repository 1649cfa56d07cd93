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
import { HttpError, notFound } from '../lib/errors';
import { decodeCursor, pageLimit, pageOf } from '../lib/paging';
import { PRODUCT_COLUMNS, toProduct } from '../domains/catalogue/repository';
import { replies } from './common';

async function wishlistCount(db: Kysely<Database>, userid: number): Promise<number> {
  const row = await db.selectFrom('wishlist_items').select((eb) => eb.fn.countAll<string>().as('n')).where('userid', '=', userid).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Keeps a product in one of the caller's lists (wishlist, price alerts): already there → not
 * added; an unknown product → 404; a list at its cap → 409. Resolves whether it was added and
 * how many the list holds.
 */
async function keepProduct(
  db: Kysely<Database>,
  table: 'wishlist_items' | 'price_alerts',
  userid: number,
  productid: number,
  cap: number,
  messages: { productNotFound: string; full: string },
): Promise<{ added: boolean; count: number }> {
  const [product, there, held] = await Promise.all([
    db.selectFrom('products').select('productid').where('productid', '=', productid).executeTakeFirst(),
    db.selectFrom(table).select('userid').where('userid', '=', userid).where('productid', '=', productid).executeTakeFirst(),
    db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('userid', '=', userid).executeTakeFirstOrThrow(),
  ]);
  const count = Number(held.n);
  if (!product) throw notFound(messages.productNotFound);
  if (there) return { added: false, count };
  if (count >= cap) throw new HttpError(409, messages.full);
  await db
    .insertInto(table)
    .values({ userid, productid })
    .onConflict((oc) => oc.columns(['userid', 'productid']).doNothing())
    .execute()
    // A product taken down since it was read: the foreign key refuses it.
    .catch((err: { code?: string }) => {
      if (err.code === '23503') throw notFound(messages.productNotFound);
      throw err;
    });
  return { added: true, count: count + 1 };
}

/** The wishlist and price-drop alerts: the caller's own rows only (the user comes from the token, never from the request). */
export function wishlistRoutes(app: App) {
  const { db, config } = app.ctx;

  app.get('/wishlist', { schema: { headers: AuthHeaders, querystring: WishlistPageQuery, response: replies(WishlistPageReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
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

  app.post('/wishlist', { schema: { headers: AuthHeaders, body: WishlistBody, response: replies(WishlistChangeReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    const { added, count } = await keepProduct(db, 'wishlist_items', user.userid, req.body.productid, WISHLIST_MAX, WISHLIST_MESSAGES);
    return { status: 200, msg: added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.already, data: { count } };
  });

  app.delete('/wishlist/:id', { schema: { headers: AuthHeaders, params: IdParams, response: replies(WishlistChangeReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    const removed = await db.deleteFrom('wishlist_items').where('userid', '=', user.userid).where('productid', '=', req.params.id).executeTakeFirst();
    if (!Number(removed.numDeletedRows)) throw notFound(WISHLIST_MESSAGES.notIn);
    return { status: 200, msg: WISHLIST_MESSAGES.removed, data: { count: await wishlistCount(db, user.userid) } };
  });

  app.delete('/wishlist', { schema: { headers: AuthHeaders, response: replies(WishlistChangeReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    await db.deleteFrom('wishlist_items').where('userid', '=', user.userid).execute();
    return { status: 200, msg: WISHLIST_MESSAGES.cleared, data: { count: 0 } };
  });

  app.get('/pricealerts/:id', { schema: { headers: AuthHeaders, params: IdParams, response: replies(PriceAlertReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    const row = await db.selectFrom('price_alerts').select('alertid').where('userid', '=', user.userid).where('productid', '=', req.params.id).executeTakeFirst();
    return { status: 200, msg: row ? PRICE_ALERT_MESSAGES.on : 'No price alert for this product', data: { watching: Boolean(row) } };
  });

  app.post('/pricealerts', { schema: { headers: AuthHeaders, body: PriceAlertBody, response: replies(PriceAlertReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    await keepProduct(db, 'price_alerts', user.userid, req.body.productid, PRICE_ALERTS_MAX, PRICE_ALERT_MESSAGES);
    return { status: 200, msg: PRICE_ALERT_MESSAGES.on, data: { watching: true } };
  });

  app.delete('/pricealerts/:id', { schema: { headers: AuthHeaders, params: IdParams, response: replies(PriceAlertReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    await db.deleteFrom('price_alerts').where('userid', '=', user.userid).where('productid', '=', req.params.id).execute();
    return { status: 200, msg: PRICE_ALERT_MESSAGES.off, data: { watching: false } };
  });
}
