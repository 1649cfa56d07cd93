import { type ReactElement } from 'react';
import { getWishlistPage, useResource } from '@marketplace/shared';
import { useOrders } from './orders/OrdersContext';
import styles from './Account.module.css';

/**
 * How many products the signed-in user's wishlist holds, as the server counts them (one read of
 * the smallest page when the account area opens); null until it answers or when it failed (the
 * area itself reports a dead session through its customer call).
 */
export function useWishlistCount(): number | null {
  const wishlist = useResource(() => getWishlistPage({ limit: 1 }), []);
  return wishlist.status === 'ready' ? wishlist.data.count : null;
}

/** The counters' labels, each with '–' for a figure not known yet (the server knows none). */
export const PENDING_STATS: readonly [string, string][] = [
  ['Orders Placed', '–'],
  ['Cancel Orders', '–'],
  ['Wishlist', '–'],
];

/** The side widget's list of counters. */
export function Stats({ rows }: { rows: readonly [string, string][] }): ReactElement {
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

/**
 * The side widget: Orders Placed (every order), Cancel Orders (status Cancelled) and Wishlist
 * (the server's count of the wishlist). '–' until each has arrived; orders are counted over the
 * orders loaded, so '20+' while older ones follow (the API gives no order total).
 */
export function OrderStats(): ReactElement {
  const { orders, hasMore } = useOrders();
  const wishlist = useWishlistCount();
  const count = (n: number) => (orders === null ? '–' : hasMore ? `${n}+` : String(n));
  return (
    <Stats
      rows={[
        ['Orders Placed', count(orders?.length ?? 0)],
        ['Cancel Orders', count(orders?.filter((o) => o.status === 'Cancelled').length ?? 0)],
        ['Wishlist', wishlist === null ? '–' : String(wishlist)],
      ]}
    />
  );
}
