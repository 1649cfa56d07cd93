import { Type, type Static } from 'typebox';
import { Envelope, PageQuery, PageReply, type PageSize } from './common';
import { MAX_PHOTOS, NAME_PATTERN, PHOTOS_LIST_MESSAGE, PRODUCT_MESSAGES, STOCK_MAX } from './rules';
import { Product } from './catalog';

// ---------------------------------------------------------------- listing a product for sale

/**
 * POST /product (header authtoken; the seller is the caller, a `userid` in the body is ignored).
 * `photos`: URLs returned by POST /uploadimage (at least one; images this API stored, never
 * outside URLs); the product's `photo` is the first. The spec's single `photo` is accepted too.
 */
export const CreateProductBody = Type.Object({
  productname: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: NAME_PATTERN,
    errorMessage: PRODUCT_MESSAGES.productname,
  }),
  title: Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN, errorMessage: PRODUCT_MESSAGES.title }),
  description: Type.String({
    minLength: 1,
    maxLength: 5000,
    pattern: NAME_PATTERN,
    errorMessage: PRODUCT_MESSAGES.description,
  }),
  /** Rupees, above 0 (at most 2 decimals are kept). */
  price: Type.Number({ exclusiveMinimum: 0, maximum: 9999999999, errorMessage: PRODUCT_MESSAGES.price }),
  /** Above 0, at most 5 (one decimal is kept). */
  rating: Type.Number({ exclusiveMinimum: 0, maximum: 5, errorMessage: PRODUCT_MESSAGES.rating }),
  location: Type.Optional(
    Type.String({ maxLength: 200, errorMessage: 'location must be a text of at most 200 characters' }),
  ),
  photos: Type.Optional(
    Type.Array(Type.String({ maxLength: 500 }), { maxItems: MAX_PHOTOS, errorMessage: PHOTOS_LIST_MESSAGE }),
  ),
  photo: Type.Optional(
    Type.String({ maxLength: 500, errorMessage: 'photo must be a photo URL returned by /uploadimage' }),
  ),
  /** Units in stock: a whole number from 0 to STOCK_MAX. */
  stock: Type.Integer({ minimum: 0, maximum: STOCK_MAX, errorMessage: PRODUCT_MESSAGES.stock }),
});
export type CreateProductBody = Static<typeof CreateProductBody>;

/**
 * PUT /product/{id}: Add Product's fields; `stock` may be left out (the units stay as they are).
 * Raising the stock from 0 mails every shopper waiting for the product (POST /stockalerts) once.
 */
export const UpdateProductBody = Type.Object({
  ...CreateProductBody.properties,
  stock: Type.Optional(CreateProductBody.properties.stock),
});
export type UpdateProductBody = Static<typeof UpdateProductBody>;
export const CreateProductReply = Envelope(Product);
export type CreateProductReply = Static<typeof CreateProductReply>;

// ---------------------------------------------------------------- a seller's own listings (header authtoken)

export const MY_PRODUCTS_PAGE = { default: 24, max: 100 } as const satisfies PageSize;

export const SELLER_MESSAGES = {
  updated: 'Product Updated Successfully',
  removed: 'Product Removed Successfully',
  notYours: 'You can only change your own products',
  notFound: 'Product not found',
  tooMany: 'You have changed your products too often.',
} as const;

/** GET /myproducts: a page of the caller's listings, newest first. */
export const MyProductsPageQuery = PageQuery(MY_PRODUCTS_PAGE);
export const MyProductsPageReply = PageReply(Product);
export type MyProductsPageReply = Static<typeof MyProductsPageReply>;
