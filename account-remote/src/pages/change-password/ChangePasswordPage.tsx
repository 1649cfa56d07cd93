import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import {
  CHANGE_PASSWORD_PATH,
  checkPassword,
  errorMessage,
  Field,
  FORGET_PASSWORD_PATH,
  hasStatus,
  loginPath,
  myAccountPath,
  NEW_PASSWORD_PATH,
  notify,
  SIGNUP_MESSAGES,
  SubmitButton,
  useFormFields,
  usePageMeta,
  useSession,
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
      navigate(NEW_PASSWORD_PATH);
    } catch (err) {
      setBusy(false);
      if (hasStatus(err, 400)) notify({ text: 'Wrong Password', kind: 'error' });
      else if (hasStatus(err, 401)) {
        notify({ text: errorMessage(err), kind: 'warning' });
        useSession.getState().signOut();
        navigate(loginPath(CHANGE_PASSWORD_PATH));
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
        <Link className={styles.link} to={myAccountPath('myprofile')}>
          Back to My Profile
        </Link>{' '}
        ·{' '}
        <Link className={styles.link} to={FORGET_PASSWORD_PATH}>
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
