import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AuthHeaders, ErrorReply, UPLOAD_MAX_BYTES, UPLOAD_MAX_DIMENSION, UploadReply } from '@marketplace/contract';
import { imageUrl, publicBase, type App } from '../../context';
import { sha256Hex } from '../../lib/crypto';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { enforceRateLimit } from '../../lib/ratelimit';
import { replies } from '../../lib/replies';
import { inspectPng } from './png';
import { imageByHash, imageExists, storeImage, variantByKey } from './repository';
import { MULTIPART_ENVELOPE_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_MESSAGES, matchesEtag, overBudget } from './rules';

/**
 * POST /uploadimage and POST /upload (spec names; same behaviour): one PNG photo per request,
 * header authtoken. Checked by its bytes (signature, chunks, CRCs, image data), at most 5 MB and
 * 8000 × 8000 pixels, 40 megapixels and 8 bits per channel (checked from the header, before
 * inflating), stored once by its SHA-256 with its WebP and AVIF copies (variants.ts), and
 * answered with its URL.
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
      // Refuse an obviously oversized body before reading it.
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > UPLOAD_MAX_BYTES + MULTIPART_ENVELOPE_BYTES) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
      if (!req.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
      await enforceRateLimit(
        db,
        'upload',
        // Per user, not per IP (many users may share an address).
        {
          perIp: 1_000_000_000,
          perEmail: config.uploadsPerHour,
          perEmailAnywhere: config.uploadsPerHour,
          windowSeconds: 3600,
        },
        { ip: req.ip, email: `user:${user.userid}` },
        UPLOAD_MESSAGES.tooMany,
      );

      let content: Buffer;
      try {
        const part = await req.file();
        if (!part) throw badRequest(UPLOAD_MESSAGES.noFile);
        content = await part.toBuffer();
        // The parser can end a file at its limit after toBuffer() read its last chunk, so toBuffer() resolves
        // with the first 5 MB instead of throwing (seen under load as 400 'damaged' for a 6 MB upload).
        if (part.file.truncated) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
      } catch (e) {
        if (e instanceof HttpError) throw e;
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
        req.log.warn({ code, err: (e as Error).message }, 'upload could not be read');
        throw badRequest(UPLOAD_MESSAGES.unreadable);
      }
      if (content.length === 0) throw badRequest(UPLOAD_MESSAGES.empty);
      const { width, height } = await inspectPng(content, {
        maxDimension: UPLOAD_MAX_DIMENSION,
        maxPixels: UPLOAD_MAX_PIXELS,
      });

      // A byte budget per user and hour (counted in kilobytes), besides the count above.
      const budgetKb = config.uploadMegabytesPerHour * 1024;
      await enforceRateLimit(
        db,
        'upload-kb',
        { perIp: Number.MAX_SAFE_INTEGER, perEmail: budgetKb, perEmailAnywhere: budgetKb, windowSeconds: 3600 },
        { ip: req.ip, email: `user:${user.userid}` },
        overBudget(config.uploadMegabytesPerHour),
        Math.ceil(content.length / 1024),
      );

      const hash = sha256Hex(content);
      await storeImage(db, { hash, content, width, height, uploadedBy: user.userid });
      // Its WebP and AVIF copies, before its URL goes out (a photo that cannot be converted stays PNG only).
      await app.ctx.imageVariants.makeFor(hash);
      return reply.send({
        status: 200,
        msg: 'File Upload Successfully',
        data: imageUrl(publicBase(config, req), hash),
      });
    };

    const options = {
      schema: { headers: AuthHeaders, response: replies(UploadReply) },
      config: { auth: { token: 'header' as const } },
    };
    scope.post('/uploadimage', options, handler);
    scope.post('/upload', options, handler);
  });
}

const ImageParams = Type.Object({
  file: Type.String({
    pattern: '^[0-9a-f]{64}(\\.png|-[1-9][0-9]{0,3}\\.(avif|webp))$',
    errorMessage: 'Image name must be a SHA-256 hash followed by .png, or by -{width}.avif or -{width}.webp',
  }),
});

const VARIANT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

/**
 * Stored images by content hash: the PNG (`{hash}.png`) and its stored copies
 * (`{hash}-{width}.avif`, `.webp`; only those made: see variants.ts). A URL never changes
 * content, so caches may keep it for a year.
 */
export function imageRoutes(app: App) {
  const { db } = app.ctx;
  app.get(
    '/images/:file',
    {
      schema: {
        params: ImageParams,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          '4xx': ErrorReply,
          '5xx': ErrorReply,
        },
      },
    },
    async (req, reply) => {
      const { file } = req.params;
      const hash = file.slice(0, 64);
      const variant = /^-(\d+)\.(avif|webp)$/.exec(file.slice(64));
      const etag = `"${file.replace(/\.png$/, '')}"`;
      const cacheHeaders = {
        'cache-control': 'public, max-age=31536000, immutable',
        etag,
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'cross-origin',
      };
      if (variant) {
        const format = variant[2] as keyof typeof VARIANT_TYPES;
        const row = await variantByKey(db, hash, format, Number(variant[1]));
        if (!row) throw notFound(UPLOAD_MESSAGES.imageNotFound);
        if (matchesEtag(req.headers['if-none-match'], etag))
          return reply.code(304).headers(cacheHeaders).send(Buffer.alloc(0));
        return reply
          .code(200)
          .headers({ ...cacheHeaders, 'content-type': VARIANT_TYPES[format] })
          .send(Buffer.from(row.content));
      }
      if (matchesEtag(req.headers['if-none-match'], etag) && (await imageExists(db, hash))) {
        return reply.code(304).headers(cacheHeaders).send(Buffer.alloc(0));
      }
      const row = await imageByHash(db, hash);
      if (!row) throw notFound(UPLOAD_MESSAGES.imageNotFound);
      return reply
        .code(200)
        .headers({ ...cacheHeaders, 'content-type': row.mime })
        .send(Buffer.from(row.content));
    },
  );
}
