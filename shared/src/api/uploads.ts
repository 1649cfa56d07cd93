import { http, requireLoginToken } from './http';
import type { UploadReply } from '@marketplace/contract';

/**
 * POST /uploadimage (multipart, one file field, header authtoken): stores one PNG photo and
 * resolves its URL (send it in `photos` of createProduct). Rejects 400 not a PNG / absurd
 * dimensions, 413 above 5 MB, 401.
 */
export async function uploadPhoto(file: Blob, filename = 'photo.png'): Promise<string> {
  const authtoken = requireLoginToken();
  const form = new FormData();
  form.append('file', file, filename);
  const res = await http.post<UploadReply>('/uploadimage', form, { headers: { authtoken } });
  return res.data.data;
}
