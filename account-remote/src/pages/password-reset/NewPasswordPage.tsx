import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import {
  changePassword,
  completePasswordReset,
  errorMessage,
  Field,
  hasStatus,
  NEW_PASSWORD_MESSAGE,
  notify,
  SIGNUP_MESSAGES,
  SubmitButton,
  useFormFields,
  usePageMeta,
  useSession,
  linkTo,
} from '@marketplace/shared';
import { AuthCard } from '../../components/AuthCard';
import { deleteCookie, getCookie } from '../../lib/cookies';
import { PASSWORD_HINT, checks } from '../../lib/validation';
import { PASSWORD_PROOF_KEY, RESET_EMAIL_COOKIE, RESET_TOKEN_COOKIE } from '../../lib/passwordFlows';
import styles from '../../styles/forms.module.css';

type Flow = { kind: 'change'; proof: string } | { kind: 'reset'; resetToken: string } | { kind: 'none' };

/** Which flow brought the user here: a password change (proof + session) or a verified reset (cookie). */
function currentFlow(): Flow {
  const proof = sessionStorage.getItem(PASSWORD_PROOF_KEY);
  if (proof && useSession.getState().session) return { kind: 'change', proof };
  const resetToken = getCookie(RESET_TOKEN_COOKIE);
  if (resetToken) return { kind: 'reset', resetToken };
  return { kind: 'none' };
}

export function newPasswordError(password: string): string | null {
  if (!password) return SIGNUP_MESSAGES.password;
  return checks.password(password) ? null : NEW_PASSWORD_MESSAGE;
}

/** /newpassword: finishes a password reset or a password change, then goes to /logout. */
export function NewPasswordPage(): ReactElement {
  usePageMeta({ title: 'New Password' });
  const navigate = useNavigate();
  const [flow] = useState(currentFlow);
  const { values, touched, touchAll, field } = useFormFields({ password: '' });
  const [busy, setBusy] = useState(false);
  const { password } = values;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    touchAll();
    if (busy || newPasswordError(password) || flow.kind === 'none') return;
    setBusy(true);
    try {
      if (flow.kind === 'change') {
        const data = await changePassword(flow.proof, password);
        sessionStorage.removeItem(PASSWORD_PROOF_KEY);
        useSession.getState().signIn(data);
        notify({ text: 'Password Updated Successfully', kind: 'success' });
      } else {
        const { msg } = await completePasswordReset(flow.resetToken, password);
        deleteCookie(RESET_TOKEN_COOKIE);
        deleteCookie(RESET_EMAIL_COOKIE);
        notify({ text: msg, kind: 'success' });
      }
      navigate(linkTo('logout'));
    } catch (err) {
      setBusy(false);
      if (hasStatus(err, 0) || (hasStatus(err, 400) && err instanceof Error && err.message === NEW_PASSWORD_MESSAGE)) {
        notify({ text: errorMessage(err), kind: 'error' });
        return;
      }
      if (flow.kind === 'change') {
        sessionStorage.removeItem(PASSWORD_PROOF_KEY);
        notify({ text: errorMessage(err), kind: 'error' });
        if (hasStatus(err, 401)) {
          useSession.getState().signOut();
          navigate(linkTo('login'));
        } else navigate(linkTo('changePassword'));
      } else {
        // The reset is no longer valid (expired or already used): start again from the login page.
        deleteCookie(RESET_TOKEN_COOKIE);
        notify({ text: errorMessage(err), kind: 'warning' });
        navigate(linkTo('login'));
      }
    }
  }

  if (flow.kind === 'none') {
    return (
      <AuthCard
        id="newpass"
        title="New Password"
        lead="This step has expired or was opened directly. Request a new reset code, or confirm your current password again."
      >
        <div className={styles.actions}>
          <Link className={styles.button} to={linkTo('forgetPassword')}>
            Forgot password
          </Link>
          <Link className={styles.secondary} to={linkTo('changePassword')}>
            Change password
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      id="newpass"
      title="New Password"
      lead={
        flow.kind === 'reset'
          ? 'Choose a new password. You will then sign in with it.'
          : 'Choose your new password. You will be signed out and sign in again with it.'
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          id="new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={touched.password ? newPasswordError(password) : null}
          {...field('password')}
          hint={PASSWORD_HINT}
          required
          disabled={busy}
        />
        <SubmitButton className={`${styles.button} ${styles.block}`} busy={busy} busyLabel="Saving your new password">
          SAVE PASSWORD
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
