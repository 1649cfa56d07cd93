import { type ReactElement } from 'react';
import { type Order } from '@marketplace/shared';
import { EmptyOrders, WithOrders } from './OrderListStates';
import { useOrders } from './OrdersContext';
import { OrdersNav } from './OrderBits';
import { COLUMNS, OrdersTableCard } from './OrdersTable';
import { formatDate, newestFirst } from './orderFormat';
import accountStyles from '../Account.module.css';

const cancelledOnly = (orders: Order[]) => newestFirst(orders.filter((o) => o.status === 'Cancelled'));
const COLUMNS_HERE = [
  COLUMNS.id,
  COLUMNS.date,
  { header: 'Cancelled On', cell: (o: Order) => (o.cancelledAt ? formatDate(o.cancelledAt) : '—') },
  COLUMNS.items,
  COLUMNS.billAmount,
];

/** /myaccount/cancellation: the cancelled orders among those loaded (older ones with Load more), or an empty state. */
export function Cancellation(): ReactElement {
  const { orders: loaded, hasMore } = useOrders();
  const none = hasMore
    ? `No cancelled order among your ${loaded?.length ?? 0} latest orders.`
    : 'You have not cancelled any order.';
  return (
    <>
      <h1 className={accountStyles.heading}>My Cancellations</h1>
      <OrdersNav />
      <WithOrders pick={cancelledOnly}>
        {(orders) =>
          orders.length === 0 ? (
            <EmptyOrders>{none}</EmptyOrders>
          ) : (
            <OrdersTableCard orders={orders} columns={COLUMNS_HERE} />
          )
        }
      </WithOrders>
    </>
  );
}
