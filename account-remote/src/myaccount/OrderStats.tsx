import { type ReactElement } from 'react';
import { useOrders } from './orders/OrdersContext';
import styles from './Account.module.css';

/**
 * The side widget: Orders Placed (every order), Cancel Orders (status Cancelled) and Wishlist
 * (0: the wishlist is static sample content). '–' until the order list has arrived; counted over
 * the orders loaded, so '20+' while older ones follow (the API gives no total).
 */
export function OrderStats(): ReactElement {
  const { orders, hasMore } = useOrders();
  const count = (n: number) => (orders === null ? '–' : hasMore ? `${n}+` : String(n));
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
