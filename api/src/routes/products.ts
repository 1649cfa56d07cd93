import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  AuthHeaders,
  CreateProductBody,
  CreateProductReply,
  IdParams,
  MY_PRODUCTS_PAGE,
  MessageReply,
  MyProductsPageQuery,
  MyProductsPageReply,
  PRODUCT_MESSAGES,
  SELLER_MESSAGES,
} from '@marketplace/shared/contract';
import { publicBase, type App, type AppContext } from '../context';
import type { Database } from '../db/schema';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { notifyCatalogueChanged } from '../lib/catalogue-cache';
import { decodeCursor, pageLimit, pageOf } from '../lib/paging';
import { PRODUCT_COLUMNS, toProduct } from '../domains/catalogue/repository';
import { replies } from './common';

const FOREIGN_PHOTO = 'Photos must be images uploaded to this shop (POST /uploadimage)';
const PHOTO_URL = /^(https?:\/\/[^/?#]+)?\/images\/([0-9a-f]{64})\.png$/i;

/**
 * The content hash of a photo URL that this API handed out (`{base}/images/{hash}.png`, or the
 * path alone); null for anything else (another host, another path, a data: URL...).
 */
export function ownPhotoHash(url: string, bases: string[]): string | null {
  const m = PHOTO_URL.exec(url.trim());
  if (!m) return null;
  if (m[1] && !bases.some((b) => b.toLowerCase() === m[1].toLowerCase())) return null;
  return m[2].toLowerCase();
}

/** A product as the seller sends it (Add Product and its edit): the values to store, or 400 with the field's message. */
async function productValues(db: Kysely<Database>, config: AppContext['config'], req: FastifyRequest, body: CreateProductBody) {
  const price = Math.round(body.price * 100) / 100;
  if (!(price > 0)) throw badRequest(PRODUCT_MESSAGES.price);
  const rating = Math.round(body.rating * 10) / 10;
  if (!(rating > 0 && rating <= 5)) throw badRequest(PRODUCT_MESSAGES.rating);

  const urls = body.photos ?? (body.photo ? [body.photo] : []);
  if (urls.length === 0) throw badRequest(PRODUCT_MESSAGES.photos);
  const base = publicBase(config, req);
  const bases = [base, ...(config.publicUrl ? [config.publicUrl] : [])];
  const hashes: string[] = [];
  for (const url of urls) {
    const hash = ownPhotoHash(url, bases);
    if (!hash) throw badRequest(FOREIGN_PHOTO);
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  const stored = await db.selectFrom('images').select('hash').where('hash', 'in', hashes).where('mime', '=', 'image/png').execute();
  if (stored.length !== hashes.length) throw badRequest(FOREIGN_PHOTO);
  return {
    productname: body.productname.trim(),
    title: body.title.trim(),
    description: body.description.trim(),
    price,
    rating,
    photo_hash: hashes[0]!,
    photo_hashes: JSON.stringify(hashes),
    location: (body.location ?? '').trim(),
  };
}

const rupees = (n: number) => `Rs. ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Watchers are mailed a batch at a time (their rows read by keyset, never all at once). */
const WATCHER_BATCH = 500;

/**
 * POST /product lists a product for sale; a seller's own listings: GET /myproducts, PUT and
 * DELETE /product/{id} (403 for anyone else's). The seller is always the caller; a `userid` in
 * a body is ignored. Every change reaches every process's catalogue cache with its commit.
 */
export function productRoutes(app: App) {
  const { db, config, catalogue, mailer } = app.ctx;
  // Price-drop mails still being handed to the mailer: a closing app waits for them.
  const mailing = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...mailing]);
  });

  /** One mail to each watcher of a product whose price went down (after the change committed). */
  async function mailWatchers(product: { productid: number; productname: string }, was: number, now: number): Promise<void> {
    const link = `${config.storefrontUrl}/productdetails/${product.productid}`;
    let after = 0;
    for (;;) {
      const watchers = await db
        .selectFrom('price_alerts')
        .innerJoin('users', 'users.userid', 'price_alerts.userid')
        .select(['price_alerts.alertid', 'users.email', 'users.firstname'])
        .where('price_alerts.productid', '=', product.productid)
        .where('price_alerts.alertid', '>', after)
        .orderBy('price_alerts.alertid')
        .limit(WATCHER_BATCH)
        .execute();
      for (const w of watchers) {
        mailer.sendLater({
          to: w.email,
          subject: `Price drop: ${product.productname} is now ${rupees(now)}`,
          text: [
            `Hello ${w.firstname},`,
            '',
            `The price of ${product.productname} has dropped from ${rupees(was)} to ${rupees(now)}.`,
            '',
            `See it here: ${link}`,
            '',
            "You asked us to tell you when its price drops. To stop these emails, press 'Email me when the price drops' again on the product page.",
          ].join('\n'),
        });
      }
      if (watchers.length < WATCHER_BATCH) return;
      after = watchers[watchers.length - 1]!.alertid;
    }
  }

  app.post('/product', { schema: { headers: AuthHeaders, body: CreateProductBody, response: replies(CreateProductReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    const values = await productValues(db, config, req, req.body);
    // The insert and the notice to every process's catalogue cache commit together.
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('products')
        .values({ ...values, userid: user.userid })
        .returning(PRODUCT_COLUMNS)
        .executeTakeFirstOrThrow();
      await notifyCatalogueChanged(trx);
      return inserted;
    });
    // Our own notification arrives later: this process's next read must already see the product.
    catalogue.forgetAll();
    return { status: 200, msg: 'Product Added Successfully', data: toProduct(row, publicBase(config, req)) };
  });

  app.get('/myproducts', { schema: { headers: AuthHeaders, querystring: MyProductsPageQuery, response: replies(MyProductsPageReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    const limit = pageLimit(req.query, MY_PRODUCTS_PAGE);
    const before = decodeCursor(req.query.cursor, ['int'])?.[0];
    const rows = await db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('userid', '=', user.userid)
      .$if(before !== undefined, (q) => q.where('productid', '<', before!))
      .orderBy('productid', 'desc')
      .limit(limit + 1)
      .execute();
    const page = pageOf(rows, limit, (r) => [r.productid]);
    const base = publicBase(config, req);
    return { status: 200, msg: page.rows.length || before !== undefined ? 'Your products' : 'You have not listed any products yet', data: page.rows.map((r) => toProduct(r, base)), next: page.next };
  });

  /** The caller's own product, locked for the change, or 404 / 403. */
  async function ownProduct(trx: Kysely<Database>, productid: number, userid: number) {
    const row = await trx.selectFrom('products').select(['userid', 'price']).where('productid', '=', productid).forUpdate().executeTakeFirst();
    if (!row) throw notFound(SELLER_MESSAGES.notFound);
    if (row.userid !== userid) throw forbidden(SELLER_MESSAGES.notYours);
    return { price: Number(row.price) };
  }

  app.put('/product/:id', { schema: { headers: AuthHeaders, params: IdParams, body: CreateProductBody, response: replies(CreateProductReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    const values = await productValues(db, config, req, req.body);
    const { row, was } = await db.transaction().execute(async (trx) => {
      const { price: was } = await ownProduct(trx, req.params.id, user.userid);
      const row = await trx.updateTable('products').set(values).where('productid', '=', req.params.id).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow();
      await notifyCatalogueChanged(trx);
      return { row, was };
    });
    catalogue.forgetAll();
    if (values.price < was) {
      const task = mailWatchers(row, was, values.price).catch((err: unknown) => req.log.error({ err }, 'Could not mail the price drop'));
      mailing.add(task);
      void task.finally(() => mailing.delete(task));
    }
    return { status: 200, msg: SELLER_MESSAGES.updated, data: toProduct(row, publicBase(config, req)) };
  });

  // Taken down: out of the catalogue, search, carts, wishlists and alerts; orders keep their lines.
  app.delete('/product/:id', { schema: { headers: AuthHeaders, params: IdParams, response: replies(MessageReply) }, config: { auth: { token: 'header' } } }, async (req) => {
    const { user } = req;
    await db.transaction().execute(async (trx) => {
      await ownProduct(trx, req.params.id, user.userid);
      await trx.deleteFrom('products').where('productid', '=', req.params.id).execute();
      await notifyCatalogueChanged(trx);
    });
    catalogue.forgetAll();
    return { status: 200, msg: SELLER_MESSAGES.removed, data: null };
  });
}
