import { formatRupees, type Order } from '@marketplace/contract';
import type { Config } from '../../config';
import type { OrderStatusValue, SignedInUser } from '../../db/schema';
import { HttpError, conflict, notFound } from '../../lib/errors';

/** The largest total the order columns hold (numeric(15, 2)), in paise: exact as a JavaScript number. */
export const MAX_ORDER_TOTAL_PAISE = 999_999_999_999_999;

/** Rupees → whole paise, so sums are exact. */
export const toPaise = (rupees: number | string) => Math.round(Number(rupees) * 100);
export const toRupees = (paise: number) => paise / 100;

export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty: add a product before placing an order',
  notFound: 'Order not found',
  cancelled: 'Order Cancelled Successfully',
  alreadyPaid: 'This auction order already has its address and payment',
  alreadyCancelled: 'This order is already cancelled',
  delivered: 'This order is already Delivered and can no longer be cancelled',
  shippedBySeller: 'This order has already been shipped by its seller and can no longer be cancelled',
  tooLarge: `This order is too large to place: one order can total at most ${formatRupees(toRupees(MAX_ORDER_TOTAL_PAISE))}. Please remove some items from your cart.`,
} as const;

export const ORDER_STATUSES: OrderStatusValue[] = ['Processing', 'Shipped', 'Delivered', 'Cancelled'];

export interface OrderTotals {
  itemsTotal: number;
  discount: number;
  billamount: number;
  billtax: number;
}

/**
 * Server-side money (DECISIONS.md), in paise: the discount is at most the items total (so nothing
 * goes below 0), billamount = items total − discount, shipping 0 from `freeFrom` (items total),
 * else `fee`.
 */
export function computeTotals(itemsPaise: number, couponPaise: number, shipping: Config['shipping']): OrderTotals {
  const discount = Math.max(0, Math.min(couponPaise, itemsPaise));
  const billtax = itemsPaise >= toPaise(shipping.freeFrom) ? 0 : toPaise(shipping.fee);
  return { itemsTotal: itemsPaise, discount, billamount: itemsPaise - discount, billtax };
}

/** Why an order that was not cancelled could not be: unknown (404), or its status now (409). */
export function cancelRefusal(status: OrderStatusValue | undefined): HttpError {
  if (!status) return notFound(ORDER_MESSAGES.notFound);
  if (status === 'Cancelled') return conflict(ORDER_MESSAGES.alreadyCancelled);
  // Only a seller's shipment stops a cancel before Delivered.
  return conflict(status === 'Delivered' ? ORDER_MESSAGES.delivered : ORDER_MESSAGES.shippedBySeller);
}

const rs = (paise: number) => formatRupees(toRupees(paise));

/** The order confirmation mail, built from the placed order. */
export function confirmationMail(user: SignedInUser, order: Order) {
  const payment = order.payinfo ?? 'to be chosen';
  // Each line's amount: its price times its quantity.
  const lines = order.orderdata.map((l) => `  ${l.productname} × ${l.quantity}   ${rs(toPaise(l.price) * l.quantity)}`);
  const subtotal = toPaise(order.billamount) + toPaise(order.discount);
  return {
    to: user.email,
    subject: `Order #${order.orderid} placed`,
    text: [
      `Hello ${user.firstname},`,
      '',
      `Thank you for your order #${order.orderid}. We have received it and will ship it soon.`,
      '',
      ...lines,
      '',
      `Subtotal: ${rs(subtotal)}`,
      ...(order.discount > 0 ? [`Discount(Promocode ${order.couponname}): -${rs(toPaise(order.discount))}`] : []),
      `Shipping: ${order.billtax === 0 ? 'Free Delivery' : rs(toPaise(order.billtax))}`,
      `Total: ${rs(toPaise(order.total))}`,
      `Payment: ${payment}`,
      '',
      `Deliver to: ${order.billname}, ${order.billaddress}`,
      `Expected delivery: ${order.deliveredBy.slice(0, 10)}`,
      '',
      'You can follow or cancel the order under My Account → My Orders.',
    ].join('\n'),
  };
}
