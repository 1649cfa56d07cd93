import { formatPrice, MARKETPLACE_SELLER, type Order, type PayInfo, type Shipment } from '@marketplace/shared';

/** Rupee sums of API amounts (two decimals at most), without floating-point crumbs. */
function rupees(value: number): number {
  return Math.round(value * 100) / 100;
}

/** 'Rs. {amount}' of a sum of rupee amounts. */
export function money(value: number): string {
  return formatPrice(rupees(value));
}

/** Order total (spec section 9): billamount + billtax. */
export function orderTotal(order: Order): number {
  return rupees(order.billamount + order.billtax);
}

/** Subtotal (spec section 9): billamount + discount, the items before the coupon. */
export function orderSubtotal(order: Order): number {
  return rupees(order.billamount + order.discount);
}

/** The shipping line: 'Free Delivery' when billtax is 0, else 'Rs. {billtax}'. */
export function shippingText(order: Order): string {
  return order.billtax === 0 ? 'Free Delivery' : money(order.billtax);
}

/** Human names of the payment codes the checkout sends (spec section 9). */
export const PAYMENT_NAMES: Record<PayInfo, string> = {
  cod: 'Cash on Delivery',
  paywithcard: 'Card',
  paypal: 'PayPal',
};

/** null: an auction win whose winner has not chosen how to pay yet. */
export function paymentName(payinfo: string | null): string {
  if (payinfo === null) return 'Not chosen yet';
  return PAYMENT_NAMES[payinfo as PayInfo] ?? payinfo;
}

/** '12 Mar 2025' in the browser's time zone; the text itself when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** '12 Mar 2025, 3:45 pm' */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** 'Phone Case', 'Phone Case and 2 more items'. */
export function itemsSummary(order: Order): string {
  const [first, ...rest] = order.orderdata;
  if (!first) return 'No items';
  if (rest.length === 0) return first.productname;
  return `${first.productname} and ${rest.length} more ${rest.length === 1 ? 'item' : 'items'}`;
}

/** Newest first (by date, then id), whatever order the list came in. */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.orderdate) - Date.parse(a.orderdate) || b.orderid - a.orderid);
}

/**
 * The order's shipments. A front end may be released before the API that sends them: an order
 * without any is one shipment of the marketplace's, of all its lines.
 */
export function shipmentsOf(order: Order): Shipment[] {
  if (order.shipments?.length) return order.shipments;
  return [
    {
      shipmentid: 0,
      fulfilledBy: 'marketplace',
      seller: MARKETPLACE_SELLER,
      status: order.status,
      courier: null,
      tracking: null,
      shippedAt: null,
      deliveredAt: null,
      cancelledAt: order.cancelledAt,
      lines: order.orderdata,
    },
  ];
}

/**
 * What the buyer's cancel still stops: the marketplace's shipments until Delivered (the spec), a
 * seller's until its seller marks it shipped; an auction win also while it awaits payment.
 */
export function cancellable(shipment: Shipment): boolean {
  if (shipment.status === 'Awaiting payment' || shipment.status === 'Processing') return true;
  return shipment.status === 'Shipped' && shipment.fulfilledBy === 'marketplace';
}

/** Cancel Order is offered while some shipment of the order can still be stopped. */
export function canCancel(order: Order): boolean {
  return shipmentsOf(order).some(cancellable);
}
