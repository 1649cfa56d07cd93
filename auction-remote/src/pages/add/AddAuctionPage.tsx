import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, Navigate, useNavigate } from '@marketplace/shared/router';
import {
  createAuction,
  Field,
  MAX_PHOTOS,
  messageOf,
  notify,
  SubmitButton,
  useIsSignedIn,
  usePageMeta,
  useProgressiveForm,
  type AuctionCategory,
  linkTo,
} from '@marketplace/shared';
import { PhotoUploader } from '@marketplace/shared/photo-uploader';
import { AuctionCard } from '../../components/AuctionCard';
import {
  AUCTION_CATEGORIES,
  auctionChecks,
  FIELD_ORDER,
  OPTIONAL_FIELDS,
  parseRupees,
  toLocalInput,
  YEAR_MS,
  type AuctionField,
} from '../../lib/auctionForm';
import ui from '../../styles/ui.module.css';
import styles from './AddAuctionPage.module.css';

const LABELS: Record<AuctionField, string> = {
  username: 'Nick Name',
  bid: 'BID Value (Rs.)',
  rangelowbid: 'Low BID Value (Rs.)',
  rangehighbid: 'High BID Value (Rs.)',
  productname: 'Product Name',
  category: 'Category',
  description: 'Description',
  ageproduct: 'Age of Product',
  time: 'Auction ends on',
  reserve: 'Reserve price (Rs.)',
  buynow: 'Buy It Now price (Rs.)',
};

/** The form itself (signed-in users only). */
function AddAuctionForm(): ReactElement {
  const navigate = useNavigate();
  const now = Date.now();
  const form = useProgressiveForm<AuctionField>(FIELD_ORDER, auctionChecks(now));
  const { values } = form;
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const allValid = form.valid;
  const ready = allValid && photos.length > 0 && !busy;

  const bind = (name: AuctionField) => {
    const binding = form.bind(name);
    return {
      ...binding,
      id: `auction-${name}`,
      label: LABELS[name],
      required: !OPTIONAL_FIELDS.includes(name),
      optional: OPTIONAL_FIELDS.includes(name),
      disabled: binding.disabled || busy,
    };
  };

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!ready) {
      form.touchAll();
      return;
    }
    setBusy(true);
    try {
      const created = await createAuction({
        username: values.username.trim(),
        bid: parseRupees(values.bid) ?? 0,
        rangelowbid: parseRupees(values.rangelowbid) ?? 0,
        rangehighbid: parseRupees(values.rangehighbid) ?? 0,
        productname: values.productname.trim(),
        category: values.category as AuctionCategory,
        description: values.description.trim(),
        ageproduct: values.ageproduct.trim(),
        time: values.time,
        photos,
        ...(values.reserve.trim() ? { reserve: parseRupees(values.reserve) ?? 0 } : {}),
        ...(values.buynow.trim() ? { buynow: parseRupees(values.buynow) ?? 0 } : {}),
      });
      notify({ text: 'Auction Product Added Successfully', kind: 'success' });
      // We open the new item (the spec went to /): the seller sees it, and its bids arrive live.
      navigate(created.auctionid ? linkTo('auctionProduct', { id: created.auctionid }) : linkTo('auctionHome'));
    } catch (error) {
      setBusy(false);
      notify({ text: messageOf(error), kind: 'error' });
    }
  }

  const preview = {
    auctionid: 0,
    productname: values.productname.trim() || 'Your product name',
    category: values.category || 'Category',
    photo: photos[0] ?? '',
    bid: parseRupees(values.bid) ?? 0,
    rangelowbid: parseRupees(values.rangelowbid) ?? 0,
    rangehighbid: parseRupees(values.rangehighbid) ?? 0,
    status: 'open' as const,
  };
  const photosLocked = !allValid || busy;

  return (
    <div className={styles.layout}>
      <form className={`${ui.panel} ${styles.form}`} onSubmit={onSubmit} noValidate aria-labelledby="create-auction">
        <p className={ui.muted}>Fill in each field in turn; the next one opens when the current one is complete.</p>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>Seller</legend>
          <Field {...bind('username')} autoComplete="nickname" hint="Shown to bidders as the owner of this item" />
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>Bids</legend>
          <div className={styles.row3}>
            <Field {...bind('bid')} inputMode="numeric" hint="Opening bid, whole rupees" />
            <Field {...bind('rangelowbid')} inputMode="numeric" hint="Lower than the BID Value" />
            <Field {...bind('rangehighbid')} inputMode="numeric" hint="Higher than the BID Value" />
          </div>
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>Item</legend>
          <div className={styles.row2}>
            <Field {...bind('productname')} />
            <Field {...bind('category')} as="select" options={AUCTION_CATEGORIES} placeholder="Select Category" />
          </div>
          <Field {...bind('description')} as="textarea" />
          <div className={styles.row2}>
            <Field {...bind('ageproduct')} hint="For example: 25 years" />
            <Field
              {...bind('time')}
              type="datetime-local"
              min={toLocalInput(now)}
              max={toLocalInput(now + YEAR_MS)}
              hint="Bids close at this date and time"
            />
          </div>
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>Reserve and Buy It Now</legend>
          <div className={styles.row2}>
            <Field
              {...bind('reserve')}
              inputMode="numeric"
              hint="Hidden: the item sells only to a BID at or above it. Bidders see only whether it is met."
            />
            <Field
              {...bind('buynow')}
              inputMode="numeric"
              hint="A shopper may buy at once at this price until a BID meets the reserve (or the first BID)."
            />
          </div>
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>Photos</legend>
          <PhotoUploader
            onUploaded={setPhotos}
            disabled={photosLocked}
            label="Photos of the item (PNG)"
            hint={`Up to ${MAX_PHOTOS} PNG images, 5 MB each at most; they upload one every 3 seconds. The first one is the cover.`}
          />
        </fieldset>

        <div className={styles.actions}>
          <SubmitButton className={ui.btn} busy={busy} busyLabel="Creating…" disabled={!ready}>
            Create Auction
          </SubmitButton>
          <Link className={ui.btnOutline} to={linkTo('home')}>
            Return to Store
          </Link>
          {allValid && photos.length === 0 && (
            <span className={ui.muted}>Upload at least one PNG photo to create the auction.</span>
          )}
        </div>
      </form>

      <aside className={styles.preview} aria-label="Preview">
        <p className={styles.previewTitle}>Preview</p>
        <div inert className={styles.previewCard}>
          <AuctionCard item={preview} />
        </div>
      </aside>
    </div>
  );
}

/** `/addauction`: signed-in users only (others go to /login). */
export function AddAuctionPage(): ReactElement {
  usePageMeta({ title: 'Create an Auction Product' });
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Navigate to={linkTo('login', { next: linkTo('addAuction') })} replace />;
  return (
    <div className={ui.page}>
      <div className={styles.header}>
        <h1 id="create-auction" className={styles.title}>
          CREATE AN AUCTION PRODUCT
        </h1>
      </div>
      <AddAuctionForm />
    </div>
  );
}
