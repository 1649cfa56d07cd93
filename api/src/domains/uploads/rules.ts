import { UPLOAD_MAX_BYTES } from '@marketplace/contract';

export const UPLOAD_MESSAGES = {
  tooLarge: `The photo is too large: at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB`,
  notMultipart: 'Send the photo as multipart/form-data with one file field',
  noFile: 'No file in the upload: send one PNG file field',
  unreadable: 'The upload could not be read: send multipart/form-data with one PNG file field',
  empty: 'The file is empty',
  tooMany: 'Too many photo uploads.',
  imageNotFound: 'Image not found',
} as const;

/** Decoded pixels a photo may have: 40 megapixels at 8 bits per channel is at most 160 MB to decode. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/** Room for the multipart envelope around a photo of the largest size. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/** The message of the hourly byte budget. */
export const overBudget = (megabytesPerHour: number) =>
  `You have uploaded more than ${megabytesPerHour} MB of photos this hour.`;

/** Whether an If-None-Match header names this ETag (weak or strong). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));
}
