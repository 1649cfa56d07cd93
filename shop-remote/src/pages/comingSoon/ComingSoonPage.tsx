import { type ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumb } from '@marketplace/shared';
import { NEW_ARRIVALS_PATH, productDetailsPath } from '../../lib/productLinks';
import ui from '../../styles/ui.module.css';
import styles from './ComingSoonPage.module.css';

/**
 * Shop pages whose feature lands with a later issue (cart, checkout, listing a product,
 * reviews, wishlist). They say so plainly instead of pretending to work.
 */
function ComingSoon({ title, text }: { title: string; text: string }): ReactElement {
  const { id } = useParams();
  const productId = id && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <div className={ui.page}>
      <Breadcrumb page={title} />
      <section className={styles.panel} aria-labelledby="coming-soon-title">
        <span className={styles.badge}>Coming soon</span>
        <h1 id="coming-soon-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.text}>{text}</p>
        {productId !== null && <p className={styles.text}>This product has not been added to a cart.</p>}
        <div className={styles.actions}>
          {productId !== null && (
            <Link className={ui.buttonOutline} to={productDetailsPath(productId)}>
              Back to the product
            </Link>
          )}
          <Link className={ui.button} to={NEW_ARRIVALS_PATH}>
            Browse new arrivals
          </Link>
        </div>
      </section>
    </div>
  );
}

const page = (title: string, text: string) =>
  function ComingSoonPage(): ReactElement {
    return <ComingSoon title={title} text={text} />;
  };

export const CartComingSoon = page('Cart', 'The shopping cart is not open yet. Soon you will be able to collect products here and place an order.');
export const EmptyCartComingSoon = page('Cart', 'The shopping cart is not open yet, so there is nothing in it.');
export const CheckoutComingSoon = page('Checkout', 'Checkout is not open yet. Soon you will be able to apply a coupon, choose an address and pay here.');
export const BillConfirmComingSoon = page('Order confirmation', 'Ordering is not open yet, so no order has been placed.');
export const AddProductComingSoon = page('Add Product', 'Listing your own products for sale is not open yet.');
export const ReviewsComingSoon = page('Reviews', 'Customer reviews are not available yet.');
export const AddReviewComingSoon = page('Add Review', 'Writing a review is not open yet.');
export const WishlistComingSoon = page('Wishlist', 'The wishlist is not open yet.');
