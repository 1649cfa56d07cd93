import { Type, type Static } from 'typebox';
import { Envelope } from './common';

/**
 * POST /uploadimage and POST /upload: multipart with one file field, header authtoken.
 * PNG only (checked by its bytes), at most UPLOAD_MAX_BYTES, at most UPLOAD_MAX_DIMENSION pixels
 * a side. data: the photo's URL (`{api}/images/{sha256}.png`), to send in `photos` of POST /product.
 */
export const UploadReply = Envelope(Type.String());
export type UploadReply = Static<typeof UploadReply>;

/**
 * Smaller copies of a stored photo, for `<picture>`: `avif` and `webp` are `srcset` lists of the
 * copies kept (`{api}/images/{sha256}-{width}.avif 320w, …`, at most 4 widths, never wider than
 * the photo; a format may be missing), `width` and `height` the photo's own size. Absent where a
 * reply has a photo but no copies (not made yet, or the photo could not be converted): then the
 * PNG (`photo`) alone, which stays the original and the fallback.
 */
export const PhotoSources = Type.Object({
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  avif: Type.Optional(Type.String()),
  webp: Type.Optional(Type.String()),
});
export type PhotoSources = Static<typeof PhotoSources>;
