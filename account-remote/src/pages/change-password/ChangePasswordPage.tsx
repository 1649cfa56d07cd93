import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import {
  checkPassword,
  errorMessage,
  Field,
  hasStatus,
  notify,
  SIGNUP_MESSAGES,
  SubmitButton,
  useFormFields,
  usePageMeta,
  useSession,
  linkTo,
} from '@marketplace/shared';
import { AuthCard } from '../../components/AuthCard';
import { SignedInOnly } from '../../lib/guards';
import { PASSWORD_PROOF_KEY } from '../../lib/passwordFlows';
import styles from '../../styles/forms.module.css';

function OldPasswordCheck(): ReactElement {
  const navigate = useNavigate();
  const { values, touched, touchAll, field } = useFormFields({ password: '' });
  const [busy, setBusy] = useState(false);
  const { password } = values;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!password) {
      touchAll();
      return;
    }
    setBusy(true);
    try {
      const { proof } = await checkPassword(password);
      sessionStorage.setItem(PASSWORD_PROOF_KEY, proof);
      navigate(linkTo('newPassword'));
    } catch (err) {
      setBusy(false);
      if (hasStatus(err, 400)) notify({ text: 'Wrong Password', kind: 'error' });
      else if (hasStatus(err, 401)) {
        notify({ text: errorMessage(err), kind: 'warning' });
        useSession.getState().signOut();
        navigate(linkTo('login', { next: linkTo('changePassword') }));
      } else notify({ text: errorMessage(err), kind: 'error' });
    }
  }

  return (
    <AuthCard id="change" title="Change Password" lead="First confirm your current password; then choose the new one.">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          id="change-old-password"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
          disabled={busy}
          error={touched.password && !password ? SIGNUP_MESSAGES.password : null}
          {...field('password')}
        />
        <SubmitButton className={`${styles.button} ${styles.block}`} busy={busy} busyLabel="Checking your password">
          CONTINUE
        </SubmitButton>
      </form>
      <p className={styles.footer}>
        <Link className={styles.link} to={linkTo('myProfile')}>
          Back to My Profile
        </Link>{' '}
        ·{' '}
        <Link className={styles.link} to={linkTo('forgetPassword')}>
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}

/** /changepassword: the old-password check that leads to /newpassword (signed-in users only). */
export function ChangePasswordPage(): ReactElement {
  usePageMeta({ title: 'Change Password' });
  return (
    <SignedInOnly>
      <OldPasswordCheck />
    </SignedInOnly>
  );
}
