import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useLocation, useNavigate } from '@marketplace/shared/router';
import {
  ADDRESS_COUNTRIES,
  ADDRESS_STATES,
  Field,
  notify,
  SubmitButton,
  useFormFields,
  linkTo,
} from '@marketplace/shared';
import { checks } from '../../../lib/validation';
import { useAccount } from '../AccountContext';
import { saveAddresses, withAddressAdded, withAddressReplaced, type Address } from './addresses';
import styles from '../Account.module.css';
import form from '../../../styles/forms.module.css';

export const ADDRESS_MESSAGES: Record<keyof Address, string> = {
  streetadd: 'Please Enter Street Address',
  landmark: 'Please Enter Landmark',
  country: 'Please Select Country',
  state: 'Please Select State/Province',
  city: 'Please Enter Town/City',
  postal: 'Please Enter Zip/Postal',
};

const EMPTY = { streetadd: '', landmark: '', country: '', state: '', city: '', postal: '' };
type Values = typeof EMPTY;

function errorsOf(v: Values): Partial<Record<keyof Address, string>> {
  const errors: Partial<Record<keyof Address, string>> = {};
  for (const key of ['streetadd', 'landmark', 'city', 'postal'] as const) {
    if (!checks.name(v[key])) errors[key] = ADDRESS_MESSAGES[key];
  }
  if (!(ADDRESS_COUNTRIES as readonly string[]).includes(v.country)) errors.country = ADDRESS_MESSAGES.country;
  if (!(ADDRESS_STATES as readonly string[]).includes(v.state)) errors.state = ADDRESS_MESSAGES.state;
  return errors;
}

const trimmed = (v: Values): Address => ({
  streetadd: v.streetadd.trim(),
  landmark: v.landmark.trim(),
  country: v.country as Address['country'],
  state: v.state as Address['state'],
  city: v.city.trim(),
  postal: v.postal.trim(),
});

/** The add/edit address form; every field is required. `save` returns the whole new list. */
function AddressFormView({
  title,
  initial,
  submitLabel,
  save,
  successMessage,
}: {
  title: string;
  initial: Values;
  submitLabel: string;
  save: (address: Address) => Address[];
  successMessage: string;
}): ReactElement {
  const { saved, reload, fail } = useAccount();
  const navigate = useNavigate();
  const { values, touched, touchAll, field } = useFormFields<keyof Address>(initial);
  const [busy, setBusy] = useState(false);
  const errors = errorsOf(values);

  const bind = (name: keyof Address) => ({
    ...field(name),
    required: true,
    disabled: busy,
    error: touched[name] ? errors[name] : null,
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (Object.keys(errors).length > 0) {
      touchAll();
      return;
    }
    setBusy(true);
    const list = save(trimmed(values));
    try {
      const session = await saveAddresses(list);
      saved(session, { address: list });
      notify({ text: successMessage, kind: 'success' });
      reload();
      navigate(linkTo('addressBook'));
    } catch (error) {
      setBusy(false);
      fail(error);
    }
  }

  return (
    <>
      <h1 className={styles.heading}>{title}</h1>
      <form className={[styles.panel, form.form].join(' ')} onSubmit={onSubmit} noValidate>
        <Field id="address-streetadd" label="Street Address" autoComplete="address-line1" {...bind('streetadd')} />
        <Field id="address-landmark" label="Landmark" autoComplete="address-line2" {...bind('landmark')} />
        <div className={form.row}>
          <Field
            as="select"
            id="address-country"
            label="Country"
            placeholder="Select Country"
            options={ADDRESS_COUNTRIES}
            {...bind('country')}
          />
          <Field
            as="select"
            id="address-state"
            label="State/Province"
            placeholder="Select State/Province"
            options={ADDRESS_STATES}
            {...bind('state')}
          />
        </div>
        <div className={form.row}>
          <Field id="address-city" label="Town/City" autoComplete="address-level2" {...bind('city')} />
          <Field id="address-postal" label="Zip/Postal" autoComplete="postal-code" {...bind('postal')} />
        </div>
        <div className={form.actions}>
          <SubmitButton className={form.button} busy={busy} busyLabel="Saving the address">
            {submitLabel}
          </SubmitButton>
          <Link className={form.secondary} to={linkTo('addressBook')}>
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}

/** /myaccount/addaddress: appends the new address to the list and saves it. */
export function AddAddress(): ReactElement {
  const { customer } = useAccount();
  return (
    <AddressFormView
      title="Add New Address"
      initial={EMPTY}
      submitLabel="ADD ADDRESS"
      successMessage="Address Added Successfully"
      save={(address) => withAddressAdded(customer.address, address)}
    />
  );
}

/** The address index chosen on the address book: `?index=N`, or the link's state. */
function chosenIndex(search: string, state: unknown): number | null {
  const fromQuery = new URLSearchParams(search).get('index');
  const fromState = (state as { index?: unknown } | null)?.index;
  const raw = fromQuery ?? (fromState === undefined ? null : String(fromState));
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

/** /myaccount/editaddress?index=N: edits the chosen address and saves the list. */
export function EditAddress(): ReactElement {
  const { customer } = useAccount();
  const { search, state } = useLocation();
  const index = chosenIndex(search, state);
  const current = index === null ? undefined : customer.address[index];
  if (index === null || !current) {
    return (
      <>
        <h1 className={styles.heading}>Edit Address</h1>
        <div className={styles.panel}>
          <p>This address was not found. It may have been deleted.</p>
          <Link className={styles.button} to={linkTo('addressBook')}>
            Back to Address Book
          </Link>
        </div>
      </>
    );
  }
  return (
    <AddressFormView
      key={index}
      title="Edit Address"
      initial={{ ...current }}
      submitLabel="SAVE ADDRESS"
      successMessage="Address Updated Successfully"
      save={(address) => withAddressReplaced(customer.address, index, address)}
    />
  );
}
