import { type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { Breadcrumb, usePageMeta, useSession, linkTo } from '@marketplace/shared';
import ui from '../../styles/ui.module.css';
import styles from './BillConfirmPage.module.css';

/** `/billconfirm`: the order placed notice. */
export function BillConfirmPage(): ReactElement {
  usePageMeta({ title: 'Bill Confirm' });
  const orderId = useSession((s) => s.orderId);
  return (
    <div className={ui.page}>
      <Breadcrumb page="Bill Confirm" />
      <section className={styles.panel} aria-labelledby="bill-confirm">
        <div className={styles.check} aria-hidden="true">
          <svg
            viewBox="0 0 24 24"
            width="44"
            height="44"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        </div>
        <h1 id="bill-confirm" className={styles.title}>
          Order Placed - Check for more Details in My Order.
        </h1>
        {orderId !== null && <p className={styles.orderId}>Your order number is #{orderId}.</p>}
        <p className={styles.text}>Delivered After Two Day For the OrderDate.</p>
        <div className={styles.actions}>
          <Link className={ui.button} to={linkTo('myOrders')}>
            My Orders
          </Link>
          <Link className={ui.buttonOutline} to={linkTo('newArrivals')}>
            Continue Shopping
          </Link>
        </div>
      </section>
    </div>
  );
}
