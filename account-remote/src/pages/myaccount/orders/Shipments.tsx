import { type ReactElement, type ReactNode } from 'react';
import type { Order, Shipment } from '@marketplace/shared';
import { OrderTimeline, StatusBadge } from './OrderBits';
import { formatDate } from './orderFormat';
import styles from './Orders.module.css';

/** Who ships it: 'Fulfilled by Marketplace', or 'Shipped by {seller}'. */
export function shipperText(shipment: Shipment): string {
  return shipment.fulfilledBy === 'marketplace' ? shipment.seller : `Shipped by ${shipment.seller}`;
}

/** The courier and tracking number a seller gave when it shipped (none before, none for the marketplace's). */
export function TrackingFacts({ shipment }: { shipment: Shipment }): ReactElement | null {
  if (shipment.courier === null && shipment.tracking === null) return null;
  return (
    <dl className={styles.trackingFacts} aria-label="Tracking">
      {shipment.shippedAt && (
        <div>
          <dt>Shipped on</dt>
          <dd>{formatDate(shipment.shippedAt)}</dd>
        </div>
      )}
      <div>
        <dt>Courier</dt>
        <dd>{shipment.courier ?? '—'}</dd>
      </div>
      <div>
        <dt>Tracking number</dt>
        <dd className={styles.trackingNumber}>{shipment.tracking ?? '—'}</dd>
      </div>
    </dl>
  );
}

/**
 * One shipment of an order that has several: 'Shipment 1 of 2: Shipped by …' with its status,
 * its progress, its courier and tracking number, then `children` (its lines).
 */
export function ShipmentBlock({
  order,
  shipment,
  index,
  count,
  children,
}: {
  order: Order;
  shipment: Shipment;
  index: number;
  count: number;
  children: ReactNode;
}): ReactElement {
  const titleId = `shipment-${order.orderid}-${index + 1}`;
  return (
    <article className={styles.shipment} aria-labelledby={titleId}>
      <div className={styles.shipmentHead}>
        <h3 id={titleId}>
          Shipment {index + 1} of {count}: {shipperText(shipment)}
        </h3>
        <StatusBadge status={shipment.status} />
      </div>
      <OrderTimeline
        order={order}
        shipment={shipment}
        label={`Progress of shipment ${index + 1} of order ${order.orderid}`}
      />
      <TrackingFacts shipment={shipment} />
      {children}
    </article>
  );
}
