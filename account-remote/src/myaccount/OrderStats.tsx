import { type ReactElement } from 'react';
import { useOrders } from './orders/OrdersContext';
import styles from './Account.module.css';

/**
 * The side widget: Orders Placed (every order), Cancel Orders (status Cancelled) and Wishlist
 * (0: the wishlist is static sample content). '–' until the order list has arrived.
 */
export function OrderStats(): ReactElement {
  const { orders } = useOrders();
  const count = (n: number) => (orders === null ? '–' : String(n));
  const rows: [string, string][] = [
    ['Orders Placed', count(orders?.length ?? 0)],
    ['Cancel Orders', count(orders?.filter((o) => o.status === 'Cancelled').length ?? 0)],
    ['Wishlist', '0'],
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
