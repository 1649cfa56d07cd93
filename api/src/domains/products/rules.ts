import { PRODUCT_MESSAGES, SELLER_MESSAGES, type UpdateProductBody } from '@marketplace/contract';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/errors';

export const FOREIGN_PHOTO = 'Photos must be images uploaded to this shop (POST /uploadimage)';
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

/**
 * A product as the seller sends it (Add Product and its edit): the values to store, or 400 with
 * the field's message. `bases`: the origins this API's image URLs start with. Whether the photos
 * are stored PNGs is the caller's check (photo_hashes). `stock` only when sent (an edit without
 * it keeps the units; Add Product's schema requires it).
 */
export function productTerms(body: UpdateProductBody, bases: string[]) {
  const price = Math.round(body.price * 100) / 100;
  if (!(price > 0)) throw badRequest(PRODUCT_MESSAGES.price);
  const rating = Math.round(body.rating * 10) / 10;
  if (!(rating > 0 && rating <= 5)) throw badRequest(PRODUCT_MESSAGES.rating);

  const urls = body.photos ?? (body.photo ? [body.photo] : []);
  if (urls.length === 0) throw badRequest(PRODUCT_MESSAGES.photos);
  const hashes: string[] = [];
  for (const url of urls) {
    const hash = ownPhotoHash(url, bases);
    if (!hash) throw badRequest(FOREIGN_PHOTO);
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return {
    values: {
      productname: body.productname.trim(),
      title: body.title.trim(),
      description: body.description.trim(),
      price,
      rating,
      photo_hash: hashes[0]!,
      photo_hashes: JSON.stringify(hashes),
      location: (body.location ?? '').trim(),
      ...(body.stock !== undefined ? { stock: body.stock } : {}),
    },
    hashes,
  };
}

export type ProductValues = ReturnType<typeof productTerms>['values'];

/** Only the seller changes a listing: 404 for an unknown product, 403 for someone else's. */
export function ownershipRefusal(product: { userid: number } | undefined, caller: number): HttpError | undefined {
  if (!product) return notFound(SELLER_MESSAGES.notFound);
  if (product.userid !== caller) return forbidden(SELLER_MESSAGES.notYours);
  return undefined;
}
