import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { getCoupons, LoadFailed, Loading, notify, useResource, type Coupon, linkTo } from '@marketplace/shared';
import { formatDate, money } from './orderFormat';
import accountStyles from '../Account.module.css';
import styles from './Orders.module.css';

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function CouponCard({ coupon }: { coupon: Coupon }): ReactElement {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    if (await copyText(coupon.couponname)) {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } else {
      notify({ text: `Could not copy: select the code ${coupon.couponname} and copy it`, kind: 'warning' });
    }
  }

  const titleId = `coupon-${coupon.couponname}`;
  return (
    <li className={styles.coupon} aria-labelledby={titleId}>
      <p className={styles.couponOff}>{money(coupon.discount)} off</p>
      <span id={titleId} className={styles.couponCode}>
        {coupon.couponname}
      </span>
      <p className={styles.couponFacts}>
        <span>Valid until {formatDate(coupon.expiresAt)}</span>
        <span>
          {coupon.usesLeft} {coupon.usesLeft === 1 ? 'use' : 'uses'} left
        </span>
      </p>
      <button
        type="button"
        className={[accountStyles.secondary, styles.copy].join(' ')}
        onClick={copy}
        aria-label={`${copied ? 'Copied code' : 'Copy code'} ${coupon.couponname}`}
      >
        <span aria-live="polite">{copied ? 'Copied!' : 'Copy Code'}</span>
      </button>
    </li>
  );
}

/** /myaccount/couponoffer: the coupons valid now (GET /coupons), each with a copy-code button. */
export function CouponOffer(): ReactElement {
  const coupons = useResource(getCoupons, []);

  return (
    <>
      <h1 className={accountStyles.heading}>Offers and Coupons</h1>
      <p className={styles.hint}>
        Copy a code and apply it in the coupon box at checkout. <Link to={linkTo('cart')}>Go to your cart</Link>
      </p>
      {coupons.status === 'loading' && <Loading label="Loading offers" />}
      {coupons.status === 'failed' && (
        <LoadFailed
          what="The offers could not be loaded."
          onRetry={coupons.retry}
          buttonClassName={accountStyles.button}
        />
      )}
      {coupons.status === 'ready' &&
        (coupons.data.length === 0 ? (
          <div className={accountStyles.panel}>
            <p className={accountStyles.strong}>No offers right now. Check again soon.</p>
          </div>
        ) : (
          <ul className={styles.coupons} aria-label="Coupons">
            {coupons.data.map((c) => (
              <CouponCard key={c.couponname} coupon={c} />
            ))}
          </ul>
        ))}
    </>
  );
}
