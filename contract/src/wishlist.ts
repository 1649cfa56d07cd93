import { Type, type Static } from 'typebox';
import { Envelope, PageQuery, PageReply, positiveId, type PageSize } from './common';
import { Product } from './catalog';

// ---------------------------------------------------------------- the wishlist (header authtoken)

export const WISHLIST_PAGE = { default: 24, max: 100 } as const satisfies PageSize;
/** A wishlist holds at most this many products. */
export const WISHLIST_MAX = 500;

export const WISHLIST_MESSAGES = {
  added: 'Added to your wishlist',
  already: 'This product is already in your wishlist',
  removed: 'Removed from your wishlist',
  notIn: 'This product is not in your wishlist',
  cleared: 'Your wishlist is empty now',
  full: `Your wishlist is full: it holds at most ${WISHLIST_MAX} products. Remove some to add more.`,
  productNotFound: 'Product not found',
} as const;

const ProductId = positiveId('productid');

/** POST /wishlist: a product to keep. */
export const WishlistBody = Type.Object({ productid: ProductId });
export type WishlistBody = Static<typeof WishlistBody>;

/** POST /wishlist, DELETE /wishlist/{productid}, DELETE /wishlist: how many products the wishlist holds now. */
export const WishlistChangeReply = Envelope(Type.Object({ count: Type.Integer() }));
export type WishlistChangeReply = Static<typeof WishlistChangeReply>;

/** GET /wishlist: a page of the wishlist's products, the latest added first, and how many it holds. */
export const WishlistPageQuery = PageQuery(WISHLIST_PAGE);
export const WishlistPageReply = Type.Object({ ...PageReply(Product).properties, count: Type.Integer() });
export type WishlistPageReply = Static<typeof WishlistPageReply>;

// ---------------------------------------------------------------- price-drop alerts (header authtoken)

/** A shopper watches at most this many products. */
export const PRICE_ALERTS_MAX = 200;

export const PRICE_ALERT_MESSAGES = {
  on: 'We will email you when the price drops',
  off: 'Price alert removed: we will not email you about this product',
  full: `You already watch ${PRICE_ALERTS_MAX} products: remove an alert to add another`,
  productNotFound: 'Product not found',
} as const;

/** POST /pricealerts: a product to watch. */
export const PriceAlertBody = Type.Object({ productid: ProductId });
export type PriceAlertBody = Static<typeof PriceAlertBody>;

/** GET /pricealerts/{productid}, POST /pricealerts, DELETE /pricealerts/{productid}: whether the caller watches the product. */
export const PriceAlertReply = Envelope(Type.Object({ watching: Type.Boolean() }));
export type PriceAlertReply = Static<typeof PriceAlertReply>;

// ---------------------------------------------------------------- back-in-stock requests (header authtoken)

/** A shopper waits for at most this many products. */
export const STOCK_ALERTS_MAX = 200;

export const STOCK_ALERT_MESSAGES = {
  on: "We will email you when it's back in stock",
  off: 'Removed: we will not email you when it is back',
  inStock: 'This product is in stock: you can add it to your cart',
  full: `You already wait for ${STOCK_ALERTS_MAX} products: remove one to add another`,
  productNotFound: 'Product not found',
} as const;

/** POST /stockalerts: an out-of-stock product to be told about (one mail when it is back, then the request is gone). */
export const StockAlertBody = Type.Object({ productid: ProductId });
export type StockAlertBody = Static<typeof StockAlertBody>;

/** GET /stockalerts/{productid}, POST /stockalerts, DELETE /stockalerts/{productid}: whether the caller waits for the product. */
export const StockAlertReply = Envelope(Type.Object({ waiting: Type.Boolean() }));
export type StockAlertReply = Static<typeof StockAlertReply>;
