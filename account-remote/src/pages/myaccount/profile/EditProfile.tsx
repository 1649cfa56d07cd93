import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import {
  Field,
  notify,
  SIGNUP_MESSAGES,
  SubmitButton,
  updateProfile,
  useFormFields,
  linkTo,
} from '@marketplace/shared';
import { checks } from '../../../lib/validation';
import { useAccount } from '../AccountContext';
import styles from '../Account.module.css';
import form from '../../../styles/forms.module.css';

/** /myaccount/editprofile: first name, last name and phone (signup rules); email is read-only. */
export function EditProfile(): ReactElement {
  const { customer, saved, fail } = useAccount();
  const navigate = useNavigate();
  const { values, field } = useFormFields({
    firstname: customer.firstname,
    lastname: customer.lastname,
    phonenum: customer.phonenum,
  });
  const [busy, setBusy] = useState(false);
  const errors = {
    firstname: checks.name(values.firstname) ? null : SIGNUP_MESSAGES.firstname,
    lastname: checks.name(values.lastname) ? null : SIGNUP_MESSAGES.lastname,
    phonenum: checks.phone(values.phonenum) ? null : SIGNUP_MESSAGES.phonenum,
  };
  const valid = !errors.firstname && !errors.lastname && !errors.phonenum;
  const bind = (name: keyof typeof values) => ({ ...field(name), error: errors[name], required: true, disabled: busy });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !valid) return;
    setBusy(true);
    const changes = { firstname: values.firstname.trim(), lastname: values.lastname.trim(), phonenum: values.phonenum };
    try {
      const session = await updateProfile(changes);
      saved(session, changes);
      notify({ text: 'Profile Updated Successfully', kind: 'success' });
      navigate(linkTo('myProfile'));
    } catch (error) {
      setBusy(false);
      fail(error);
    }
  }

  return (
    <>
      <h1 className={styles.heading}>Edit Profile</h1>
      <form className={[styles.panel, form.form].join(' ')} onSubmit={onSubmit} noValidate>
        <div className={form.row}>
          <Field id="profile-firstname" label="First Name" autoComplete="given-name" {...bind('firstname')} />
          <Field id="profile-lastname" label="Last Name" autoComplete="family-name" {...bind('lastname')} />
        </div>
        <div className={form.row}>
          <Field
            id="profile-email"
            label="Email"
            type="email"
            value={customer.email}
            readOnly
            hint="Your email cannot be changed."
          />
          <Field
            id="profile-phonenum"
            label="Phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            {...bind('phonenum')}
          />
        </div>
        <div className={form.actions}>
          <SubmitButton className={form.button} busy={busy} busyLabel="Saving your profile" disabled={!valid}>
            SAVE CHANGES
          </SubmitButton>
          <Link className={form.secondary} to={linkTo('myProfile')}>
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
