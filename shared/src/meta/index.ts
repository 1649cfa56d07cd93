// Share previews and search-engine metadata: what a page says about itself (usePageMeta), the
// <head> HTML the rendering server writes from it (headTags) and schema.org data (jsonLd.ts).
export { SITE_DESCRIPTION, SITE_NAME, headTags, pageTitle, serializeJsonForHtml, type PageMeta } from './headTags';
export { PageMetaContext, useNoindex, usePageMeta, useSiteOrigin, type PageMetaCollector } from './usePageMeta';
export {
  auctionItemJsonLd,
  breadcrumbJsonLd,
  productJsonLd,
  type AuctionItemJsonLdOptions,
  type BreadcrumbStep,
  type ProductJsonLdOptions,
} from './jsonLd';
