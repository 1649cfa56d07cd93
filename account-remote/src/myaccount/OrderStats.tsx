import { type ReactElement } from 'react';
import styles from './Account.module.css';

export interface OrderCounts {
  placed: number;
  cancelled: number;
  wishlist: number;
}

/**
 * Counts known today. Orders and the wishlist have no API yet (the shop issue adds them), so
 * every count is 0 until then; the shop issue replaces this with the real numbers.
 */
export const NO_ORDERS_YET: OrderCounts = { placed: 0, cancelled: 0, wishlist: 0 };

/** The side widget: Orders Placed, Cancel Orders, Wishlist. */
export function OrderStats({ counts = NO_ORDERS_YET }: { counts?: OrderCounts }): ReactElement {
  const rows: [string, number][] = [
    ['Orders Placed', counts.placed],
    ['Cancel Orders', counts.cancelled],
    ['Wishlist', counts.wishlist],
  ];
  return (
    <dl className={styles.stats} aria-label="Order summary">
      {rows.map(([label, n]) => (
        <div key={label} className={styles.stat}>
          <dt>{label}</dt>
          <dd>{n}</dd>
        </div>
      ))}
    </dl>
  );
}
