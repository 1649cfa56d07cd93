import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Link, Navigate, useNavigate, useParams } from '@marketplace/shared/router';
import {
  addToCart,
  ApiError,
  atomStyles,
  cartUnits,
  Breadcrumb,
  clearCart,
  getCartItems,
  LoadFailed,
  Loading,
  notify,
  parseId,
  Price,
  refreshCartCount,
  removeFromCart,
  setCartQuantity,
  usePageMeta,
  useResource,
  type CartItem,
  linkTo,
} from '@marketplace/shared';
import { CartIcon, CloseIcon } from '../../components/Icons';
import { ProductPhoto } from '../../components/ProductPhoto';
import { QuantityStepper } from '../../components/QuantityStepper';
import { RequireSignIn } from '../../components/RequireSignIn';
import { reportFailedCall } from '../../lib/failures';
import { estimateTotals } from '../../lib/totals';
import ui from '../../styles/ui.module.css';
import styles from './Cart.module.css';

/** `/viewcart/{id}`: adds the product, then shows the cart at /viewcart. */
function AddThenShow({ rawId }: { rawId: string }): ReactElement {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    const id = parseId(rawId);
    const adding = id !== null ? addToCart(id) : Promise.reject(new Error('bad id'));
    adding
      // Out of stock (409): the shopper is told which product; other failures are the spec's toast.
      .then(undefined, (error: unknown) =>
        error instanceof ApiError && error.status === 409
          ? notify({ text: error.message, kind: 'error' })
          : reportFailedCall(error),
      )
      .finally(() => {
        void refreshCartCount();
        navigate(linkTo('cart'), { replace: true });
      });
  }, [rawId, navigate]);

  return <Loading label="Adding to your cart" minHeight="70vh" />;
}

function CartTable({ initial }: { initial: CartItem[] }): ReactElement {
  const navigate = useNavigate();
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState<'clear' | number | null>(null);

  const afterChange = (left: CartItem[]): void => {
    void refreshCartCount();
    if (left.length === 0) navigate(linkTo('emptyCart'), { replace: true });
    else setItems(left);
  };

  const remove = async (item: CartItem): Promise<void> => {
    setBusy(item.productid);
    try {
      afterChange(await removeFromCart(item.productid));
    } catch {
      // Spec section 8: a delete failure goes to /error404.
      void refreshCartCount();
      navigate(linkTo('error404'));
      return;
    }
    setBusy(null);
  };

  /** The stepper: the server checks the quantity against the stock; a refusal leaves the line as it was. */
  const changeQuantity = async (item: CartItem, quantity: number): Promise<void> => {
    setBusy(item.productid);
    try {
      afterChange(await setCartQuantity(item.productid, quantity));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 400))
        notify({ text: error.message, kind: 'error' });
      else reportFailedCall(error);
    }
    setBusy(null);
  };

  const clear = async (): Promise<void> => {
    setBusy('clear');
    try {
      await clearCart();
    } catch {
      void refreshCartCount();
      navigate(linkTo('error404'));
      return;
    }
    afterChange([]);
  };

  const { subtotal, shipping } = estimateTotals(items, 0);
  // Units, as the header's cart count (docs/decisions.md).
  const count = cartUnits(items);

  return (
    <div className={styles.layout}>
      <section aria-labelledby="cart-title" className={styles.tableBox}>
        <h1 id="cart-title" className={styles.title}>
          Shopping Cart <span className={styles.count}>({count === 1 ? '1 item' : `${count} items`})</span>
        </h1>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Name</th>
              <th scope="col">Category</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
              <th scope="col">
                <span className={atomStyles.visuallyHidden}>Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.productid}>
                <td className={styles.photoCell}>
                  <ProductPhoto
                    photo={item.photo}
                    sources={item.photoSources}
                    sizes="96px"
                    alt={item.productname}
                    size={96}
                    className={styles.photo}
                  />
                </td>
                <td className={styles.nameCell}>
                  <Link to={linkTo('productDetails', { id: item.productid })} className={styles.name}>
                    {item.productname}
                  </Link>
                </td>
                <td data-label="Category">{item.title}</td>
                <td data-label="Price">
                  <Price value={item.price} />
                  {item.quantity > 1 && (
                    <span className={styles.lineTotal}>
                      {' '}
                      (× {item.quantity} = <Price value={item.price * item.quantity} />)
                    </span>
                  )}
                </td>
                <td data-label="Quantity">
                  <QuantityStepper
                    name={item.productname}
                    value={item.quantity}
                    max={item.max}
                    busy={busy !== null}
                    onChange={(q) => void changeQuantity(item, q)}
                  />
                  {item.quantity > item.max && (
                    <p className={styles.short} role="note">
                      {item.max === 0 ? 'Out of stock: remove it to order' : `Only ${item.max} left`}
                    </p>
                  )}
                </td>
                <td className={styles.removeCell}>
                  <button
                    type="button"
                    className={styles.remove}
                    onClick={() => void remove(item)}
                    disabled={busy !== null}
                    aria-label={`Delete ${item.productname}`}
                    title="Delete"
                  >
                    {busy === item.productid ? (
                      <span className={styles.mini} aria-hidden="true" />
                    ) : (
                      <CloseIcon size={18} />
                    )}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className={styles.tableActions}>
          <Link className={ui.buttonOutline} to={linkTo('newArrivals')}>
            Continue Shopping
          </Link>
          <button type="button" className={ui.buttonGhost} onClick={() => void clear()} disabled={busy !== null}>
            {busy === 'clear' ? 'Clearing…' : 'Clear Cart'}
          </button>
        </div>
      </section>
      <aside className={styles.summary} aria-labelledby="cart-summary">
        <h2 id="cart-summary" className={styles.summaryTitle}>
          Cart Totals
        </h2>
        <dl className={styles.totals}>
          <div>
            <dt>Subtotal</dt>
            <dd>
              <Price value={subtotal} />
            </dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>{shipping === 0 ? 'Free Delivery' : <Price value={shipping} />}</dd>
          </div>
        </dl>
        <p className={styles.note}>Free shipping on items of Rs.500 and above. Coupons are applied at checkout.</p>
        <Link className={`${ui.button} ${styles.placeOrder}`} to={linkTo('checkout')}>
          Place Order
        </Link>
      </aside>
    </div>
  );
}

/** `/viewcart`: the signed-in customer's cart; an empty one goes to /emptycart. */
function CartView(): ReactElement {
  const cart = useResource(getCartItems, [], { onFailed: reportFailedCall });

  if (cart.status === 'loading') return <Loading label="Loading your cart" minHeight="70vh" />;
  if (cart.status === 'failed') return <LoadFailed onRetry={cart.retry} buttonClassName={ui.buttonOutline} />;
  if (cart.data.length === 0) return <Navigate to={linkTo('emptyCart')} replace />;
  return <CartTable initial={cart.data} />;
}

/** `/viewcart` and `/viewcart/{id}` (signed in; everyone else goes to /login). */
export function CartPage(): ReactElement {
  usePageMeta({ title: 'Shopping Cart' });
  const { id } = useParams();
  return (
    <div className={ui.page}>
      <Breadcrumb page="Cart" />
      <RequireSignIn>{id !== undefined ? <AddThenShow rawId={id} /> : <CartView />}</RequireSignIn>
    </div>
  );
}

/** `/emptycart`. */
export function EmptyCartPage(): ReactElement {
  usePageMeta({ title: 'Your cart is empty' });
  return (
    <div className={ui.page}>
      <Breadcrumb page="Cart" />
      <section className={styles.empty} aria-labelledby="empty-cart">
        <div className={styles.emptyIcon} aria-hidden="true">
          <CartIcon size={44} />
        </div>
        <h1 id="empty-cart" className={styles.emptyTitle}>
          EMPTY - No items found on your cart.
        </h1>
        <p className={styles.emptyText}>Browse our new arrivals and add something you like.</p>
        <Link className={ui.button} to={linkTo('newArrivals')}>
          Continue Shopping
        </Link>
      </section>
    </div>
  );
}
