import { badRequest } from '../../lib/errors';

/** Lines a cart may hold (one per product). */
export const CART_MAX_LINES = 100;

export const CART_MESSAGES = {
  items: 'Cart items',
  empty: 'Your cart is empty',
  added: 'Product added to cart',
  already: 'This product is already in your cart',
  productNotFound: 'Product not found',
  notIn: 'This product is not in your cart',
  removed: 'Product removed from cart',
  cleared: 'Cart cleared',
  quantity: 'Quantity updated',
} as const;

/** Refused when a new line would go past CART_MAX_LINES. */
export const cartFull = () => badRequest(`Your cart is full (${CART_MAX_LINES} items): remove some before adding more`);
