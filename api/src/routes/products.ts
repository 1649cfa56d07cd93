import { AuthHeaders, CreateProductBody, CreateProductReply, PRODUCT_MESSAGES } from '@marketplace/shared/contract';
import { publicBase, type App } from '../context';
import { requireUser } from '../lib/auth';
import { badRequest } from '../lib/errors';
import { notifyCatalogueChanged } from '../lib/catalogue-cache';
import { PRODUCT_COLUMNS, toProduct } from './catalog';
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

/** POST /product: lists a product for sale. The seller is the caller; a `userid` in the body is ignored. */
export function productRoutes(app: App) {
  const { db, config, catalogue } = app.ctx;

  app.post('/product', { schema: { headers: AuthHeaders, body: CreateProductBody, response: replies(CreateProductReply) } }, async (req) => {
    const user = await requireUser(app.ctx, req.headers.authtoken);
    const body = req.body;
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

    // The insert and the notice to every process's catalogue cache commit together.
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('products')
        .values({
          productname: body.productname.trim(),
          title: body.title.trim(),
          description: body.description.trim(),
          price,
          rating,
          photo_hash: hashes[0],
          photo_hashes: JSON.stringify(hashes),
          location: (body.location ?? '').trim(),
          userid: user.userid,
        })
        .returning(PRODUCT_COLUMNS)
        .executeTakeFirstOrThrow();
      await notifyCatalogueChanged(trx);
      return inserted;
    });
    // Our own notification arrives later: this process's next read must already see the product.
    catalogue.forgetAll();
    return { status: 200, msg: 'Product Added Successfully', data: toProduct(row, base) };
  });
}
