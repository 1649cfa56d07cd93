import { MAX_ID, SITEMAP_PAGE_SIZE } from '@marketplace/contract';

/** The lists of the sitemap: products (/productdetails/{id}) and the public auction items (/auctionproduct/{id}). */
export type SitemapListName = 'products' | 'auctions';

/** Pages a list needs to reach its highest id (0: the table is empty). */
export const sitemapPages = (highestId: number): number => Math.ceil(highestId / SITEMAP_PAGE_SIZE);

/** The ids of a page: from (page - 1) × SITEMAP_PAGE_SIZE + 1 to page × SITEMAP_PAGE_SIZE (at most MAX_ID, the column's largest value). */
export function pageIds(page: number): { first: number; last: number } {
  return { first: (page - 1) * SITEMAP_PAGE_SIZE + 1, last: Math.min(page * SITEMAP_PAGE_SIZE, MAX_ID) };
}

export const SITEMAP_TEXTS = {
  noSuchPage: (list: SitemapListName, pages: number) =>
    `Sitemap page not found: the ${list} sitemap has ${pages} page${pages === 1 ? '' : 's'}`,
} as const;
