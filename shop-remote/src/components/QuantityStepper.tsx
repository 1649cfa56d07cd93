import { type ReactElement } from 'react';
import styles from './QuantityStepper.module.css';

interface Props {
  /** The product the units are of (in the buttons' accessible names). */
  name: string;
  value: number;
  /** The most units allowed now (the units in stock, at most CART_LINE_MAX); 0 when out of stock. */
  max: number;
  /** Asks for another quantity (value − 1 or value + 1); the caller saves it. */
  onChange: (quantity: number) => void;
  /** While a change is being saved: both buttons wait. */
  busy?: boolean;
}

/**
 * A cart line's quantity: − and + buttons around the number, a group named after the product.
 * − stops at 1 (removing is the line's Delete), + at `max`; a line above `max` (the stock fell
 * since it was added) goes down to `max` in one press; out of stock (`max` 0) only Delete helps.
 * Buttons are 40 px square so they are easy to hit on a phone (390 px wide).
 */
export function QuantityStepper({ name, value, max, onChange, busy = false }: Props): ReactElement {
  const lowerTo = Math.min(value - 1, Math.max(max, 1));
  const canLower = value > 1 && max > 0 && !busy;
  const canRaise = value < max && !busy;
  return (
    <div className={styles.stepper} role="group" aria-label={`Quantity of ${name}`} aria-busy={busy || undefined}>
      <button
        type="button"
        className={styles.step}
        aria-label={`Decrease quantity of ${name}`}
        disabled={!canLower}
        onClick={() => onChange(lowerTo)}
      >
        −
      </button>
      <output className={styles.value} aria-live="polite" aria-label={`Quantity of ${name}`}>
        {value}
      </output>
      <button
        type="button"
        className={styles.step}
        aria-label={`Increase quantity of ${name}`}
        disabled={!canRaise}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
