import type { AuctionItem, Product } from '@marketplace/contract';
import { linkTo } from '../links';
import { absoluteImageUrl } from './headTags';

/**
 * schema.org objects (JSON-LD) for PageMeta.jsonLd, from the contract's types. Only what the data
 * holds: no field is invented (no rating without a count of ratings, no stock without a stock).
 */

type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
const CURRENCY = 'INR';

function url(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** The photos a search engine can fetch (http(s) URLs), each once; the first is the main photo. */
function images(photos: readonly (string | undefined)[], origin: string): string[] {
  const found = photos.map((photo) => absoluteImageUrl(photo, origin)).filter((photo) => photo !== undefined);
  return [...new Set(found)];
}

/** Optional fields, left out when undefined (JSON.stringify would drop them anyway; tests compare objects). */
function defined(fields: JsonLd): JsonLd {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export interface ProductJsonLdOptions {
  /** The site's public origin ('https://shop.example'), for the offer's URL. */
  origin: string;
  /**
   * How many ratings the product's `rating` averages, when known: only then is an
   * aggregateRating written (the catalogue's products carry a rating but no count).
   */
  ratingCount?: number;
  /** Units in stock, when known: the offer's availability (InStock above 0, else OutOfStock). */
  stock?: number;
  /** Whether it can be bought, when no stock is known (a listed product of the catalogue can). */
  available?: boolean;
}

/** A product of the catalogue as a schema.org Product with its Offer (price in rupees, INR). */
export function productJsonLd(product: Product, options: ProductJsonLdOptions): JsonLd {
  const { origin, ratingCount, stock, available } = options;
  const inStock = stock !== undefined ? stock > 0 : available;
  const photos = images([product.photo, ...(product.photos ?? [])], origin);
  const rated = ratingCount !== undefined && ratingCount > 0 && product.rating > 0;
  return defined({
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.productname,
    description: product.description || undefined,
    image: photos.length > 0 ? photos : undefined,
    sku: String(product.productid),
    productID: String(product.productid),
    category: product.title || undefined,
    offers: defined({
      '@type': 'Offer',
      price: product.price,
      priceCurrency: CURRENCY,
      availability: inStock === undefined ? undefined : `${CONTEXT}/${inStock ? 'InStock' : 'OutOfStock'}`,
      url: url(origin, linkTo('productDetails', { id: product.productid })),
    }),
    aggregateRating: rated
      ? { '@type': 'AggregateRating', ratingValue: product.rating, ratingCount, bestRating: 5, worstRating: 0 }
      : undefined,
  });
}

export interface AuctionItemJsonLdOptions {
  origin: string;
  /** The moment to judge whether bidding is still open (Date.now() when missing). */
  now?: number;
}

/**
 * An auction item as a schema.org Product (schema.org has no auction type) with an Offer at the
 * current bid, valid until the auction's end (`availabilityEnds`, `priceValidUntil`): InStock
 * while bids are taken, SoldOut once the item is closed or its end time has passed.
 */
export function auctionItemJsonLd(item: AuctionItem, options: AuctionItemJsonLdOptions): JsonLd {
  const { origin, now = Date.now() } = options;
  const photos = images([item.photo, ...item.photos], origin);
  const ends = Date.parse(item.time);
  const open = item.status === 'open' && !(ends <= now);
  return defined({
    '@context': CONTEXT,
    '@type': 'Product',
    name: item.productname,
    description: item.description || undefined,
    image: photos.length > 0 ? photos : undefined,
    productID: String(item.auctionid),
    category: item.category,
    offers: defined({
      '@type': 'Offer',
      price: item.bid,
      priceCurrency: CURRENCY,
      availability: `${CONTEXT}/${open ? 'InStock' : 'SoldOut'}`,
      availabilityEnds: Number.isNaN(ends) ? undefined : new Date(ends).toISOString(),
      priceValidUntil: Number.isNaN(ends) ? undefined : new Date(ends).toISOString().slice(0, 10),
      url: url(origin, linkTo('auctionProduct', { id: item.auctionid })),
    }),
  });
}

/** One step of a breadcrumb trail: its name and its path on the site. */
export interface BreadcrumbStep {
  name: string;
  path: string;
}

/** A breadcrumb trail (Home first, the page itself last) as a schema.org BreadcrumbList. */
export function breadcrumbJsonLd(steps: readonly BreadcrumbStep[], options: { origin: string }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: url(options.origin, step.path),
    })),
  };
}
