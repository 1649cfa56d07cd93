import { type ReactElement } from 'react';
import { type Order } from '@marketplace/shared';
import { EmptyOrders, WithOrders } from './OrderListStates';
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
  { ...COLUMNS.total, header: 'Bill Amount' },
];

/** /myaccount/cancellation: the cancelled orders, or an empty state. */
export default function Cancellation(): ReactElement {
  return (
    <>
      <h1 className={accountStyles.heading}>My Cancellations</h1>
      <OrdersNav />
      <WithOrders pick={cancelledOnly}>
        {(orders) =>
          orders.length === 0 ? <EmptyOrders>You have not cancelled any order.</EmptyOrders> : <OrdersTableCard orders={orders} columns={COLUMNS_HERE} />
        }
      </WithOrders>
    </>
  );
}
