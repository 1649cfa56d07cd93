import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Link, Navigate, useNavigate } from '@marketplace/shared/router';
import { cancelOrder, errorMessage, hasStatus, notify, type Order, type OrderLine, linkTo } from '@marketplace/shared';
import { useAccount } from '../AccountContext';
import { LoadedOrder, OrderHead, OrderTimeline, useSelectedOrderId } from './OrderBits';
import { OrderItems } from './OrdersTable';
import { PayAuctionOrder } from './PayAuctionOrder';
import { ShipmentBlock, shipperText, TrackingFacts } from './Shipments';
import {
  cancellable,
  canCancel,
  formatDate,
  money,
  orderSubtotal,
  orderTotal,
  paymentName,
  shipmentsOf,
  shippingText,
} from './orderFormat';
import accountStyles from '../Account.module.css';
import styles from './Orders.module.css';

/** Subtotal, Discount(Promocode) when above 0, shipping, total (spec section 9). */
export function OrderAmounts({ order }: { order: Order }): ReactElement {
  return (
    <dl className={styles.summary} aria-label="Order amounts">
      <div className={styles.summaryRow}>
        <dt>Subtotal</dt>
        <dd>{money(orderSubtotal(order))}</dd>
      </div>
      {order.discount > 0 && (
        <div className={[styles.summaryRow, styles.discount].join(' ')}>
          <dt>
            Discount(Promocode)
            {order.couponname && <span className={styles.note}> {order.couponname}</span>}
          </dt>
          <dd>- {money(order.discount)}</dd>
        </div>
      )}
      <div className={styles.summaryRow}>
        <dt>Shipping</dt>
        <dd>{shippingText(order)}</dd>
      </div>
      <div className={[styles.summaryRow, styles.totalRow].join(' ')}>
        <dt>Total</dt>
        <dd>{money(orderTotal(order))}</dd>
      </div>
    </dl>
  );
}

/** The order's lines, or a shipment's. */
function Items({ order, lines }: { order: Order; lines: OrderLine[] }): ReactElement {
  return (
    <table className={[accountStyles.table, accountStyles.stackTable].join(' ')}>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Quantity</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={`${line.productid}-${i}`}>
            <td data-label="Product">
              {order.auctionid !== undefined ? (
                <Link className={accountStyles.cardLink} to={linkTo('auctionProduct', { id: order.auctionid })}>
                  <OrderItems order={order} />
                </Link>
              ) : line.productid > 0 ? (
                <Link className={accountStyles.cardLink} to={linkTo('productDetails', { id: line.productid })}>
                  {line.productname}
                </Link>
              ) : (
                line.productname
              )}
            </td>
            <td data-label="Price">{money(line.price)}</td>
            {/* The units ordered (the spec printed 1: quantities came with issue 26). */}
            <td data-label="Quantity">{line.quantity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Cancel Order, asked twice: the confirmation sends DELETE /cancelorder. */
function CancelOrder({ order }: { order: Order }): ReactElement {
  const navigate = useNavigate();
  const { fail } = useAccount();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  async function cancel() {
    setBusy(true);
    try {
      const { msg } = await cancelOrder(order.orderid);
      notify({ text: msg, kind: 'success' });
    } catch (error) {
      if (hasStatus(error, 401)) {
        fail(error);
        return;
      }
      notify({ text: errorMessage(error), kind: 'warning' });
    }
    navigate(linkTo('myOrders'));
  }

  if (!asking) {
    return (
      <div className={accountStyles.actions}>
        <button type="button" className={accountStyles.danger} onClick={() => setAsking(true)}>
          Cancel Order
        </button>
      </div>
    );
  }
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby="cancel-question"
      aria-describedby="cancel-detail"
    >
      <p id="cancel-question" className={accountStyles.strong}>
        Cancel order #{order.orderid}?
      </p>
      <p id="cancel-detail">
        {shipmentsOf(order).every((s) => cancellable(s) || s.status === 'Cancelled')
          ? 'It will not be shipped; the order stays in your history as Cancelled.'
          : 'What has not been shipped yet is cancelled; what a seller has already shipped still comes.'}
      </p>
      <div className={accountStyles.actions}>
        <button ref={confirmRef} type="button" className={styles.dangerSolid} onClick={cancel} disabled={busy}>
          {busy ? 'Cancelling…' : 'Yes, Cancel Order'}
        </button>
        <button type="button" className={accountStyles.secondary} onClick={() => setAsking(false)} disabled={busy}>
          Keep Order
        </button>
      </div>
    </div>
  );
}

function OrderDetail({ order: loaded }: { order: Order }): ReactElement {
  // An auction win completed here is shown as the server answered it.
  const [order, setOrder] = useState(loaded);
  const shipments = shipmentsOf(order);
  // One shipment (every order of the demo catalogue): its progress is the order's, as it always was.
  const sole = shipments.length === 1 ? shipments[0] : undefined;
  return (
    <>
      {order.status === 'Awaiting payment' && <PayAuctionOrder order={order} onPaid={setOrder} />}
      <div className={accountStyles.panel}>
        <OrderHead order={order} link={{ to: linkTo('trackOrder'), label: 'Track Order' }} />
        {sole ? (
          <>
            <p className={styles.shipper}>{shipperText(sole)}</p>
            <OrderTimeline order={order} shipment={sole} />
            <TrackingFacts shipment={sole} />
          </>
        ) : (
          <p className={styles.shipper}>In {shipments.length} shipments, each with its own progress below.</p>
        )}
        {order.status === 'Delivered' && (
          <p className={styles.delivered} role="status">
            Delivered Successfully
          </p>
        )}
        {order.status === 'Cancelled' && (
          <p className={styles.cancelNote}>
            This order was cancelled{order.cancelledAt ? ` on ${formatDate(order.cancelledAt)}` : ''}.
          </p>
        )}
        {canCancel(order) && <CancelOrder order={order} />}
      </div>

      {sole ? (
        <section className={accountStyles.tableWrap} aria-labelledby="order-items">
          <h2 id="order-items" className={accountStyles.subheading}>
            Items
          </h2>
          <Items order={order} lines={order.orderdata} />
        </section>
      ) : (
        <section className={styles.shipments} aria-labelledby="order-shipments">
          <h2 id="order-shipments" className={accountStyles.subheading}>
            Shipments
          </h2>
          {shipments.map((shipment, i) => (
            <ShipmentBlock
              key={shipment.shipmentid}
              order={order}
              shipment={shipment}
              index={i}
              count={shipments.length}
            >
              <Items order={order} lines={shipment.lines} />
            </ShipmentBlock>
          ))}
        </section>
      )}

      <div className={styles.columns}>
        <section className={accountStyles.panel} aria-labelledby="order-amounts">
          <h2 id="order-amounts">Order Summary</h2>
          <OrderAmounts order={order} />
        </section>
        <section className={accountStyles.panel} aria-labelledby="order-delivery">
          <h2 id="order-delivery">Delivery and Payment</h2>
          <dl className={styles.facts}>
            <div>
              <dt>Shipping Type</dt>
              <dd>
                Standard{' '}
                <span className={styles.note}>
                  {shipments.every((s) => s.fulfilledBy === 'marketplace')
                    ? 'Delivered After Two Day For the OrderDate'
                    : 'Each seller ships their part and gives its courier and tracking number here'}
                </span>
              </dd>
            </div>
            <div>
              <dt>Bill Name</dt>
              <dd>{order.billname}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{order.billaddress}</dd>
            </div>
            {order.ordernote && (
              <div>
                <dt>Order Note</dt>
                <dd>{order.ordernote}</dd>
              </div>
            )}
            <div>
              <dt>Payment</dt>
              {/* Cash on delivery is paid when the order arrives: "Paid by" would not be true yet. */}
              <dd>
                {order.payinfo === null
                  ? 'Not chosen yet: choose it above to place the order'
                  : order.payinfo === 'cod'
                    ? 'Cash on Delivery: pay when it arrives'
                    : `Paid by ${paymentName(order.payinfo)}`}
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </>
  );
}

/**
 * /myaccount/manageorder: the selected order with its timeline, items, amounts and Cancel Order;
 * an order of several sellers shows each shipment with its seller, progress, courier and
 * tracking number, and lines.
 */
export function ManageOrder(): ReactElement {
  const orderid = useSelectedOrderId();
  if (orderid === null) return <Navigate to={linkTo('myOrders')} replace />;
  return (
    <>
      <div className={accountStyles.headingRow}>
        <h1 className={accountStyles.heading}>Manage Order</h1>
        <Link className={accountStyles.secondary} to={linkTo('myOrders')}>
          Back to My Orders
        </Link>
      </div>
      <LoadedOrder key={orderid} orderid={orderid} leaveTo={linkTo('myOrders')}>
        {(order) => <OrderDetail order={order} />}
      </LoadedOrder>
    </>
  );
}
