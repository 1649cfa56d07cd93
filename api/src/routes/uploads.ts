import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthHeaders, UPLOAD_MAX_BYTES, UPLOAD_MAX_DIMENSION, UploadReply } from '@marketplace/shared/contract';
import { imageUrl, publicBase, type App } from '../context';
import { sha256Hex } from '../lib/crypto';
import { HttpError, badRequest } from '../lib/errors';
import { inspectPng } from '../lib/png';
import { enforceRateLimit } from '../lib/ratelimit';
import { replies } from './common';

const TOO_LARGE = `The photo is too large: at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB`;
const NOT_MULTIPART = 'Send the photo as multipart/form-data with one file field';

/** Decoded pixels a photo may have: 40 megapixels at 8 bits per channel is at most 160 MB to decode. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/**
 * POST /uploadimage and POST /upload (spec names; same behaviour): one PNG photo per request,
 * header authtoken. Checked by its bytes (signature, chunks, CRCs, image data), at most 5 MB and
 * 8000 × 8000 pixels, 40 megapixels and 8 bits per channel (checked from the header, before
 * inflating), stored once by its SHA-256 and answered with its URL.
 */
export function uploadRoutes(app: App) {
  const { db, config } = app.ctx;

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
      throwFileSizeLimit: true,
    });

    const handler = async (req: FastifyRequest<{ Headers: AuthHeaders }>, reply: FastifyReply) => {
      const { user } = req;
      // Refuse an obviously oversized body before reading it (the multipart envelope adds a little).
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > UPLOAD_MAX_BYTES + 64 * 1024) throw new HttpError(413, TOO_LARGE);
      if (!req.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
      await enforceRateLimit(
        db,
        'upload',
        // Per user, not per IP (many users may share an address).
        { perIp: 1_000_000_000, perEmail: config.uploadsPerHour, perEmailAnywhere: config.uploadsPerHour, windowSeconds: 3600 },
        { ip: req.ip, email: `user:${user.userid}` },
        'Too many photo uploads.',
      );

      let content: Buffer;
      try {
        const part = await req.file();
        if (!part) throw badRequest('No file in the upload: send one PNG file field');
        content = await part.toBuffer();
      } catch (e) {
        if (e instanceof HttpError) throw e;
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, NOT_MULTIPART);
        req.log.warn({ code, err: (e as Error).message }, 'upload could not be read');
        throw badRequest('The upload could not be read: send multipart/form-data with one PNG file field');
      }
      if (content.length === 0) throw badRequest('The file is empty');
      const { width, height } = await inspectPng(content, { maxDimension: UPLOAD_MAX_DIMENSION, maxPixels: UPLOAD_MAX_PIXELS });

      // A byte budget per user and hour (counted in kilobytes), besides the count above.
      const budgetKb = config.uploadMegabytesPerHour * 1024;
      await enforceRateLimit(
        db,
        'upload-kb',
        { perIp: Number.MAX_SAFE_INTEGER, perEmail: budgetKb, perEmailAnywhere: budgetKb, windowSeconds: 3600 },
        { ip: req.ip, email: `user:${user.userid}` },
        `You have uploaded more than ${config.uploadMegabytesPerHour} MB of photos this hour.`,
        Math.ceil(content.length / 1024),
      );

      const hash = sha256Hex(content);
      await db
        .insertInto('images')
        .values({ hash, content, mime: 'image/png', bytes: content.length, width, height, uploaded_by: user.userid })
        .onConflict((oc) => oc.column('hash').doNothing())
        .execute();
      return reply.send({ status: 200, msg: 'File Upload Successfully', data: imageUrl(publicBase(config, req), hash) });
    };

    const options = { schema: { headers: AuthHeaders, response: replies(UploadReply) }, config: { auth: { token: 'header' as const } } };
    scope.post('/uploadimage', options, handler);
    scope.post('/upload', options, handler);
  });
}
