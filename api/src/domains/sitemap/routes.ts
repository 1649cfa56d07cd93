import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITEMAP_PAGE_SIZE, SitemapIndexReply, SitemapPageParams, SitemapPageReply } from '@marketplace/contract';
import type { App } from '../../context';
import { notFound } from '../../lib/errors';
import { notModified } from '../../lib/catalogue-cache';
import { replies } from '../../lib/replies';
import { auctionEntriesJson, highestId, productEntriesJson } from './repository';
import { pageIds, SITEMAP_TEXTS, sitemapPages, type SitemapListName } from './rules';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A public reply as the catalogue's are: `Cache-Control: no-cache` with an ETag, so a cache keeps
 * it and revalidates (304 when unchanged). The ETag is weak: @fastify/compress sends the same
 * JSON in brotli, gzip or as it is, and a strong ETag would have to differ between them.
 */
function sendRevalidated(req: FastifyRequest, reply: FastifyReply, body: string): FastifyReply {
  const tag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  void reply.header('cache-control', 'no-cache').header('etag', `W/${tag}`);
  if (notModified(req.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(body);
}

/** A page's entries as JSON text (SitemapPageReply's `items`), built by the database. */
const ENTRIES: Record<SitemapListName, typeof productEntriesJson> = {
  products: productEntriesJson,
  auctions: auctionEntriesJson,
};

/**
 * The ids a sitemap lists, for the server that renders the public pages: pages of
 * SITEMAP_PAGE_SIZE ids by id range (no OFFSET, no reply growing with a table; each page one
 * range of the primary key), public and revalidated like the catalogue; compressed by the
 * API's @fastify/compress (a full page: 640 KB of JSON for products, 22 KB in brotli; 2.7 MB for auction items, 41 KB).
 */
export function sitemapRoutes(app: App) {
  const { db } = app.ctx;

  app.get('/sitemap', { schema: { response: replies(SitemapIndexReply) } }, async (req, reply) => {
    const [products, auctions] = [await highestId(db, 'products'), await highestId(db, 'auctions')];
    const index: SitemapIndexReply = {
      pageSize: SITEMAP_PAGE_SIZE,
      products: { pages: sitemapPages(products) },
      auctions: { pages: sitemapPages(auctions) },
    };
    return sendRevalidated(req, reply, JSON.stringify(index));
  });

  for (const list of ['products', 'auctions'] as const) {
    app.get(
      `/sitemap/${list}/:page`,
      { schema: { params: SitemapPageParams, response: replies(SitemapPageReply) } },
      async (req, reply) => {
        const { page } = req.params;
        const { first, last } = pageIds(page);
        const items = await ENTRIES[list](db, first, last);
        if (items === '[]') {
          const pages = sitemapPages(await highestId(db, list));
          if (page > pages) throw notFound(SITEMAP_TEXTS.noSuchPage(list, pages));
        }
        return sendRevalidated(req, reply, `{"items":${items}}`);
      },
    );
  }
}
