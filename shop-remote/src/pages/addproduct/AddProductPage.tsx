import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from '@marketplace/shared/router';
import { Breadcrumb, createProduct, notify, PRODUCT_MESSAGES, uploadPhoto } from '@marketplace/shared';
import { PhotoUploader } from '@marketplace/shared/photo-uploader';
import { FormField, hintId, messageId } from '../../components/FormField';
import { RequireSignIn } from '../../components/RequireSignIn';
import { endExpiredSession, errorMessage, hasStatus } from '../../lib/failures';
import { numberIn, required, useProgressiveForm } from '../../lib/progressiveForm';
import forms from '../../styles/forms.module.css';
import ui from '../../styles/ui.module.css';

export const PRODUCT_ADDED_TOAST = 'Product Added Successfully,1';

/** Categories the catalogue uses, offered as suggestions for the Title (any text is allowed). */
const CATEGORY_SUGGESTIONS = ['Electronics', 'Accessories', 'Clothing'];

const ORDER = ['productname', 'title', 'description', 'rating', 'price'] as const;
type Key = (typeof ORDER)[number];

const CHECKS = {
  productname: required(PRODUCT_MESSAGES.productname),
  title: required(PRODUCT_MESSAGES.title),
  description: required(PRODUCT_MESSAGES.description),
  rating: numberIn(PRODUCT_MESSAGES.rating, { above: 0, max: 5 }),
  price: numberIn(PRODUCT_MESSAGES.price, { above: 0, max: 9999999999 }),
};

const uploadNamed = (file: File): Promise<string> => uploadPhoto(file, file.name);

function AddProductForm(): ReactElement {
  const navigate = useNavigate();
  const form = useProgressiveForm<Key>(ORDER, CHECKS);
  const [location, setLocation] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const ids = {
    productname: useId(),
    title: useId(),
    description: useId(),
    rating: useId(),
    price: useId(),
    location: useId(),
    categories: useId(),
  };

  const create = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!form.valid || photos.length === 0 || sending) return;
    setSending(true);
    try {
      await createProduct({
        productname: form.values.productname.trim(),
        title: form.values.title.trim(),
        description: form.values.description.trim(),
        rating: Number(form.values.rating),
        price: Number(form.values.price),
        location: location.trim(),
        photos,
      });
      notify(PRODUCT_ADDED_TOAST);
      navigate('/');
    } catch (error) {
      setSending(false);
      if (hasStatus(error, 401)) endExpiredSession(error);
      else notify(`${errorMessage(error)},3`);
    }
  };

  const control = (key: Key) => ({
    id: ids[key],
    value: form.values[key],
    disabled: !form.enabled(key),
    'aria-required': true as const,
    'aria-invalid': form.message(key) ? (true as const) : undefined,
    'aria-describedby': form.message(key) ? messageId(ids[key]) : undefined,
    onBlur: () => form.touch(key),
  });

  const detailsDone = form.valid;
  const canCreate = detailsDone && photos.length > 0 && !sending;

  return (
    <form className={forms.panel} onSubmit={(e) => void create(e)} noValidate aria-labelledby="add-product-title">
      <h1 id="add-product-title" className={forms.panelTitle}>
        Add Product
      </h1>
      <p className={forms.panelIntro}>List your own product for sale. Each field opens once the one before it is filled in.</p>
      <div className={forms.grid}>
        <FormField id={ids.productname} label="Product Name" required message={form.message('productname')}>
          <input {...control('productname')} className={forms.input} maxLength={100} onChange={(e) => form.set('productname', e.target.value)} />
        </FormField>
        <FormField id={ids.title} label="Title (category)" required message={form.message('title')}>
          <input
            {...control('title')}
            className={forms.input}
            maxLength={50}
            list={ids.categories}
            onChange={(e) => form.set('title', e.target.value)}
          />
          <datalist id={ids.categories}>
            {CATEGORY_SUGGESTIONS.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </FormField>
        <FormField id={ids.description} label="Description" required wide message={form.message('description')}>
          <textarea
            {...control('description')}
            className={forms.textarea}
            rows={5}
            maxLength={5000}
            onChange={(e) => form.set('description', e.target.value)}
          />
        </FormField>
        <FormField id={ids.rating} label="Rating" required hint="A number above 0, at most 5." message={form.message('rating')}>
          <input
            {...control('rating')}
            aria-describedby={form.message('rating') ? messageId(ids.rating) : hintId(ids.rating)}
            className={forms.input}
            type="number"
            inputMode="decimal"
            min={0.1}
            max={5}
            step={0.1}
            onChange={(e) => form.set('rating', e.target.value)}
          />
        </FormField>
        <FormField id={ids.price} label="Price (Rs.)" required message={form.message('price')}>
          <input
            {...control('price')}
            className={forms.input}
            type="number"
            inputMode="decimal"
            min={0.01}
            step="any"
            onChange={(e) => form.set('price', e.target.value)}
          />
        </FormField>
        <FormField id={ids.location} label="Location" optional wide hint="Where the product ships from, e.g. Mumbai.">
          <input
            id={ids.location}
            className={forms.input}
            value={location}
            maxLength={200}
            disabled={!detailsDone}
            aria-describedby={hintId(ids.location)}
            onChange={(e) => setLocation(e.target.value)}
          />
        </FormField>
        <div className={forms.wide}>
          <PhotoUploader label="Product Photos (PNG)" disabled={!detailsDone || sending} onUploaded={setPhotos} upload={uploadNamed} />
        </div>
      </div>
      <div className={forms.actions}>
        <button type="submit" className={`${ui.button} ${forms.submit}`} disabled={!canCreate}>
          {sending ? 'Adding Product…' : 'Add Product'}
        </button>
        {detailsDone && photos.length === 0 && <span className={forms.hint}>Add Product opens once every chosen photo is uploaded.</span>}
      </div>
    </form>
  );
}

/** `/addproduct` (signed in; everyone else goes to /login). */
export function AddProductPage(): ReactElement {
  return (
    <div className={ui.page}>
      <Breadcrumb page="Add Product" />
      <RequireSignIn>
        <AddProductForm />
      </RequireSignIn>
    </div>
  );
}
