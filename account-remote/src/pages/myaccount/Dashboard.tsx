import { type ReactElement, type ReactNode } from 'react';
import { Link } from '@marketplace/shared/router';
import { formatAddress, LoadFailed, useSession, linkTo } from '@marketplace/shared';
import { useAccount } from './AccountContext';
import { useOrders } from './orders/OrdersContext';
import { newestFirst } from './orders/orderFormat';
import { COLUMNS, OrdersTable } from './orders/OrdersTable';
import styles from './Account.module.css';
import orderStyles from './orders/Orders.module.css';

/** One dashboard card: a title, an optional header link, its content and a link at the bottom. */
function InfoCard({
  id,
  title,
  headerLink,
  footerLink,
  children,
}: {
  id: string;
  title: string;
  headerLink?: { to: string; label: string };
  footerLink: { to: string; label: string };
  children: ReactNode;
}): ReactElement {
  return (
    <article className={styles.card} aria-labelledby={id}>
      <header className={styles.cardHead}>
        <h2 id={id}>{title}</h2>
        {headerLink && (
          <Link className={styles.cardLink} to={headerLink.to}>
            {headerLink.label}
          </Link>
        )}
      </header>
      {children}
      <Link className={styles.cardLink} to={footerLink.to}>
        {footerLink.label}
      </Link>
    </article>
  );
}

/** /myaccount: profile, address and coupon cards, and the recent orders table. */
export function Dashboard(): ReactElement {
  const { customer } = useAccount();
  const first = customer.address[0];
  return (
    <>
      <h1 className={styles.heading}>Manage My Account</h1>
      <div className={styles.cards}>
        <InfoCard
          id="card-profile"
          title="Personal Profile"
          headerLink={{ to: linkTo('editProfile'), label: 'Edit' }}
          footerLink={{ to: linkTo('changePassword'), label: 'Change Password' }}
        >
          <p className={styles.strong}>
            {customer.firstname} {customer.lastname}
          </p>
          <p>{customer.email}</p>
          <p>{customer.phonenum}</p>
        </InfoCard>
        <InfoCard
          id="card-address"
          title="Address Book"
          headerLink={{ to: linkTo('addressBook'), label: 'Manage' }}
          footerLink={{ to: linkTo('addAddress'), label: 'Add New Address' }}
        >
          {first ? (
            <>
              <p className={styles.muted}>Default delivery address</p>
              <p>{formatAddress(first)}</p>
              {customer.address.length > 1 && (
                <p className={styles.muted}>and {customer.address.length - 1} more saved</p>
              )}
            </>
          ) : (
            <p className={styles.muted}>No address saved yet.</p>
          )}
        </InfoCard>
        <InfoCard
          id="card-offers"
          title="Offers and Coupons"
          footerLink={{ to: linkTo('couponOffer'), label: 'View Offers' }}
        >
          <p className={styles.muted}>Coupons you can use at checkout.</p>
        </InfoCard>
      </div>
      <RecentOrders />
    </>
  );
}

/** Recent Orders: the five newest orders, each with MANAGE (it selects the order and opens Manage Order). */
function RecentOrders(): ReactElement {
  const { orders, status, reload } = useOrders();
  const recent = orders ? newestFirst(orders).slice(0, 5) : [];
  let placeholder: ReactNode = null;
  if (status === 'failed')
    placeholder = (
      <LoadFailed what="Your orders could not be loaded." onRetry={reload} buttonClassName={styles.secondary} />
    );
  else if (orders === null) placeholder = 'Loading your orders…';
  else if (recent.length === 0) placeholder = 'No Order Pending';

  return (
    <section className={styles.tableWrap} aria-labelledby="recent-orders">
      <div className={orderStyles.sectionHead}>
        <h2 id="recent-orders" className={styles.subheading}>
          Recent Orders
        </h2>
        {recent.length > 0 && (
          <Link className={styles.cardLink} to={linkTo('myOrders')}>
            View all orders
          </Link>
        )}
      </div>
      <OrdersTable
        orders={recent}
        columns={[COLUMNS.id, COLUMNS.date, COLUMNS.billname, COLUMNS.billAmount]}
        placeholder={placeholder}
        action={(o) => (
          <Link
            className={orderStyles.manage}
            to={linkTo('manageOrder', { orderid: o.orderid })}
            onClick={() => useSession.getState().setOrderId(o.orderid)}
            aria-label={`MANAGE order ${o.orderid}`}
          >
            MANAGE
          </Link>
        )}
      />
    </section>
  );
}
