/**
 * The order summary shown before ordering is an ESTIMATE for display: the server prices the cart
 * itself when the order is placed (DECISIONS.md, "money is computed on the server") and the
 * client never sends an amount. The rule mirrored here: shipping (billtax) is free when the items
 * total is Rs. 500 or more, otherwise Rs. 50; the total never goes below the shipping fee.
 */
export const FREE_SHIPPING_FROM = 500;
export const SHIPPING_FEE = 50;

export interface Totals {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
}

const rupees = (n: number): number => Math.round(n * 100) / 100;

/** Each line counts its price times its quantity (a line without one counts once). */
export function estimateTotals(items: readonly { price: number; quantity?: number }[], discount: number): Totals {
  const subtotal = rupees(items.reduce((sum, item) => sum + Number(item.price || 0) * (item.quantity ?? 1), 0));
  const taken = Math.min(Math.max(0, discount), subtotal);
  const shipping = subtotal >= FREE_SHIPPING_FROM ? 0 : SHIPPING_FEE;
  return { subtotal, discount: rupees(taken), shipping, total: rupees(subtotal - taken + shipping) };
}
