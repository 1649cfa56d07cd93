import { type ReactElement } from 'react';
import { type Order } from '@marketplace/shared';
import { EmptyOrders, WithOrders } from './OrderListStates';
import { OrdersNav } from './OrderBits';
import { COLUMNS, OrdersTableCard } from './OrdersTable';
import { newestFirst, paymentName } from './orderFormat';
import accountStyles from '../Account.module.css';
import styles from './Orders.module.css';

const COLUMNS_HERE = [
  COLUMNS.id,
  COLUMNS.date,
  {
    header: 'Payment Method',
    cell: (o: Order) => (
      <>
        {paymentName(o.payinfo)} <span className={styles.payCode}>{o.payinfo}</span>
      </>
    ),
  },
  { ...COLUMNS.total, header: 'Amount' },
  { ...COLUMNS.status, header: 'Order Status' },
];

/** /myaccount/mypayment: how each order was paid and how much. */
export function MyPayment(): ReactElement {
  return (
    <>
      <h1 className={accountStyles.heading}>My Payments</h1>
      <OrdersNav />
      <WithOrders pick={newestFirst}>
        {(orders) =>
          orders.length === 0 ? (
            <EmptyOrders>No payments yet: you have not placed an order.</EmptyOrders>
          ) : (
            <OrdersTableCard orders={orders} columns={COLUMNS_HERE} />
          )
        }
      </WithOrders>
    </>
  );
}
