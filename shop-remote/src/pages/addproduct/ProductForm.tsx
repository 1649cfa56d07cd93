import { useId, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import {
  Field,
  MAX_PHOTOS,
  numberIn,
  PRODUCT_MESSAGES,
  STOCK_MAX,
  required,
  SubmitButton,
  uploadPhoto,
  useProgressiveForm,
} from '@marketplace/shared';
import { PhotoUploader } from '@marketplace/shared/photo-uploader';
import { CloseIcon } from '../../components/Icons';
import forms from '../../styles/forms.module.css';
import ui from '../../styles/ui.module.css';
import styles from './ProductForm.module.css';

/** Categories the catalogue uses, offered as suggestions for the Title (any text is allowed). */
const CATEGORY_SUGGESTIONS = ['Electronics', 'Accessories', 'Clothing'];

const ORDER = ['productname', 'title', 'description', 'rating', 'price', 'stock'] as const;
type Key = (typeof ORDER)[number];

/** Add Product's rules and messages (spec section 5), also the edit's (the server applies the same). */
const CHECKS = {
  productname: required(PRODUCT_MESSAGES.productname),
  title: required(PRODUCT_MESSAGES.title),
  description: required(PRODUCT_MESSAGES.description),
  rating: numberIn(PRODUCT_MESSAGES.rating, { above: 0, max: 5 }),
  price: numberIn(PRODUCT_MESSAGES.price, { above: 0, max: 9999999999 }),
  stock: wholeNumberIn(PRODUCT_MESSAGES.stock, 0, STOCK_MAX),
};

/** A whole number from `min` to `max`, typed without a sign, a point or an exponent ('12'). */
export function wholeNumberIn(message: string, min: number, max: number) {
  return (value: string): string | null => {
    const text = value.trim();
    if (!/^\d{1,7}$/.test(text)) return message;
    const n = Number(text);
    return n >= min && n <= max ? null : message;
  };
}

/** What POST /product and PUT /product/{id} take. */
export interface ProductFormValues {
  productname: string;
  title: string;
  description: string;
  rating: number;
  price: number;
  location: string;
  photos: string[];
  /** Units in stock. */
  stock: number;
}

/** A listing to start from (the edit): its texts as typed, its photos as URLs. */
export interface ProductFormStart {
  productname: string;
  title: string;
  description: string;
  rating: string;
  price: string;
  location: string;
  photos: string[];
  stock: string;
}

interface Props {
  heading: string;
  intro: string;
  submitLabel: string;
  busyLabel: string;
  /** Filled in from a listing (edit); empty fields otherwise (Add Product). */
  start?: ProductFormStart;
  /** Sends the values; resolves true once done (the page moves on), false to let the seller try again. */
  onSubmit(values: ProductFormValues): Promise<boolean>;
  /** Next to the submit button (e.g. Cancel). */
  extraActions?: ReactNode;
}

const uploadNamed = (file: File): Promise<string> => uploadPhoto(file, file.name);

/** The photos a listing already has (edit): each shown, each can be taken off before saving. */
function CurrentPhotos({
  photos,
  onRemove,
  disabled,
}: {
  photos: string[];
  onRemove(index: number): void;
  disabled: boolean;
}): ReactElement {
  return (
    <div className={styles.current}>
      <p className={forms.label} id="current-photos">
        Current photos
      </p>
      {photos.length === 0 ? (
        <p className={forms.hint}>None kept: add at least one photo below.</p>
      ) : (
        <ul className={styles.photos} aria-labelledby="current-photos">
          {photos.map((url, i) => (
            <li key={url} className={styles.photo}>
              <img src={url} alt={`Photo ${i + 1}`} width={88} height={88} />
              <button
                type="button"
                className={styles.removePhoto}
                onClick={() => onRemove(i)}
                disabled={disabled}
                aria-label={`Remove photo ${i + 1}`}
                title="Remove photo"
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The product form of Add Product and of a seller's edit: the fields unlock one after another
 * (spec section 5), Location is optional, photos upload one every 3 s (the shared uploader). An
 * edit starts from the listing: its photos are kept unless taken off, new ones are added after them.
 */
export function ProductForm({
  heading,
  intro,
  submitLabel,
  busyLabel,
  start,
  onSubmit,
  extraActions,
}: Props): ReactElement {
  const form = useProgressiveForm<Key>(ORDER, CHECKS, start);
  const [location, setLocation] = useState(start?.location ?? '');
  const [kept, setKept] = useState<string[]>(start?.photos ?? []);
  const [uploaded, setUploaded] = useState<string[]>([]);
  /** Chosen files are still uploading (their URLs come all together at the end). */
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const headingId = useId();
  const ids = {
    productname: useId(),
    title: useId(),
    description: useId(),
    rating: useId(),
    price: useId(),
    stock: useId(),
    location: useId(),
    categories: useId(),
  };
  const editing = start !== undefined;
  const photos = [...kept, ...uploaded.filter((url) => !kept.includes(url))];
  const tooMany = photos.length > MAX_PHOTOS;

  const send = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!form.valid || photos.length === 0 || tooMany || uploading || sending) return;
    setSending(true);
    const done = await onSubmit({
      productname: form.values.productname.trim(),
      title: form.values.title.trim(),
      description: form.values.description.trim(),
      rating: Number(form.values.rating),
      price: Number(form.values.price),
      location: location.trim(),
      photos,
      stock: Number(form.values.stock),
    });
    if (!done) setSending(false);
  };

  const bind = (key: Key) => ({ id: ids[key], required: true, ...form.bind(key) });

  const detailsDone = form.valid;
  const canSend = detailsDone && photos.length > 0 && !tooMany && !uploading && !sending;

  return (
    <form className={forms.panel} onSubmit={(e) => void send(e)} noValidate aria-labelledby={headingId}>
      <h1 id={headingId} className={forms.panelTitle}>
        {heading}
      </h1>
      <p className={forms.panelIntro}>{intro}</p>
      <div className={forms.grid}>
        <Field {...bind('productname')} label="Product Name" maxLength={100} />
        <Field {...bind('title')} label="Title (category)" maxLength={50} list={ids.categories} />
        <datalist id={ids.categories}>
          {CATEGORY_SUGGESTIONS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Field
          {...bind('description')}
          as="textarea"
          label="Description"
          className={forms.wide}
          rows={5}
          maxLength={5000}
        />
        <Field
          {...bind('rating')}
          label="Rating"
          hint="A number above 0, at most 5."
          type="number"
          inputMode="decimal"
          min={0.1}
          max={5}
          step={0.1}
        />
        <Field {...bind('price')} label="Price (Rs.)" type="number" inputMode="decimal" min={0.01} step="any" />
        <Field
          {...bind('stock')}
          label="Units in Stock"
          hint="A whole number from 0 to 1,000,000 (0: out of stock)."
          type="number"
          inputMode="numeric"
          min={0}
          max={STOCK_MAX}
          step={1}
        />
        <Field
          id={ids.location}
          label="Location"
          optional
          className={forms.wide}
          hint="Where the product ships from, e.g. Mumbai."
          value={location}
          maxLength={200}
          disabled={!detailsDone}
          onChange={(e) => setLocation(e.target.value)}
        />
        {editing && (
          <div className={forms.wide}>
            <CurrentPhotos
              photos={kept}
              disabled={sending}
              onRemove={(i) => setKept((list) => list.filter((_, at) => at !== i))}
            />
          </div>
        )}
        <div
          className={forms.wide}
          // The uploader tells the URLs only once every chosen file is up: a choice it accepted
          // (the input keeps its files; a refused one is cleared) holds Save until then.
          onChange={(e) => {
            const input = e.target as HTMLInputElement;
            if (input.type === 'file') setUploading(Boolean(input.value) && (input.files?.length ?? 0) > 0);
          }}
        >
          <PhotoUploader
            label={editing ? 'Add Photos (PNG)' : 'Product Photos (PNG)'}
            submitLabel={submitLabel}
            disabled={!detailsDone || sending}
            onUploaded={(urls) => {
              setUploaded(urls);
              if (urls.length > 0) setUploading(false);
            }}
            upload={uploadNamed}
          />
          {tooMany && (
            <p className={forms.error} role="alert">
              A product has at most {MAX_PHOTOS} photos: take some off.
            </p>
          )}
        </div>
      </div>
      <div className={forms.actions}>
        <SubmitButton
          className={`${ui.button} ${forms.submit}`}
          busy={sending}
          busyLabel={busyLabel}
          disabled={!canSend}
        >
          {submitLabel}
        </SubmitButton>
        {extraActions}
        {detailsDone && !editing && photos.length === 0 && (
          <span className={forms.hint}>Add Product opens once every chosen photo is uploaded.</span>
        )}
        {detailsDone && editing && uploading && (
          <span className={forms.hint}>{submitLabel} opens once every chosen photo is uploaded.</span>
        )}
        {detailsDone && editing && !uploading && photos.length === 0 && (
          <span className={forms.hint}>{PRODUCT_MESSAGES.photos}</span>
        )}
      </div>
    </form>
  );
}
