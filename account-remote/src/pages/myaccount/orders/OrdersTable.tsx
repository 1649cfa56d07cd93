import { type ReactElement, type ReactNode, type Ref } from 'react';
import type { Order } from '@marketplace/shared';
import { StatusBadge } from './OrderBits';
import { useOrders } from './OrdersContext';
import { formatDate, itemsSummary, money, orderTotal } from './orderFormat';
import accountStyles from '../Account.module.css';
import styles from './Orders.module.css';

export interface OrderColumn {
  header: string;
  cell(order: Order): ReactNode;
  className?: string;
}

/** The columns the order tables share; `header` names can be changed per table. */
export const COLUMNS = {
  id: { header: 'Order Id', cell: (o) => `#${o.orderid}`, className: styles.orderId },
  date: { header: 'Date of Bill', cell: (o) => formatDate(o.orderdate) },
  billname: { header: 'Bill Name', cell: (o) => o.billname },
  items: { header: 'Items', cell: (o) => <OrderItems order={o} /> },
  total: { header: 'Total', cell: (o) => money(orderTotal(o)), className: styles.amount },
  /** The spec's Bill Amount: the order's billamount (items less the discount, shipping not included). */
  billAmount: { header: 'Bill Amount', cell: (o) => money(o.billamount), className: styles.amount },
  status: { header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
} satisfies Record<string, OrderColumn>;

/** The items of an order; an auction win with its item's photo and a 'Won at auction' tag. */
export function OrderItems({ order }: { order: Order }): ReactElement {
  if (order.auctionid === undefined) return <>{itemsSummary(order)}</>;
  return (
    <span className={styles.win}>
      {order.photo && <img className={styles.winPhoto} src={order.photo} alt="" width={40} height={40} />}
      <span>
        {itemsSummary(order)} <span className={styles.winTag}>Won at auction</span>
      </span>
    </span>
  );
}

/**
 * A table of orders (one card per order on narrow screens), with an optional action per row.
 * `placeholder` replaces the rows (loading, empty) while keeping the header; `rowRef` gives each row's ref.
 */
export function OrdersTable({
  orders,
  columns,
  action,
  placeholder,
  rowRef,
}: {
  orders: Order[];
  columns: OrderColumn[];
  action?: (order: Order) => ReactNode;
  placeholder?: ReactNode;
  rowRef?: (order: Order) => Ref<HTMLTableRowElement>;
}): ReactElement {
  const span = columns.length + (action ? 1 : 0);
  return (
    <table className={[accountStyles.table, accountStyles.stackTable].join(' ')}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
          {action && (
            <th scope="col">
              <span className={accountStyles.visuallyHidden}>Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {placeholder ? (
          <tr>
            <td colSpan={span} className={accountStyles.empty}>
              {placeholder}
            </td>
          </tr>
        ) : (
          orders.map((o) => (
            <tr key={o.orderid} ref={rowRef?.(o)}>
              {columns.map((c) => (
                <td key={c.header} data-label={c.header} className={c.className}>
                  {c.cell(o)}
                </td>
              ))}
              {action && <td className={accountStyles.rowActions}>{action(o)}</td>}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** OrdersTable in its card (the order pages' list look, loaded a page at a time: the first order a Load more brought takes the focus). */
export function OrdersTableCard(props: Parameters<typeof OrdersTable>[0] & { intro?: ReactNode }): ReactElement {
  const { intro, ...table } = props;
  const { orderRef } = useOrders();
  return (
    <div className={accountStyles.tableWrap}>
      {intro}
      <OrdersTable rowRef={(o) => orderRef(o.orderid)} {...table} />
    </div>
  );
}
