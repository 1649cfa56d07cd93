import { type ReactElement } from 'react';
import { useNavigate } from '@marketplace/shared/router';
import { Breadcrumb, createProduct, errorMessage, hasStatus, notify, usePageMeta, linkTo } from '@marketplace/shared';
import { RequireSignIn } from '../../components/RequireSignIn';
import { endExpiredSession } from '../../lib/failures';
import ui from '../../styles/ui.module.css';
import { ProductForm, type ProductFormValues } from './ProductForm';

export const PRODUCT_ADDED_TOAST = { text: 'Product Added Successfully', kind: 'success' } as const;

function AddProductForm(): ReactElement {
  const navigate = useNavigate();

  const create = async (values: ProductFormValues): Promise<boolean> => {
    try {
      await createProduct(values);
      notify(PRODUCT_ADDED_TOAST);
      navigate(linkTo('home'));
      return true;
    } catch (error) {
      if (hasStatus(error, 401)) endExpiredSession(error);
      else notify({ text: errorMessage(error), kind: 'error' });
      return false;
    }
  };

  return (
    <ProductForm
      heading="Add Product"
      intro="List your own product for sale. Each field opens once the one before it is filled in."
      submitLabel="Add Product"
      busyLabel="Adding Product…"
      onSubmit={create}
    />
  );
}

/** `/addproduct` (signed in; everyone else goes to /login, and comes back here). */
export function AddProductPage(): ReactElement {
  usePageMeta({ title: 'Add Product' });
  return (
    <div className={ui.page}>
      <Breadcrumb page="Add Product" />
      <RequireSignIn>
        <AddProductForm />
      </RequireSignIn>
    </div>
  );
}
