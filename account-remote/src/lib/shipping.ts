import { SHIPMENT_LIMITS, SHIPMENT_MESSAGES } from '@marketplace/shared';

// The browser's check of the Mark shipped form, by the contract's rules (its limits and messages).

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
