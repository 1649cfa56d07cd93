import { type ReactElement } from 'react';
import { Link, useNavigate, useParams } from '@marketplace/shared/router';
import {
  ApiError,
  Breadcrumb,
  errorMessage,
  getMyProduct,
  getProduct,
  getUserData,
  hasStatus,
  LoadFailed,
  Loading,
  notify,
  parseId,
  updateProduct,
  usePageMeta,
  useResource,
  type Product,
  linkTo,
} from '@marketplace/shared';
import { RequireSignIn } from '../../components/RequireSignIn';
import { endExpiredSession } from '../../lib/failures';
import ui from '../../styles/ui.module.css';
import { ProductForm, type ProductFormValues } from '../addproduct/ProductForm';
import styles from './EditProductPage.module.css';

/** SELLER_MESSAGES of the contract (its TypeBox schemas are not loaded in the front ends). */
export const PRODUCT_UPDATED_TOAST = { text: 'Product Updated Successfully', kind: 'success' } as const;
export const NOT_YOURS_TEXT = 'You can only change your own products';

/** A notice in place of the form, with the ways on. */
function Notice({ title, text, product }: { title: string; text: string; product?: Product }): ReactElement {
  return (
    <section className={styles.notice} aria-labelledby="edit-notice">
      <h1 id="edit-notice" className={styles.noticeTitle}>
        {title}
      </h1>
      <p role="alert">{text}</p>
      <div className={styles.noticeActions}>
        <Link className={ui.button} to={linkTo('myProducts')}>
          My Products
        </Link>
        {product && (
          <Link className={ui.buttonOutline} to={linkTo('productDetails', { id: product.productid })}>
            View product
          </Link>
        )}
      </div>
    </section>
  );
}

function EditForm({ product }: { product: Product }): ReactElement {
  const navigate = useNavigate();

  const save = async (values: ProductFormValues): Promise<boolean> => {
    try {
      await updateProduct(product.productid, values);
      notify(PRODUCT_UPDATED_TOAST);
      navigate(linkTo('myProducts'));
      return true;
    } catch (error) {
      // 403 'You can only change your own products', 404, 400 with the field's message: the server's words.
      if (hasStatus(error, 401)) endExpiredSession(error);
      else notify({ text: errorMessage(error), kind: 'error' });
      return false;
    }
  };

  return (
    <ProductForm
      heading="Edit Product"
      intro="Change your listing: the same rules as Add Product. A lower price emails everyone who asked to hear when it drops; stock raised from 0 tells everyone waiting for it."
      submitLabel="Save Changes"
      busyLabel="Saving…"
      start={{
        productname: product.productname,
        title: product.title,
        description: product.description,
        rating: String(product.rating),
        price: String(product.price),
        location: product.location,
        photos: product.photos?.length ? product.photos : [product.photo],
        stock: String(product.stock ?? ''),
      }}
      onSubmit={save}
      extraActions={
        <Link className={ui.buttonGhost} to={linkTo('myProducts')}>
          Cancel
        </Link>
      }
    />
  );
}

/** The listing and who is asking, side by side; only its seller gets the form. */
function EditProduct({ id }: { id: number | null }): ReactElement {
  const listing = useResource(
    () =>
      id === null
        ? Promise.reject(new ApiError(404, 'Product not found'))
        : Promise.all([getProduct(id), getUserData()]).then(
            // The seller's own listing again, with its exact stock (shoppers' replies only say "Only N left").
            async ([product, customer]) =>
              [product.userid === customer.userid ? await getMyProduct(id) : product, customer] as const,
          ),
    [id],
    {
      onFailed: (error) => {
        if (hasStatus(error, 401)) endExpiredSession(error);
      },
    },
  );

  if (listing.status === 'loading') return <Loading label="Loading your product" minHeight="70vh" />;
  if (listing.status === 'failed') {
    if (hasStatus(listing.error, 404) || hasStatus(listing.error, 400)) {
      return (
        <Notice
          title="Product not found"
          text="We could not find this product. It may have been taken down, or the link may be wrong."
        />
      );
    }
    return <LoadFailed onRetry={listing.retry} buttonClassName={ui.buttonOutline} />;
  }
  const [product, customer] = listing.data;
  if (product.userid !== customer.userid)
    return <Notice title="Edit Product" text={NOT_YOURS_TEXT} product={product} />;
  return <EditForm product={product} />;
}

/**
 * `/editproduct/{id}`: a seller changes their listing with Add Product's form, rules and messages
 * (issue 18, item 4), reached from My Products in the account area. Anyone else's listing is
 * refused here and by the server (403).
 */
export function EditProductPage(): ReactElement {
  usePageMeta({ title: 'Edit Product' });
  const { id } = useParams();
  return (
    <div className={ui.page}>
      <Breadcrumb page="Edit Product" />
      <RequireSignIn>
        <EditProduct id={parseId(id)} />
      </RequireSignIn>
    </div>
  );
}
