import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { Link, Navigate, useNavigate } from '@marketplace/shared/router';
import {
  ApiError,
  Breadcrumb,
  checkCoupon,
  errorMessage,
  Field,
  formatAddress,
  getCartItems,
  getUserData,
  hasStatus,
  LoadFailed,
  Loading,
  notify,
  placeOrder,
  Price,
  refreshCartCount,
  SHOP_MESSAGES,
  SubmitButton,
  usePageMeta,
  useResource,
  useSession,
  type Address,
  type CartItem,
  type Customer,
  type PayInfo,
  linkTo,
} from '@marketplace/shared';
import { RequireSignIn } from '../../components/RequireSignIn';
import { endExpiredSession, reportFailedCall, SOMETHING_WRONG_TOAST } from '../../lib/failures';
import { newIdempotencyKey } from '../../lib/idempotency';
import { estimateTotals } from '../../lib/totals';
import forms from '../../styles/forms.module.css';
import ui from '../../styles/ui.module.css';
import styles from './CheckoutPage.module.css';

/** Spec section 8 toasts of the checkout. */
export const CHECKOUT_TOASTS = {
  addressFirst: { text: 'Please Enter Address First', kind: 'warning' },
  serverIssue: { text: 'Internal server issues', kind: 'warning' },
  unauthorized: { text: 'Unauthorized User', kind: 'error' },
  couponApplied: { text: SHOP_MESSAGES.couponApplied, kind: 'success' },
  couponExpired: { text: SHOP_MESSAGES.couponExpired, kind: 'error' },
  saveFirst: { text: SHOP_MESSAGES.billNameAndAddress, kind: 'warning' },
  orderPlaced: { text: SHOP_MESSAGES.orderPlaced, kind: 'success' },
} as const;

export const PAYMENT_CHOICES: readonly { value: PayInfo; label: string; hint: string }[] = [
  { value: 'cod', label: 'Cash on Delivery', hint: 'Pay when your order arrives.' },
  { value: 'paywithcard', label: 'Pay with Card', hint: 'Debit or credit card.' },
  { value: 'paypal', label: 'PayPal', hint: 'Pay with your PayPal account.' },
];

type CouponState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'applied'; couponname: string; discount: number; msg: string }
  | { status: 'expired'; reason: string };

interface SavedDelivery {
  billname: string;
  ordernote: string;
  billaddress: string;
}

/** 'Coupon Expired', with the server's reason when it says more. */
function expiredText(reason: string): string {
  return reason && reason !== SHOP_MESSAGES.couponExpired ? `Coupon Expired (${reason})` : 'Coupon Expired';
}

function CouponBox({ coupon, onChange }: { coupon: CouponState; onChange(next: CouponState): void }): ReactElement {
  const [code, setCode] = useState('');
  const inputId = useId();

  const apply = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const name = code.trim();
    if (!name || coupon.status === 'checking') return;
    onChange({ status: 'checking' });
    try {
      const result = await checkCoupon(name);
      onChange({ status: 'applied', ...result });
      notify(CHECKOUT_TOASTS.couponApplied);
    } catch (error) {
      if (hasStatus(error, 500)) {
        notify(CHECKOUT_TOASTS.serverIssue);
        onChange({ status: 'none' });
      } else if (hasStatus(error, 400) || hasStatus(error, 404)) {
        notify(CHECKOUT_TOASTS.couponExpired);
        onChange({ status: 'expired', reason: errorMessage(error) });
      } else if (hasStatus(error, 401)) {
        endExpiredSession(error);
      } else {
        notify(SOMETHING_WRONG_TOAST);
        onChange({ status: 'none' });
      }
    }
  };

  return (
    <section className={styles.card} aria-labelledby="coupon-title">
      <h2 id="coupon-title" className={styles.cardTitle}>
        Have a coupon?
      </h2>
      {coupon.status === 'applied' ? (
        <div className={styles.couponApplied} role="status">
          <div>
            <p className={styles.couponName}>{coupon.couponname}</p>
            <p className={styles.couponMsg}>
              {coupon.msg} — <Price value={coupon.discount} /> off
            </p>
          </div>
          <button
            type="button"
            className={ui.buttonGhost}
            onClick={() => {
              setCode('');
              onChange({ status: 'none' });
            }}
          >
            Remove coupon
          </button>
        </div>
      ) : (
        <form onSubmit={(e) => void apply(e)} noValidate>
          <Field
            id={inputId}
            label="Coupon code"
            value={code}
            maxLength={50}
            autoComplete="off"
            placeholder="e.g. WELCOME50"
            error={coupon.status === 'expired' ? expiredText(coupon.reason) : null}
            onChange={(e) => {
              setCode(e.target.value);
              if (coupon.status === 'expired') onChange({ status: 'none' });
            }}
            action={
              <SubmitButton
                className={ui.button}
                busy={coupon.status === 'checking'}
                busyLabel="Checking…"
                disabled={!code.trim()}
              >
                Apply Coupon
              </SubmitButton>
            }
          />
        </form>
      )}
    </section>
  );
}

function DeliveryForm({
  addresses,
  saved,
  onSaved,
}: {
  addresses: readonly Address[];
  saved: SavedDelivery | null;
  onSaved(next: SavedDelivery | null): void;
}): ReactElement {
  const [billname, setBillname] = useState('');
  const [ordernote, setOrdernote] = useState('');
  const [addressIndex, setAddressIndex] = useState<number | null>(null);
  const [problem, setProblem] = useState(false);
  const nameId = useId();
  const noteId = useId();
  const problemId = useId();

  // Any change after SAVE needs another SAVE, so the order always uses what the customer saw saved.
  const changed = (): void => {
    setProblem(false);
    if (saved) onSaved(null);
  };

  const save = (event: FormEvent): void => {
    event.preventDefault();
    const address = addressIndex === null ? undefined : addresses[addressIndex];
    if (!billname.trim() || !address) {
      setProblem(true);
      onSaved(null);
      return;
    }
    onSaved({ billname: billname.trim(), ordernote: ordernote.trim(), billaddress: formatAddress(address) });
  };

  return (
    <section className={styles.card} aria-labelledby="delivery-title">
      <h2 id="delivery-title" className={styles.cardTitle}>
        Delivery Information
      </h2>
      <form onSubmit={save} noValidate className={forms.stack}>
        <Field
          id={nameId}
          label="Bill Name"
          required
          value={billname}
          maxLength={100}
          autoComplete="name"
          // Its message is the form's, under the addresses (it names both).
          aria-invalid={problem && !billname.trim() ? true : undefined}
          aria-describedby={problem && !billname.trim() ? problemId : undefined}
          onChange={(e) => {
            setBillname(e.target.value);
            changed();
          }}
        />
        <Field
          id={noteId}
          as="textarea"
          label="Order Note"
          rows={3}
          maxLength={1000}
          placeholder="Notes about your order, e.g. special notes for delivery."
          value={ordernote}
          onChange={(e) => {
            setOrdernote(e.target.value);
            changed();
          }}
        />
        <fieldset className={styles.addresses}>
          <legend className={forms.label}>
            Delivery Address <span className={forms.required}>*</span>
          </legend>
          {addresses.map((address, i) => (
            <label key={i} className={styles.addressOption}>
              <input
                type="radio"
                name="address"
                checked={addressIndex === i}
                onChange={() => {
                  setAddressIndex(i);
                  changed();
                }}
              />
              <span>{formatAddress(address)}</span>
            </label>
          ))}
          <Link to={linkTo('addressBook')} className={styles.manage}>
            Manage addresses
          </Link>
        </fieldset>
        {problem && (
          <p id={problemId} className={forms.error} role="alert">
            {SHOP_MESSAGES.billNameAndAddress}
          </p>
        )}
        <div className={styles.saveRow}>
          <button type="submit" className={ui.button}>
            SAVE
          </button>
          {saved ? (
            <span className={styles.saved} role="status">
              ✓ Delivery information saved
            </span>
          ) : (
            <span className={styles.unsaved}>Press SAVE to use these details for your order.</span>
          )}
        </div>
      </form>
    </section>
  );
}

function OrderSummary({ items, discount }: { items: readonly CartItem[]; discount: number }): ReactElement {
  const totals = estimateTotals(items, discount);
  return (
    <section className={styles.card} aria-labelledby="summary-title">
      <h2 id="summary-title" className={styles.cardTitle}>
        Order Summary
      </h2>
      <ul className={styles.lines} aria-label="Items">
        {items.map((item) => (
          <li key={item.productid}>
            <span className={styles.lineName}>
              {item.productname} <span className={styles.qty}>× {item.quantity}</span>
            </span>
            <Price value={item.price * item.quantity} />
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>
            <Price value={totals.subtotal} />
          </dd>
        </div>
        {totals.discount > 0 && (
          <div className={styles.discount}>
            <dt>Discount(Promocode)</dt>
            <dd>
              - <Price value={totals.discount} />
            </dd>
          </div>
        )}
        <div>
          <dt>Shipping</dt>
          <dd>{totals.shipping === 0 ? 'Free Delivery' : <Price value={totals.shipping} />}</dd>
        </div>
        <div className={styles.grand}>
          <dt>Total</dt>
          <dd>
            <Price value={totals.total} />
          </dd>
        </div>
      </dl>
      <p className={styles.fine}>
        Standard shipping, free on items of Rs.500 and above. The shop confirms the final amounts when you place the
        order.
      </p>
    </section>
  );
}

function Checkout({ items, customer }: { items: CartItem[]; customer: Customer }): ReactElement {
  const navigate = useNavigate();
  const [coupon, setCoupon] = useState<CouponState>({ status: 'none' });
  const [saved, setSaved] = useState<SavedDelivery | null>(null);
  const [payinfo, setPayinfo] = useState<PayInfo>('cod');
  const [sending, setSending] = useState(false);
  // One key per checkout attempt, kept while the page lives: a double click or a retry after a
  // lost answer reaches the server with the same key, which answers with the first order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const inFlight = useRef(false);

  const order = async (): Promise<void> => {
    if (!saved) {
      notify(CHECKOUT_TOASTS.saveFirst);
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      const { orderid } = await placeOrder(
        {
          ...saved,
          payinfo,
          ...(coupon.status === 'applied' ? { couponname: coupon.couponname } : {}),
        },
        idempotencyKey,
      );
      notify(CHECKOUT_TOASTS.orderPlaced);
      useSession.getState().setOrderId(orderid);
      void refreshCartCount();
      navigate(linkTo('billConfirm'));
    } catch (error) {
      inFlight.current = false;
      setSending(false);
      if (hasStatus(error, 500)) {
        notify(CHECKOUT_TOASTS.serverIssue);
        navigate(linkTo('cart'));
      } else if (hasStatus(error, 401)) {
        notify(CHECKOUT_TOASTS.unauthorized);
        navigate(linkTo('cart'));
      } else if (error instanceof ApiError && error.status !== 0) {
        notify({ text: error.message, kind: 'error' });
      } else {
        notify(SOMETHING_WRONG_TOAST);
      }
    }
  };

  return (
    <>
      <h1 className={styles.title}>Checkout</h1>
      <div className={styles.layout}>
        <div className={styles.main}>
          <CouponBox coupon={coupon} onChange={setCoupon} />
          <DeliveryForm addresses={customer.address} saved={saved} onSaved={setSaved} />
          <section className={styles.card} aria-labelledby="payment-title">
            <h2 id="payment-title" className={styles.cardTitle}>
              Payment Information
            </h2>
            <div role="radiogroup" aria-labelledby="payment-title" className={styles.payments}>
              {PAYMENT_CHOICES.map((choice) => (
                <label key={choice.value} className={styles.payment}>
                  <input
                    type="radio"
                    name="payinfo"
                    value={choice.value}
                    checked={payinfo === choice.value}
                    onChange={() => setPayinfo(choice.value)}
                  />
                  <span>
                    <strong>{choice.label}</strong>
                    <small>{choice.hint}</small>
                  </span>
                </label>
              ))}
            </div>
          </section>
        </div>
        <div className={styles.side}>
          <OrderSummary items={items} discount={coupon.status === 'applied' ? coupon.discount : 0} />
          <SubmitButton
            type="button"
            className={`${ui.button} ${styles.placeOrder}`}
            onClick={() => void order()}
            busy={sending}
            busyLabel="Placing Order…"
          >
            Place Order
          </SubmitButton>
          <Link to={linkTo('cart')} className={styles.back}>
            Back to cart
          </Link>
        </div>
      </div>
    </>
  );
}

/** The address book is empty: the spec's warning, then the address book. */
function NoAddress(): ReactElement {
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    notify(CHECKOUT_TOASTS.addressFirst);
    navigate(linkTo('addressBook'), { replace: true });
  }, [navigate]);
  return <Loading label="Opening your address book" minHeight="70vh" />;
}

function CheckoutLoader(): ReactElement {
  const checkout = useResource(() => Promise.all([getCartItems(), getUserData()]), [], {
    onFailed: (error) => {
      if (!hasStatus(error, 404)) reportFailedCall(error);
    },
  });

  if (checkout.status === 'loading') return <Loading label="Loading checkout" minHeight="70vh" />;
  if (checkout.status === 'failed') {
    // Spec section 4: the user-data call answering 404 (unknown user) goes to /error404.
    return hasStatus(checkout.error, 404) ? (
      <Navigate to={linkTo('error404')} replace />
    ) : (
      <LoadFailed onRetry={checkout.retry} buttonClassName={ui.buttonOutline} />
    );
  }
  const [items, customer] = checkout.data;
  if (items.length === 0) return <Navigate to={linkTo('emptyCart')} replace />;
  if (!customer.address || customer.address.length === 0) return <NoAddress />;
  return <Checkout items={items} customer={customer} />;
}

/** `/checkout` (signed in; everyone else goes to /login). */
export function CheckoutPage(): ReactElement {
  usePageMeta({ title: 'Checkout' });
  return (
    <div className={ui.page}>
      <Breadcrumb page="Checkout" />
      <RequireSignIn>
        <CheckoutLoader />
      </RequireSignIn>
    </div>
  );
}
