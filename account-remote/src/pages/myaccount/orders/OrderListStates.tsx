import type { ReactElement, ReactNode } from 'react';
import { Link } from '@marketplace/shared/router';
import { LoadFailed, Loading, LoadMore, type Order, linkTo } from '@marketplace/shared';
import { useOrders } from './OrdersContext';
import styles from '../Account.module.css';

/** An empty list: a message and a way to shop. */
export function EmptyOrders({ children }: { children: ReactNode }): ReactElement {
  return (
    <div className={styles.panel}>
      <p className={styles.strong}>{children}</p>
      <Link className={styles.button} to={linkTo('newArrivals')}>
        Browse New Arrivals
      </Link>
    </div>
  );
}

/**
 * 'Load more orders' under an order list while older orders follow: disabled and busy while the
 * page loads; the first new order then takes the focus.
 */
export function LoadMoreOrders(): ReactElement | null {
  return <LoadMore list={useOrders()} label="Load more orders" buttonClassName={styles.secondary} />;
}

/**
 * The order list in its three states: a spinner while loading (spec section 2), the error text
 * when it could not be loaded, otherwise `children(orders)` with the orders `pick` keeps, and
 * 'Load more orders' while older ones follow.
 */
export function WithOrders({
  pick = (o) => o,
  children,
}: {
  pick?: (orders: Order[]) => Order[];
  children: (orders: Order[]) => ReactNode;
}): ReactElement {
  const { orders, status, reload } = useOrders();
  if (status === 'failed')
    return <LoadFailed what="Your orders could not be loaded." onRetry={reload} buttonClassName={styles.button} />;
  if (orders === null) return <Loading label="Loading your orders" />;
  return (
    <>
      {children(pick(orders))}
      <LoadMoreOrders />
    </>
  );
}
