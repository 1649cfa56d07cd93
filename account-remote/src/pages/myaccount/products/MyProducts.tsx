import { useEffect, useRef, useState, type ReactElement, type RefCallback } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  errorMessage,
  getMyProductsPage,
  hasStatus,
  LoadFailed,
  Loading,
  LoadMore,
  notify,
  Price,
  removeProduct,
  usePagedList,
  type Product,
  linkTo,
} from '@marketplace/shared';
import { useAccount } from '../AccountContext';
import accountStyles from '../Account.module.css';
import orderStyles from '../orders/Orders.module.css';
import styles from './MyProducts.module.css';

/** GET /myproducts' largest page: coming back reads the listings loaded so far again in one read. */
const MY_PRODUCTS_MAX_PAGE = 100;

/** 'Take down', asked first: the confirmation sends DELETE /product/{id}. */
function TakeDownQuestion({
  product,
  busy,
  onConfirm,
  onKeep,
}: {
  product: Product;
  busy: boolean;
  onConfirm(): void;
  onKeep(): void;
}): ReactElement {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), [product.productid]);
  return (
    <div
      className={orderStyles.confirm}
      role="alertdialog"
      aria-labelledby="takedown-question"
      aria-describedby="takedown-detail"
    >
      <p id="takedown-question" className={accountStyles.strong}>
        Take down “{product.productname}”?
      </p>
      <p id="takedown-detail">
        It leaves the catalogue, search, carts and wishlists at once. Orders already placed keep it. This cannot be
        undone.
      </p>
      <div className={accountStyles.actions}>
        <button ref={confirmRef} type="button" className={orderStyles.dangerSolid} onClick={onConfirm} disabled={busy}>
          {busy ? 'Taking down…' : 'Yes, Take Down'}
        </button>
        <button type="button" className={accountStyles.secondary} onClick={onKeep} disabled={busy}>
          Keep Listing
        </button>
      </div>
    </div>
  );
}

function ProductRows({
  products,
  asking,
  onTakeDown,
  rowRef,
  takeDownRef,
}: {
  products: Product[];
  asking: number | null;
  onTakeDown(product: Product): void;
  rowRef(product: Product): RefCallback<HTMLElement>;
  takeDownRef(product: Product): (el: HTMLButtonElement | null) => void;
}): ReactElement {
  return (
    <div className={accountStyles.tableWrap}>
      <table className={[accountStyles.table, accountStyles.stackTable, styles.table].join(' ')}>
        <caption className={accountStyles.visuallyHidden}>Your listings</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Category</th>
            <th scope="col">Price</th>
            <th scope="col">In stock</th>
            <th scope="col">Rating</th>
            <th scope="col">
              <span className={accountStyles.visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.productid} ref={rowRef(p)}>
              <td>
                <div className={styles.productCell}>
                  <img
                    className={styles.thumb}
                    src={p.photo}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    decoding="async"
                  />
                  <Link className={styles.name} to={linkTo('productDetails', { id: p.productid })}>
                    {p.productname}
                  </Link>
                </div>
              </td>
              <td data-label="Category">{p.title}</td>
              <td data-label="Price">
                <Price value={p.price} />
              </td>
              {/* The seller's exact units (issue 26); 0 reads "Out of stock" as the shop says it. */}
              <td data-label="In stock">{p.stock === undefined ? '' : p.stock === 0 ? 'Out of stock' : p.stock}</td>
              <td data-label="Rating">{p.rating} / 5</td>
              <td className={accountStyles.rowActions}>
                <Link
                  className={orderStyles.manage}
                  to={linkTo('editProduct', { id: p.productid })}
                  aria-label={`Edit ${p.productname}`}
                >
                  Edit
                </Link>
                <button
                  ref={takeDownRef(p)}
                  type="button"
                  className={accountStyles.danger}
                  onClick={() => onTakeDown(p)}
                  aria-label={`Take down ${p.productname}`}
                  data-asking={asking === p.productid || undefined}
                >
                  Take down
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /myaccount/myproducts: the signed-in seller's listings, newest first, a page at a time; each
 * opens, is edited on the shop's form (/editproduct/{id}) or is taken down after a confirmation.
 */
export function MyProducts(): ReactElement {
  const { fail } = useAccount();
  const list = usePagedList(getMyProductsPage, [], {
    keyOf: (p) => p.productid,
    maxPageSize: MY_PRODUCTS_MAX_PAGE,
    onFailed: (error) => hasStatus(error, 401) && fail(error),
    onMoreFailed: (error) =>
      hasStatus(error, 401) ? fail(error) : notify({ text: 'Something went Wrong', kind: 'error' }),
  });
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const takeDownButtons = useRef(new Map<number, HTMLButtonElement>());

  const products = (list.items ?? []).filter((p) => !removed.has(p.productid));

  function keep(): void {
    const id = asking?.productid;
    setAsking(null);
    if (id !== undefined) requestAnimationFrame(() => takeDownButtons.current.get(id)?.focus());
  }

  async function takeDown(): Promise<void> {
    if (!asking) return;
    const product = asking;
    setBusy(true);
    try {
      const { msg } = await removeProduct(product.productid);
      notify({ text: msg, kind: 'success' });
      // The focus goes on to the next listing's Take down, or to the heading when none is left.
      const at = products.findIndex((p) => p.productid === product.productid);
      const after = products[at + 1] ?? products[at - 1];
      setRemoved((r) => new Set(r).add(product.productid));
      setAsking(null);
      requestAnimationFrame(() => (after ? takeDownButtons.current.get(after.productid) : heading.current)?.focus());
    } catch (error) {
      if (hasStatus(error, 401)) {
        fail(error);
        return;
      }
      notify({ text: errorMessage(error), kind: 'error' });
      // Gone already (taken down in another tab): it leaves the list too.
      if (hasStatus(error, 404)) {
        setRemoved((r) => new Set(r).add(product.productid));
        setAsking(null);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className={accountStyles.headingRow}>
        <h1 ref={heading} tabIndex={-1} className={accountStyles.heading}>
          My Products
        </h1>
        <Link className={accountStyles.button} to={linkTo('addProduct')}>
          Add Product
        </Link>
      </div>
      {list.status === 'failed' ? (
        <LoadFailed
          what="Your products could not be loaded."
          onRetry={list.reload}
          buttonClassName={accountStyles.button}
        />
      ) : list.items === null ? (
        <Loading label="Loading your products" />
      ) : products.length === 0 && !list.hasMore ? (
        <div className={accountStyles.panel}>
          <p className={accountStyles.strong}>You have not listed any products yet.</p>
          <p>Products you list with Add Product appear here, where you can change them or take them down.</p>
        </div>
      ) : (
        <>
          {asking && <TakeDownQuestion product={asking} busy={busy} onConfirm={() => void takeDown()} onKeep={keep} />}
          <ProductRows
            products={products}
            asking={asking?.productid ?? null}
            onTakeDown={setAsking}
            rowRef={(p) => list.itemRef(p.productid)}
            takeDownRef={(p) => (el) => {
              if (el) takeDownButtons.current.set(p.productid, el);
              else takeDownButtons.current.delete(p.productid);
            }}
          />
          <LoadMore list={list} label="Load more products" buttonClassName={accountStyles.secondary} />
        </>
      )}
    </>
  );
}
