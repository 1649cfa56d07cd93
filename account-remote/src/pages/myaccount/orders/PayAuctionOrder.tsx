import { useState, type FormEvent, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  errorMessage,
  Field,
  formatAddress,
  hasStatus,
  notify,
  payAuctionOrder,
  SHOP_MESSAGES,
  SubmitButton,
  type Order,
  type PayInfo,
  linkTo,
} from '@marketplace/shared';
import { useAccount } from '../AccountContext';
import { PAYMENT_NAMES } from './orderFormat';
import accountStyles from '../Account.module.css';
import styles from './Orders.module.css';

const PAY_CHOICES = Object.keys(PAYMENT_NAMES) as PayInfo[];

/**
 * An auction win awaiting payment: the checkout's rules (a bill name and an address from the
 * address book, then cod / card / PayPal; 'Please Enter Bill name and select the Address'), sent
 * with PUT /payauctionorder. `onPaid` gets the order as it now stands (Processing).
 */
export function PayAuctionOrder({ order, onPaid }: { order: Order; onPaid: (order: Order) => void }): ReactElement {
  const { customer, fail } = useAccount();
  const addresses = customer.address ?? [];
  const [billname, setBillname] = useState(customer.firstname ?? '');
  const [addressIndex, setAddressIndex] = useState<number | null>(null);
  const [payinfo, setPayinfo] = useState<PayInfo>('cod');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = addressIndex === null ? undefined : addresses[addressIndex];
    if (!billname.trim() || !address) {
      setProblem(SHOP_MESSAGES.billNameAndAddress);
      notify({ text: SHOP_MESSAGES.billNameAndAddress, kind: 'warning' });
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const paid = await payAuctionOrder({
        orderid: order.orderid,
        billname: billname.trim(),
        billaddress: formatAddress(address),
        payinfo,
      });
      notify({ text: paid.msg, kind: 'success' });
      onPaid(paid.order);
    } catch (error) {
      if (hasStatus(error, 401)) {
        fail(error);
        return;
      }
      notify({ text: errorMessage(error), kind: 'warning' });
      setBusy(false);
    }
  }

  return (
    <section className={accountStyles.panel} aria-labelledby="pay-win">
      <h2 id="pay-win">You won this item: choose delivery and payment</h2>
      <p>Your order waits for your address and how you pay; it ships like any order once you place it.</p>
      {addresses.length === 0 ? (
        <p>
          Please Enter Address First.{' '}
          <Link className={accountStyles.cardLink} to={linkTo('addressBook')}>
            Add an address
          </Link>
        </p>
      ) : (
        <form className={styles.payForm} onSubmit={submit} noValidate>
          <Field
            id="win-billname"
            label="Bill Name"
            required
            value={billname}
            onChange={(e) => setBillname(e.target.value)}
          />
          <fieldset className={styles.payChoices}>
            <legend>Delivery Address</legend>
            {addresses.map((address, i) => (
              <label key={i}>
                <input
                  type="radio"
                  name="win-address"
                  checked={addressIndex === i}
                  onChange={() => setAddressIndex(i)}
                />{' '}
                {formatAddress(address)}
              </label>
            ))}
          </fieldset>
          {problem && (
            // The toast announces it; this stays beside the choices.
            <p className={styles.problem}>{problem}</p>
          )}
          <fieldset className={styles.payChoices}>
            <legend>Payment</legend>
            {PAY_CHOICES.map((choice) => (
              <label key={choice}>
                <input
                  type="radio"
                  name="win-payinfo"
                  value={choice}
                  checked={payinfo === choice}
                  onChange={() => setPayinfo(choice)}
                />{' '}
                {PAYMENT_NAMES[choice]}
              </label>
            ))}
          </fieldset>
          <SubmitButton busy={busy} busyLabel="Placing…" className={accountStyles.button}>
            Place Order
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
