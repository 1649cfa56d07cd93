import { type ReactElement } from 'react';
import { useNavigate } from '@marketplace/shared/router';
import { useSession, type Order, linkTo } from '@marketplace/shared';
import { EmptyOrders, WithOrders } from './OrderListStates';
import { OrdersNav } from './OrderBits';
import { COLUMNS, OrdersTableCard } from './OrdersTable';
import { newestFirst } from './orderFormat';
import accountStyles from '../Account.module.css';
import styles from './Orders.module.css';

function OrderList({ orders }: { orders: Order[] }): ReactElement {
  const navigate = useNavigate();
  function manage(orderid: number) {
    useSession.getState().setOrderId(orderid);
    navigate(linkTo('manageOrder'));
  }
  return (
    <OrdersTableCard
      orders={orders}
      columns={[COLUMNS.id, COLUMNS.date, COLUMNS.items, COLUMNS.total, COLUMNS.status]}
      action={(o) => (
        <button
          type="button"
          className={styles.manage}
          onClick={() => manage(o.orderid)}
          aria-label={`MANAGE order ${o.orderid}`}
        >
          MANAGE
        </button>
      )}
    />
  );
}

/** /myaccount/myorder: every order, newest first, each with MANAGE; 'No Order Pending' when none. */
export function MyOrders(): ReactElement {
  return (
    <>
      <h1 className={accountStyles.heading}>My Orders</h1>
      <OrdersNav />
      <WithOrders pick={newestFirst}>
        {(orders) =>
          orders.length === 0 ? <EmptyOrders>No Order Pending</EmptyOrders> : <OrderList orders={orders} />
        }
      </WithOrders>
    </>
  );
}
