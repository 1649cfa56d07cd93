import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  errorMessage,
  Field,
  getSalesPage,
  hasStatus,
  LoadFailed,
  Loading,
  LoadMore,
  markDelivered,
  markShipped,
  notify,
  SALES_PAGE,
  SHIPMENT_LIMITS,
  SHIPMENT_MESSAGES,
  SHIPMENT_STATUSES,
  SubmitButton,
  useFormFields,
  usePagedList,
  type Sale,
  type SaleChange,
  type ShipmentStatus,
  linkTo,
} from '@marketplace/shared';
import { useAccount } from '../AccountContext';
import { StatusBadge } from '../orders/OrderBits';
import { formatDate, formatDateTime, money } from '../orders/orderFormat';
import { courierProblem, trackingProblem } from '../../../lib/shipping';
import accountStyles from '../Account.module.css';
import orderStyles from '../orders/Orders.module.css';
import styles from './Sales.module.css';

/** What the seller is doing to one shipment: nothing, filling in Mark shipped, or confirming Mark delivered. */
type Acting = { shipmentid: number; action: 'ship' | 'deliver' } | null;

/** A failed mark: a 401 ends the session; a refusal that says the shipment moved (404, 409) reads the list again. */
type Failed = (error: unknown) => void;

/** Where the shipment stands, in a sentence: when it shipped (courier, tracking), arrived or was cancelled. */
function ShippingState({ sale }: { sale: Sale }): ReactElement | null {
  switch (sale.status) {
    case 'Awaiting payment':
      return <p className={styles.state}>{SHIPMENT_MESSAGES.awaitingPayment}.</p>;
    case 'Processing':
      return (
        <p className={styles.state}>
          Ready to ship: hand it to a courier, then mark it shipped with the tracking number.
        </p>
      );
    case 'Cancelled':
      return (
        <p className={orderStyles.cancelNote}>
          Cancelled by the buyer{sale.cancelledAt ? ` on ${formatDate(sale.cancelledAt)}` : ''}: do not ship it.
        </p>
      );
    default:
      return (
        <dl className={styles.tracking}>
          <div>
            <dt>Shipped</dt>
            <dd>{sale.shippedAt ? formatDate(sale.shippedAt) : '—'}</dd>
          </div>
          <div>
            <dt>Courier</dt>
            <dd>{sale.courier ?? '—'}</dd>
          </div>
          <div>
            <dt>Tracking number</dt>
            <dd className={styles.trackingNumber}>{sale.tracking ?? '—'}</dd>
          </div>
          {sale.status === 'Delivered' && (
            <div>
              <dt>Delivered</dt>
              <dd>{sale.deliveredAt ? formatDate(sale.deliveredAt) : '—'}</dd>
            </div>
          )}
        </dl>
      );
  }
}

/** Mark shipped: the courier's name and the tracking number, checked here by the contract's rules before PUT /sales/{id}/shipped. */
function ShipForm({
  sale,
  onShipped,
  onFailed,
  onClose,
}: {
  sale: Sale;
  onShipped(change: SaleChange): void;
  onFailed: Failed;
  onClose(): void;
}): ReactElement {
  const { values, touched, set, touchAll } = useFormFields({ courier: '', tracking: '' });
  // A message shows once typed in or sent, not on leaving a field: one appearing as the pointer
  // leaves for Mark shipped would move the button from under the click.
  const bind = (key: 'courier' | 'tracking') => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });
  const [busy, setBusy] = useState(false);
  const problems = { courier: courierProblem(values.courier), tracking: trackingProblem(values.tracking) };
  const ids = { courier: `ship-${sale.shipmentid}-courier`, tracking: `ship-${sale.shipmentid}-tracking` };
  const focus = (key: keyof typeof ids) => document.getElementById(ids[key])?.focus();

  useEffect(() => document.getElementById(ids.courier)?.focus(), [ids.courier]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (problems.courier || problems.tracking) {
      touchAll();
      focus(problems.courier ? 'courier' : 'tracking');
      return;
    }
    setBusy(true);
    try {
      onShipped(
        await markShipped(sale.shipmentid, { courier: values.courier.trim(), tracking: values.tracking.trim() }),
      );
    } catch (error) {
      setBusy(false);
      onFailed(error);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`Mark shipped: order #${sale.orderid}`}>
      <div className={styles.formRow}>
        <Field
          id={ids.courier}
          label="Courier"
          required
          maxLength={SHIPMENT_LIMITS.courier.max}
          autoComplete="off"
          hint="Blue Dart, Delhivery, India Post, …"
          error={touched.courier ? problems.courier : null}
          disabled={busy}
          {...bind('courier')}
        />
        <Field
          id={ids.tracking}
          label="Tracking number"
          required
          maxLength={SHIPMENT_LIMITS.tracking.max}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint="As printed on the courier's receipt."
          error={touched.tracking ? problems.tracking : null}
          disabled={busy}
          {...bind('tracking')}
        />
      </div>
      <div className={accountStyles.actions}>
        <SubmitButton busy={busy} busyLabel="Marking shipped…" className={accountStyles.button}>
          Mark shipped
        </SubmitButton>
        <button type="button" className={accountStyles.secondary} onClick={onClose} disabled={busy}>
          Close
        </button>
      </div>
    </form>
  );
}

/** Mark delivered, asked first (the buyer is told, and a status never goes back). */
function DeliverQuestion({
  sale,
  onDelivered,
  onFailed,
  onKeep,
}: {
  sale: Sale;
  onDelivered(change: SaleChange): void;
  onFailed: Failed;
  onKeep(): void;
}): ReactElement {
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  const id = `deliver-${sale.shipmentid}`;

  async function confirm() {
    setBusy(true);
    try {
      onDelivered(await markDelivered(sale.shipmentid));
    } catch (error) {
      setBusy(false);
      onFailed(error);
    }
  }

  return (
    <div className={styles.question} role="alertdialog" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`} className={accountStyles.strong}>
        Has order #{sale.orderid} arrived? The buyer is told it was delivered; this cannot be undone.
      </p>
      <div className={accountStyles.actions}>
        <button
          ref={confirmRef}
          type="button"
          className={accountStyles.button}
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Marking delivered…' : 'Yes, Mark Delivered'}
        </button>
        <button type="button" className={accountStyles.secondary} onClick={onKeep} disabled={busy}>
          Not yet
        </button>
      </div>
    </div>
  );
}

function SaleLines({ sale }: { sale: Sale }): ReactElement {
  return (
    <ul className={styles.lines} aria-label="Items">
      {sale.lines.map((line, i) => (
        <li key={`${line.productid}-${i}`} className={styles.line}>
          <span>
            {sale.auctionid !== undefined ? (
              <Link className={styles.lineName} to={linkTo('auctionProduct', { id: sale.auctionid })}>
                {line.productname}
              </Link>
            ) : line.productid > 0 ? (
              <Link className={styles.lineName} to={linkTo('productDetails', { id: line.productid })}>
                {line.productname}
              </Link>
            ) : (
              <span className={styles.lineName}>{line.productname}</span>
            )}{' '}
            × {line.quantity}
          </span>
          <span className={styles.linePrice}>
            {money(line.price)}
            {line.quantity > 1 && ' each'}
          </span>
        </li>
      ))}
    </ul>
  );
}

function SaleCard({
  sale,
  acting,
  onAct,
  onChanged,
  onFailed,
  cardRef,
  headingRef,
}: {
  sale: Sale;
  acting: Acting;
  onAct(acting: Acting): void;
  onChanged(change: SaleChange): void;
  onFailed: Failed;
  cardRef(el: HTMLElement | null): void;
  headingRef(el: HTMLHeadingElement | null): void;
}): ReactElement {
  const titleId = `sale-${sale.shipmentid}`;
  const actionButton = useRef<HTMLButtonElement>(null);
  const mine = acting?.shipmentid === sale.shipmentid ? acting.action : null;
  const close = () => {
    onAct(null);
    requestAnimationFrame(() => actionButton.current?.focus());
  };
  const { name, address, note } = sale.shipto;

  return (
    <li ref={cardRef} className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <div>
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
            Order #{sale.orderid} <StatusBadge status={sale.status} />
          </h2>
          <p className={orderStyles.orderMeta}>
            Ordered on {formatDateTime(sale.orderdate)}
            {sale.auctionid !== undefined && (
              <>
                {' '}
                <span className={orderStyles.winTag}>Auction win</span>
              </>
            )}
          </p>
        </div>
        <p className={styles.amount}>
          <span className={styles.amountLabel}>Amount</span> {money(sale.amount)}
        </p>
      </div>

      <div className={styles.cardBody}>
        <SaleLines sale={sale} />
        <div className={styles.shipTo}>
          <h3 className={styles.shipToTitle}>Ship to</h3>
          {name || address ? (
            <address className={styles.address}>
              <strong>{name}</strong>
              <span>{address}</span>
              {note && <span className={styles.note}>Note: {note}</span>}
            </address>
          ) : (
            <p className={accountStyles.muted}>Once the buyer has paid.</p>
          )}
        </div>
      </div>

      <ShippingState sale={sale} />

      {mine === 'ship' ? (
        <ShipForm sale={sale} onShipped={onChanged} onFailed={onFailed} onClose={close} />
      ) : mine === 'deliver' ? (
        <DeliverQuestion sale={sale} onDelivered={onChanged} onFailed={onFailed} onKeep={close} />
      ) : sale.status === 'Processing' ? (
        <div className={accountStyles.actions}>
          <button
            ref={actionButton}
            type="button"
            className={accountStyles.button}
            onClick={() => onAct({ shipmentid: sale.shipmentid, action: 'ship' })}
            aria-label={`Mark shipped: order #${sale.orderid}`}
          >
            Mark shipped
          </button>
        </div>
      ) : sale.status === 'Shipped' ? (
        <div className={accountStyles.actions}>
          <button
            ref={actionButton}
            type="button"
            className={accountStyles.button}
            onClick={() => onAct({ shipmentid: sale.shipmentid, action: 'deliver' })}
            aria-label={`Mark delivered: order #${sale.orderid}`}
          >
            Mark delivered
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** The status filter: All or one status, as radio chips (one tap on a phone). */
function StatusFilter({
  status,
  onChange,
}: {
  status: ShipmentStatus | '';
  onChange(status: ShipmentStatus | ''): void;
}): ReactElement {
  return (
    <fieldset className={styles.filter}>
      <legend className={styles.filterLegend}>Status</legend>
      <div className={styles.chips}>
        {(['', ...SHIPMENT_STATUSES] as const).map((value) => (
          <label key={value || 'all'} className={styles.chip}>
            <input
              type="radio"
              name="sales-status"
              value={value}
              checked={status === value}
              onChange={() => onChange(value)}
            />
            <span>{value || 'All'}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * What the seller changed on this page, over the list as read: a shipment's reply replaces it
 * while the list still shows the item it replaced (a reload brings the server's own).
 */
function useChanges(items: Sale[] | null) {
  const [changes, setChanges] = useState<ReadonlyMap<number, { was: Sale; now: Sale }>>(new Map());
  const shown = (items ?? []).map((s) => {
    const change = changes.get(s.shipmentid);
    return change && change.was === s ? change.now : s;
  });
  const change = (now: Sale) => {
    const was = items?.find((s) => s.shipmentid === now.shipmentid);
    if (was) setChanges((c) => new Map(c).set(now.shipmentid, { was, now }));
  };
  return { shown, change };
}

/**
 * /myaccount/sales: the signed-in seller's shipments (what shoppers ordered of their listings, and
 * their auction items won), newest first, a page at a time, filtered by status; Processing ones are
 * marked shipped with the courier and tracking number, Shipped ones delivered. The server's
 * message is the toast; the shipment shows as the server answered it.
 */
export function OrdersToShip(): ReactElement {
  const { fail } = useAccount();
  const [status, setStatus] = useState<ShipmentStatus | ''>('');
  const list = usePagedList((page) => getSalesPage(status ? { ...page, status } : page), [status], {
    keyOf: (s) => s.shipmentid,
    maxPageSize: SALES_PAGE.max,
    onFailed: (error) => hasStatus(error, 401) && fail(error),
    onMoreFailed: (error) =>
      hasStatus(error, 401) ? fail(error) : notify({ text: 'Something went Wrong', kind: 'error' }),
  });
  const { shown, change } = useChanges(list.items);
  const [acting, setActing] = useState<Acting>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());

  function changed({ msg, sale }: SaleChange) {
    notify({ text: msg, kind: 'success' });
    change(sale);
    setActing(null);
    requestAnimationFrame(() => headings.current.get(sale.shipmentid)?.focus());
  }

  function failed(error: unknown) {
    if (hasStatus(error, 401)) {
      fail(error);
      return;
    }
    // Moved meanwhile (the buyer cancelled, another tab marked it): say so and show it as it stands.
    if (hasStatus(error, 404) || hasStatus(error, 409)) {
      notify({ text: errorMessage(error), kind: 'warning' });
      setActing(null);
      list.reload();
      return;
    }
    notify({ text: errorMessage(error), kind: 'error' });
  }

  function filter(next: ShipmentStatus | '') {
    setActing(null);
    setStatus(next);
  }

  return (
    <>
      <h1 className={accountStyles.heading}>Orders to ship</h1>
      <StatusFilter status={status} onChange={filter} />
      {list.status === 'failed' ? (
        <LoadFailed
          what="Your orders to ship could not be loaded."
          onRetry={list.reload}
          buttonClassName={accountStyles.button}
        />
      ) : list.items === null ? (
        <Loading label="Loading your orders to ship" />
      ) : shown.length === 0 ? (
        <div className={accountStyles.panel}>
          <p className={accountStyles.strong}>
            {status ? `${SHIPMENT_MESSAGES.none}: none is ${status}.` : SHIPMENT_MESSAGES.none}
          </p>
          <p>
            {status
              ? 'Choose All to see every order.'
              : 'When a shopper orders a product you listed, or wins your auction, it appears here for you to ship.'}
          </p>
        </div>
      ) : (
        <>
          <ul className={styles.cards} aria-label={SHIPMENT_MESSAGES.list}>
            {shown.map((sale) => (
              <SaleCard
                key={sale.shipmentid}
                sale={sale}
                acting={acting}
                onAct={setActing}
                onChanged={changed}
                onFailed={failed}
                cardRef={list.itemRef(sale.shipmentid)}
                headingRef={(el) => {
                  if (el) headings.current.set(sale.shipmentid, el);
                  else headings.current.delete(sale.shipmentid);
                }}
              />
            ))}
          </ul>
          <LoadMore list={list} label="Load more orders" buttonClassName={accountStyles.secondary} />
        </>
      )}
    </>
  );
}
