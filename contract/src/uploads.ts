import { Type, type Static } from 'typebox';
import { Envelope } from './common';

/**
 * POST /uploadimage and POST /upload: multipart with one file field, header authtoken.
 * PNG only (checked by its bytes), at most UPLOAD_MAX_BYTES, at most UPLOAD_MAX_DIMENSION pixels
 * a side. data: the photo's URL (`{api}/images/{sha256}.png`), to send in `photos` of POST /product.
 */
export const UploadReply = Envelope(Type.String());
export type UploadReply = Static<typeof UploadReply>;
