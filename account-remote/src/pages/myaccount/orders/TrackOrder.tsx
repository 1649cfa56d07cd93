import { type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import { useSession, type Order, linkTo } from '@marketplace/shared';
import { EmptyOrders, WithOrders } from './OrderListStates';
import { LoadedOrder, OrderHead, OrdersNav, OrderTimeline, useSelectedOrderId } from './OrderBits';
import { ShipmentBlock, shipperText, TrackingFacts } from './Shipments';
import { COLUMNS, OrdersTableCard } from './OrdersTable';
import { formatDate, formatDateTime, itemsSummary, newestFirst, shipmentsOf } from './orderFormat';
import accountStyles from '../Account.module.css';
import styles from './Orders.module.css';

const choose = (orderid: number | null) => useSession.getState().setOrderId(orderid);

/**
 * The delivery line under the progress: expected (the marketplace's clock), done, cancelled, or
 * (an auction win) awaiting payment. A seller's shipment has no expected date: its seller gives the
 * courier and tracking number when it ships. An order of several shipments has none: each shows its own.
 */
function DeliveryLine({ order }: { order: Order }): ReactElement | null {
  if (order.status === 'Cancelled') {
    return (
      <p className={styles.cancelNote}>
        This order was cancelled{order.cancelledAt ? ` on ${formatDateTime(order.cancelledAt)}` : ''}; it will not be
        delivered.
      </p>
    );
  }
  if (order.status === 'Delivered') {
    return (
      <p className={styles.delivered} role="status">
        Delivered Successfully
      </p>
    );
  }
  if (order.status === 'Awaiting payment') {
    // Its delivery clock starts once the winner has chosen the address and payment.
    return (
      <p className={styles.expected}>
        <span>Awaiting payment</span>
        <Link to={linkTo('manageOrder', { orderid: order.orderid })}>Choose delivery and payment</Link>
      </p>
    );
  }
  const shipments = shipmentsOf(order);
  // Several shipments: each block shows its own progress and dates.
  if (shipments.length > 1) return null;
  const [sole] = shipments;
  if (sole?.fulfilledBy === 'seller') {
    return (
      <p className={styles.expected}>
        {sole.status === 'Shipped' ? (
          <>
            <span>On its way</span>
            <span className={styles.note}>Follow it on the courier's site with the tracking number above.</span>
          </>
        ) : (
          <>
            <span>Delivery</span>
            <span className={styles.note}>The seller ships it and gives the courier and tracking number here.</span>
          </>
        )}
      </p>
    );
  }
  return (
    <p className={styles.expected}>
      <span>Expected delivery</span>
      <strong>{formatDate(order.deliveredBy)}</strong>
      <span className={styles.note}>Standard shipping: Delivered After Two Day For the OrderDate</span>
    </p>
  );
}

function Tracking({ order }: { order: Order }): ReactElement {
  const navigate = useNavigate();
  /** Forgets the selected order (and an `?orderid=` of the address, which would select it again). */
  const chooseAnother = () => {
    choose(null);
    navigate(linkTo('trackOrder'), { replace: true });
  };
  const shipments = shipmentsOf(order);
  const sole = shipments.length === 1 ? shipments[0] : undefined;
  return (
    <div className={accountStyles.panel}>
      <OrderHead
        order={order}
        detail={itemsSummary(order)}
        link={{ to: linkTo('manageOrder'), label: 'Manage Order' }}
      />
      {sole ? (
        <>
          <p className={styles.shipper}>{shipperText(sole)}</p>
          <OrderTimeline order={order} shipment={sole} />
          <TrackingFacts shipment={sole} />
        </>
      ) : (
        <div className={styles.shipments}>
          {shipments.map((shipment, i) => (
            <ShipmentBlock
              key={shipment.shipmentid}
              order={order}
              shipment={shipment}
              index={i}
              count={shipments.length}
            >
              <p className={styles.note}>{shipment.lines.map((l) => l.productname).join(', ')}</p>
            </ShipmentBlock>
          ))}
        </div>
      )}
      <DeliveryLine order={order} />
      <div className={accountStyles.actions}>
        <button type="button" className={accountStyles.secondary} onClick={chooseAnother}>
          Track another order
        </button>
      </div>
    </div>
  );
}

function ChooseOrder({ orders }: { orders: Order[] }): ReactElement {
  if (orders.length === 0) return <EmptyOrders>No Order Pending</EmptyOrders>;
  return (
    <OrdersTableCard
      intro={<p className={accountStyles.muted}>Choose an order to see where it is.</p>}
      orders={orders}
      columns={[COLUMNS.id, COLUMNS.date, COLUMNS.items, COLUMNS.status]}
      action={(o) => (
        <button
          type="button"
          className={styles.manage}
          onClick={() => choose(o.orderid)}
          aria-label={`TRACK order ${o.orderid}`}
        >
          TRACK
        </button>
      )}
    />
  );
}

/** /myaccount/trackorder: the selected order's timeline with dates and expected delivery; without one, a list to choose from. */
export function TrackOrder(): ReactElement {
  const orderid = useSelectedOrderId();
  return (
    <>
      <h1 className={accountStyles.heading}>Track Order</h1>
      <OrdersNav />
      {orderid === null ? (
        <WithOrders pick={newestFirst}>{(orders) => <ChooseOrder orders={orders} />}</WithOrders>
      ) : (
        <LoadedOrder key={orderid} orderid={orderid} leaveTo={linkTo('trackOrder')}>
          {(order) => <Tracking order={order} />}
        </LoadedOrder>
      )}
    </>
  );
}
