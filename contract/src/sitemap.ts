import { Type, type Static } from 'typebox';
import { MAX_ID } from './rules';

/**
 * The sitemap's ids, for a server that renders the shop's public pages (and publishes
 * sitemap.xml): pages of at most SITEMAP_PAGE_SIZE ids each, defined by id ranges (page n holds
 * the ids from (n - 1) × SITEMAP_PAGE_SIZE + 1 to n × SITEMAP_PAGE_SIZE), so no reply grows
 * with a table and a page is one index range read. These replies are machine to machine: they
 * are not in the `{ status, msg, data }` envelope (errors are, as everywhere).
 */

/** Ids per sitemap page (the sitemap protocol's limit of URLs in one file). */
export const SITEMAP_PAGE_SIZE = 50_000;

/** The last page an id can fall in (ids go up to MAX_ID). */
export const SITEMAP_MAX_PAGE = Math.ceil(MAX_ID / SITEMAP_PAGE_SIZE);

/** How many pages a list has: enough to reach its highest id (0 when the table is empty). */
export const SitemapList = Type.Object({
  pages: Type.Integer({ minimum: 0 }),
});
export type SitemapList = Static<typeof SitemapList>;

/** GET /sitemap: the page size and how many pages each list has. */
export const SitemapIndexReply = Type.Object({
  pageSize: Type.Integer(),
  products: SitemapList,
  auctions: SitemapList,
});
export type SitemapIndexReply = Static<typeof SitemapIndexReply>;

/** GET /sitemap/products/{page}, GET /sitemap/auctions/{page}: the page (1 to SITEMAP_MAX_PAGE; past the list's last page: 404). */
export const SitemapPageParams = Type.Object({
  page: Type.Integer({
    minimum: 1,
    maximum: SITEMAP_MAX_PAGE,
    errorMessage: `page must be a whole number from 1 to ${SITEMAP_MAX_PAGE}`,
  }),
});
export type SitemapPageParams = Static<typeof SitemapPageParams>;

/** One public page of the shop: a product (/productdetails/{id}) or an auction item (/auctionproduct/{id}). */
export const SitemapEntry = Type.Object({
  id: Type.Integer(),
  /**
   * When the page last changed, ISO 8601 (UTC), where the table records it: auction items (their
   * last bid or approval, or their end once it has passed). Products have no such column: absent.
   */
  lastModified: Type.Optional(Type.String({ format: 'date-time' })),
});
export type SitemapEntry = Static<typeof SitemapEntry>;

/** A sitemap page: its ids in id order (gaps where rows were never made or were deleted). */
export const SitemapPageReply = Type.Object({
  items: Type.Array(SitemapEntry),
});
export type SitemapPageReply = Static<typeof SitemapPageReply>;
