import { useEffect, type ReactElement, type ReactNode } from 'react';
import { Link, NavLink, useNavigate, useSearchParams } from '@marketplace/shared/router';
import {
  errorMessage,
  getOrder,
  hasStatus,
  LoadFailed,
  Loading,
  notify,
  parseId,
  useResource,
  useSession,
  type Order,
  type OrderStatus,
  type Shipment,
  linkTo,
} from '@marketplace/shared';
import { useAccount } from '../AccountContext';
import { formatDate, formatDateTime } from './orderFormat';
import accountStyles from '../Account.module.css';
import styles from './Orders.module.css';

/** A coloured status pill: Awaiting payment, Processing, Shipped, Delivered or Cancelled. */
export function StatusBadge({ status }: { status: OrderStatus }): ReactElement {
  const tone = status === 'Awaiting payment' ? styles.awaiting : styles[status];
  return <span className={[styles.badge, tone].join(' ')}>{status}</span>;
}

/** 'Order #12 [status]', when it was placed (and `detail`), and a link to the order's other page. */
export function OrderHead({
  order,
  detail,
  link,
}: {
  order: Order;
  detail?: string;
  link: { to: string; label: string };
}): ReactElement {
  return (
    <div className={styles.orderHead}>
      <div>
        <h2 className={styles.orderTitle}>
          Order #{order.orderid} <StatusBadge status={order.status} />
        </h2>
        <p className={styles.orderMeta}>
          Placed on {formatDateTime(order.orderdate)}
          {detail && ` · ${detail}`}
        </p>
      </div>
      <Link className={accountStyles.cardLink} to={link.to}>
        {link.label}
      </Link>
    </div>
  );
}

/** A function, as the tabs' links resolve through the live link table when the page renders. */
const orderTabs = () => [
  { to: linkTo('myOrders'), label: 'My Orders' },
  { to: linkTo('trackOrder'), label: 'Track Order' },
  { to: linkTo('myPayment'), label: 'My Payments' },
  { to: linkTo('cancellation'), label: 'My Cancellations' },
];

/** Links between the order pages (the side menu of the spec only reaches My Orders). */
export function OrdersNav(): ReactElement {
  return (
    <nav aria-label="Orders" className={styles.tabs}>
      {orderTabs().map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          end
          className={({ isActive }) => [styles.tab, isActive ? styles.tabActive : null].filter(Boolean).join(' ')}
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}

type StepState = 'done' | 'current' | 'upcoming' | 'cancelled';
interface Step {
  label: string;
  state: StepState;
  date: string;
}

const FLOW = ['Processing', 'Shipped', 'Delivered'] as const;
const SPOKEN: Record<StepState, string> = {
  done: 'completed',
  current: 'completed, current status',
  upcoming: 'not yet',
  cancelled: 'order cancelled',
};

/**
 * When a step happened (a time still ahead is not shown), or when it is expected. The
 * marketplace's shipments follow the order's clock (`shippedBy`, `deliveredBy`); a seller's has
 * the times its seller marked it, and no expected time before.
 */
function stepDate(reached: boolean, actual: string | null, planned: string | null, now: number): string {
  const at = actual ?? planned;
  if (at === null) return '';
  if (!reached) return actual === null && planned !== null ? `Expected ${formatDate(planned)}` : '';
  return Date.parse(at) <= now ? formatDate(at) : '';
}

/**
 * Processing → Shipped → Delivered with the steps up to the current one finished (spec section 4);
 * a cancelled shipment ends in a red Cancelled step (after Shipped when it had shipped); an
 * auction win not yet paid is won, then awaits payment.
 */
export function timelineSteps(order: Order, shipment: Shipment, now = Date.now()): Step[] {
  const placed = formatDate(order.orderdate);
  if (shipment.status === 'Cancelled') {
    return [
      { label: 'Processing', state: 'done', date: placed },
      ...(shipment.shippedAt
        ? [{ label: 'Shipped', state: 'done' as const, date: formatDate(shipment.shippedAt) }]
        : []),
      { label: 'Cancelled', state: 'cancelled', date: shipment.cancelledAt ? formatDate(shipment.cancelledAt) : '' },
    ];
  }
  if (shipment.status === 'Awaiting payment') {
    return [
      { label: 'Won at auction', state: 'done', date: placed },
      { label: 'Awaiting payment', state: 'current', date: '' },
      ...FLOW.map((label): Step => ({ label, state: 'upcoming', date: '' })),
    ];
  }
  const at = FLOW.indexOf(shipment.status);
  const byClock = shipment.fulfilledBy === 'marketplace';
  const dates = [
    placed,
    stepDate(at >= 1, shipment.shippedAt, byClock ? order.shippedBy : null, now),
    stepDate(at >= 2, shipment.deliveredAt, byClock ? order.deliveredBy : null, now),
  ];
  return FLOW.map((label, i) => ({
    label,
    state: i < at ? 'done' : i === at ? 'current' : 'upcoming',
    date: dates[i] ?? '',
  }));
}

/** A shipment's steps; `label` names the list ('Progress of order 12' when the order has one shipment). */
export function OrderTimeline({
  order,
  shipment,
  label = `Progress of order ${order.orderid}`,
}: {
  order: Order;
  shipment: Shipment;
  label?: string;
}): ReactElement {
  const steps = timelineSteps(order, shipment);
  return (
    <ol className={styles.timeline} aria-label={label}>
      {steps.map((s, i) => {
        const finished = s.state === 'done' || s.state === 'current';
        return (
          <li
            key={s.label}
            className={[
              styles.step,
              finished ? styles.done : null,
              s.state === 'current' ? styles.current : null,
              s.state === 'cancelled' ? styles.cancelled : null,
            ]
              .filter(Boolean)
              .join(' ')}
            aria-current={s.state === 'current' || s.state === 'cancelled' ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden="true">
              {s.state === 'cancelled' ? '✕' : finished ? '✓' : i + 1}
            </span>
            <span className={styles.stepText}>
              <span className={styles.stepLabel}>{s.label}</span>
              <span className={accountStyles.visuallyHidden}> ({SPOKEN[s.state]})</span>
              {s.date && <span className={styles.stepDate}> {s.date}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The order is unknown, another user's, or its id is not one (GET /order answered 404 or 400). */
function isMissing(error: unknown): boolean {
  return hasStatus(error, 404) || hasStatus(error, 400);
}

/**
 * The selected order: `?orderid=` when the address carries one (a MANAGE link opened in a new
 * tab), else sessionStorage 'orderid' (spec section 3). The address wins and is stored.
 */
export function useSelectedOrderId(): number | null {
  const [params] = useSearchParams();
  const fromUrl = parseId(params.get('orderid'));
  const stored = useSession((s) => s.orderId);
  useEffect(() => {
    if (fromUrl !== null && fromUrl !== stored) useSession.getState().setOrderId(fromUrl);
  }, [fromUrl, stored]);
  return fromUrl ?? stored;
}

/**
 * Loads one order fresh (GET /order, as its status moves with time) and renders
 * `children(order)`: a spinner meanwhile; on failure the spec's toast 'Something went Wrong' and
 * the failure with a retry. An order not found (or another user's) gives a warning toast, is
 * forgotten and the page goes to `leaveTo`; a 401 is the area's (it signs the user out).
 */
export function LoadedOrder({
  orderid,
  leaveTo,
  children,
}: {
  orderid: number;
  leaveTo: string;
  children: (order: Order) => ReactNode;
}): ReactElement {
  const { fail } = useAccount();
  const order = useResource(() => getOrder(orderid), [orderid], {
    onFailed: (error) => {
      if (hasStatus(error, 401)) fail(error);
      else if (!isMissing(error)) notify({ text: 'Something went Wrong', kind: 'error' });
    },
  });
  const navigate = useNavigate();
  const missing = order.status === 'failed' && isMissing(order.error) ? order.error : null;
  useEffect(() => {
    if (missing === null) return;
    notify({ text: errorMessage(missing), kind: 'warning' });
    useSession.getState().setOrderId(null);
    navigate(leaveTo, { replace: true });
  }, [missing, navigate, leaveTo]);

  if (order.status === 'ready') return <>{children(order.data)}</>;
  if (order.status === 'failed' && !missing && !hasStatus(order.error, 401)) {
    return (
      <LoadFailed what="This order could not be loaded." onRetry={order.retry} buttonClassName={accountStyles.button} />
    );
  }
  return <Loading label="Loading the order" />;
}
