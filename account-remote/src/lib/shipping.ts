import type {
  MARKETPLACE_SELLER as CONTRACT_MARKETPLACE_SELLER,
  SALES_PAGE as CONTRACT_SALES_PAGE,
  SHIPMENT_LIMITS as CONTRACT_LIMITS,
  SHIPMENT_MESSAGES as CONTRACT_MESSAGES,
  SHIPMENT_STATUSES as CONTRACT_STATUSES,
} from '@marketplace/shared/contract';

// The contract's shipment rules (contract/src/shipments.ts, orders.ts). Those files hold TypeBox schemas,
// which the front ends do not load, so its constants are copied here; the type-only imports above
// and `CopiesMatchTheContract` below make the type check fail the day a copy and the contract differ.

/** Who ships a marketplace shipment, as the buyer's order names it. */
export const MARKETPLACE_SELLER = 'Fulfilled by Marketplace';

export const SHIPMENT_LIMITS = {
  courier: { min: 2, max: 60 },
  tracking: { min: 4, max: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$' },
} as const;

export const SHIPMENT_MESSAGES = {
  list: 'Orders to ship',
  none: 'No orders to ship',
  notFound: 'Shipment not found',
  notYours: 'Only the seller of this shipment can change it',
  courier: `Please enter the courier name (${SHIPMENT_LIMITS.courier.min} to ${SHIPMENT_LIMITS.courier.max} characters)`,
  tracking: `Please enter the tracking number (${SHIPMENT_LIMITS.tracking.min} to ${SHIPMENT_LIMITS.tracking.max} letters, digits, spaces or -)`,
  shipped: 'Marked as shipped: the buyer has been told',
  delivered: 'Marked as delivered: the buyer has been told',
  awaitingPayment: 'The buyer has not paid yet: ship it once the order is Processing',
  cancelled: 'The buyer cancelled this shipment: it must not be shipped',
  alreadyShipped: 'This shipment is already shipped',
  notShipped: 'Mark the shipment shipped (with its tracking number) before delivered',
  alreadyDelivered: 'This shipment is already delivered',
} as const;

/** The statuses a seller filters their shipments by. */
export const SHIPMENT_STATUSES = ['Awaiting payment', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** GET /sales' page sizes. */
export const SALES_PAGE = { default: 20, max: 100 } as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** Does not compile unless every copy is the contract's, value for value. */
export type CopiesMatchTheContract = [
  Holds<Same<typeof MARKETPLACE_SELLER, typeof CONTRACT_MARKETPLACE_SELLER>>,
  Holds<Same<typeof SHIPMENT_LIMITS, typeof CONTRACT_LIMITS>>,
  Holds<Same<typeof SHIPMENT_MESSAGES, typeof CONTRACT_MESSAGES>>,
  Holds<Same<typeof SHIPMENT_STATUSES, typeof CONTRACT_STATUSES>>,
  Holds<Same<typeof SALES_PAGE, typeof CONTRACT_SALES_PAGE>>,
];

const TRACKING_PATTERN = new RegExp(SHIPMENT_LIMITS.tracking.pattern);

/** The courier name as it is sent (trimmed) passes the contract's rule: null, else its message. */
export function courierProblem(value: string): string | null {
  const { min, max } = SHIPMENT_LIMITS.courier;
  const courier = value.trim();
  return courier.length >= min && courier.length <= max ? null : SHIPMENT_MESSAGES.courier;
}

/** The tracking number as it is sent (trimmed) passes the contract's rule: null, else its message. */
export function trackingProblem(value: string): string | null {
  const { min, max } = SHIPMENT_LIMITS.tracking;
  const tracking = value.trim();
  return tracking.length >= min && tracking.length <= max && TRACKING_PATTERN.test(tracking)
    ? null
    : SHIPMENT_MESSAGES.tracking;
}
