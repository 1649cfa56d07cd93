import { formatRupees } from '@marketplace/contract';
import { HttpError, notFound } from '../../lib/errors';

/** The lists a user keeps products in. */
export type KeptList = 'wishlist_items' | 'price_alerts' | 'stock_alerts';

export interface KeepMessages {
  productNotFound: string;
  full: string;
}

/**
 * Whether a product may go into one of the user's lists: an unknown product → 404; already there
 * → kept as it is (false); a list at its cap → 409; otherwise true.
 */
export function mayKeep(
  state: { productExists: boolean; there: boolean; count: number },
  cap: number,
  messages: KeepMessages,
): boolean {
  if (!state.productExists) throw notFound(messages.productNotFound);
  if (state.there) return false;
  if (state.count >= cap) throw new HttpError(409, messages.full);
  return true;
}

/** The mail to one watcher of a product whose price went down from `was` to `now`. */
export function priceDropMail(
  watcher: { email: string; firstname: string },
  product: { productname: string },
  was: number,
  now: number,
  link: string,
) {
  return {
    to: watcher.email,
    subject: `Price drop: ${product.productname} is now ${formatRupees(now)}`,
    text: [
      `Hello ${watcher.firstname},`,
      '',
      `The price of ${product.productname} has dropped from ${formatRupees(was)} to ${formatRupees(now)}.`,
      '',
      `See it here: ${link}`,
      '',
      "You asked us to tell you when its price drops. To stop these emails, press 'Email me when the price drops' again on the product page.",
    ].join('\n'),
  };
}

/** The mail to one shopper who asked to be told when a product is back in stock. */
export function backInStockMail(
  waiter: { email: string; firstname: string },
  product: { productname: string },
  link: string,
) {
  return {
    to: waiter.email,
    subject: `Back in stock: ${product.productname}`,
    text: [
      `Hello ${waiter.firstname},`,
      '',
      `${product.productname} is back in stock.`,
      '',
      `See it here: ${link}`,
      '',
      "You asked us to tell you when it's back. We tell you once: this request is now closed.",
    ].join('\n'),
  };
}
