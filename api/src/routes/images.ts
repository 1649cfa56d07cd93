import { Type } from 'typebox';
import { ErrorReply } from '@marketplace/shared/contract';
import type { App } from '../context';
import { notFound } from '../lib/errors';

const ImageParams = Type.Object({
  file: Type.String({ pattern: '^[0-9a-f]{64}\\.png$', errorMessage: 'Image name must be a SHA-256 hash followed by .png' }),
});

/** Stored images by content hash: the URL never changes content, so caches may keep it for a year. */
export function imageRoutes(app: App) {
  const { db } = app.ctx;
  app.get(
    '/images/:file',
    {
      schema: {
        params: ImageParams,
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), '4xx': ErrorReply, '5xx': ErrorReply },
      },
    },
    async (req, reply) => {
      const hash = req.params.file.slice(0, 64);
      const etag = `"${hash}"`;
      const cacheHeaders = {
        'cache-control': 'public, max-age=31536000, immutable',
        etag,
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'cross-origin',
      };
      const inm = req.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        const exists = await db.selectFrom('images').select('hash').where('hash', '=', hash).executeTakeFirst();
        if (exists) return reply.code(304).headers(cacheHeaders).send(Buffer.alloc(0));
      }
      const row = await db.selectFrom('images').select(['content', 'mime']).where('hash', '=', hash).executeTakeFirst();
      if (!row) throw notFound('Image not found');
      return reply
        .code(200)
        .headers({ ...cacheHeaders, 'content-type': row.mime })
        .send(Buffer.from(row.content));
    },
  );
}
