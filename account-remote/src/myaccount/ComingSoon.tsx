import { type ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SUB_PAGE_TITLES, subPageKey } from './subPages';
import styles from './Account.module.css';

/**
 * Orders, payments, cancellations and coupons need the orders API, which arrives with the shop
 * issue; until then these sub-screens say so plainly (the shop issue replaces them).
 */
export function ComingSoon(): ReactElement {
  const { pathname } = useLocation();
  const title = SUB_PAGE_TITLES[subPageKey(pathname) ?? ''];
  return (
    <>
      <h1 className={styles.heading}>{title}</h1>
      <div className={styles.panel}>
        <p>
          Coming soon: this page will show your orders, payments and coupons once ordering opens in the shop. There
          is nothing to show here yet.
        </p>
        <Link className={styles.button} to="/newarrival">
          Browse New Arrivals
        </Link>
      </div>
    </>
  );
}
