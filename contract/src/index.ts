/**
 * The request/response contract of the marketplace API, as TypeBox schemas, one file per API
 * domain (api/src/domains/<domain>/; catalog.ts is the catalogue's).
 * The API imports these at run time for its route schemas (`@marketplace/contract`); the front
 * ends import the types (`import type`) through `@marketplace/shared` (its `./contract` entry
 * re-exports this package) so client and server cannot drift.
 */
export * from './common';
export * from './rules';
export * from './catalog';
export * from './products';
export * from './cart';
export * from './wishlist';
export * from './reviews';
export * from './coupons';
export * from './orders';
export * from './account';
export * from './contact';
export * from './uploads';
export * from './auctions';
export * from './auction-lists';
export * from './shipments';
export * from './sitemap';
export * from './notices';
export * from './operations';
