import { useEffect, type ReactElement, type ReactNode } from 'react';
import { Link, NavLink, useNavigate, useSearchParams } from '@marketplace/shared/router';
import {
  errorMessage,
  getOrder,
  hasStatus,
  LoadFailed,
  Loading,
  myAccountPath,
  notify,
  parseId,
  useResource,
  useSession,
  type Order,
  type OrderStatus,
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

const ORDER_TABS = [
  { to: myAccountPath('myorder'), label: 'My Orders' },
  { to: myAccountPath('trackorder'), label: 'Track Order' },
  { to: myAccountPath('mypayment'), label: 'My Payments' },
  { to: myAccountPath('cancellation'), label: 'My Cancellations' },
];

/** Links between the order pages (the side menu of the spec only reaches My Orders). */
export function OrdersNav(): ReactElement {
  return (
    <nav aria-label="Orders" className={styles.tabs}>
      {ORDER_TABS.map((t) => (
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

/** A reached step shows when it happened (a planned time still ahead is not shown); a step ahead its planned date. */
function stepDate(reached: boolean, iso: string, now: number): string {
  if (!reached) return `Expected ${formatDate(iso)}`;
  return Date.parse(iso) <= now ? formatDate(iso) : '';
}

/**
 * Processing → Shipped → Delivered with the steps up to the current one finished (spec section 4);
 * a cancelled order ends in a red Cancelled step; an auction win not yet paid is won, then awaits payment.
 */
export function timelineSteps(order: Order, now = Date.now()): Step[] {
  const placed = formatDate(order.orderdate);
  if (order.status === 'Cancelled') {
    return [
      { label: 'Processing', state: 'done', date: placed },
      { label: 'Cancelled', state: 'cancelled', date: order.cancelledAt ? formatDate(order.cancelledAt) : '' },
    ];
  }
  if (order.status === 'Awaiting payment') {
    return [
      { label: 'Won at auction', state: 'done', date: placed },
      { label: 'Awaiting payment', state: 'current', date: '' },
      ...FLOW.map((label): Step => ({ label, state: 'upcoming', date: '' })),
    ];
  }
  const at = FLOW.indexOf(order.status);
  const dates = [placed, stepDate(at >= 1, order.shippedBy, now), stepDate(at >= 2, order.deliveredBy, now)];
  return FLOW.map((label, i) => ({
    label,
    state: i < at ? 'done' : i === at ? 'current' : 'upcoming',
    date: dates[i] ?? '',
  }));
}

export function OrderTimeline({ order }: { order: Order }): ReactElement {
  const steps = timelineSteps(order);
  return (
    <ol className={styles.timeline} aria-label={`Progress of order ${order.orderid}`}>
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
      else if (!isMissing(error)) notify('Something went Wrong,3');
    },
  });
  const navigate = useNavigate();
  const missing = order.status === 'failed' && isMissing(order.error) ? order.error : null;
  useEffect(() => {
    if (missing === null) return;
    notify(`${errorMessage(missing)},2`);
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
