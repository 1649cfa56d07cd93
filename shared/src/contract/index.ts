/**
 * The request/response contract of the marketplace API, as TypeBox schemas.
 * The API imports these at run time for its route schemas; the front ends import the types
 * (`import type`) through `@marketplace/shared` so client and server cannot drift.
 */
export * from './common';
export * from './rules';
export * from './catalog';
export * from './account';
export * from './later';
export * from './shop';
export * from './orders';
export * from './uploads';
export * from './auctions';
export * from './wishlist';
