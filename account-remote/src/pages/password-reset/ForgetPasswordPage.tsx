import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import {
  errorMessage,
  Field,
  LOGIN_MESSAGES,
  notify,
  requestPasswordReset,
  SubmitButton,
  useFormFields,
  usePageMeta,
  linkTo,
} from '@marketplace/shared';
import { AuthCard } from '../../components/AuthCard';
import { setCookie } from '../../lib/cookies';
import { RESET_EMAIL_COOKIE, RESET_EMAIL_COOKIE_MS, RESET_TOKEN_KEY } from '../../lib/passwordFlows';
import styles from '../../styles/forms.module.css';

/** /forgetpassword: asks for the email the reset code is sent to. */
export function ForgetPasswordPage(): ReactElement {
  usePageMeta({ title: 'Forgot Password' });
  const navigate = useNavigate();
  const { values, touched, touchAll, field } = useFormFields({ email: '' });
  const [busy, setBusy] = useState(false);
  const email = values.email.trim();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!email) {
      touchAll();
      return;
    }
    setBusy(true);
    try {
      const reply = await requestPasswordReset(email);
      setCookie(RESET_EMAIL_COOKIE, reply.email, { maxAgeMs: RESET_EMAIL_COOKIE_MS });
      sessionStorage.setItem(RESET_TOKEN_KEY, reply.resetToken);
      navigate(linkTo('otpReset'));
    } catch (err) {
      setBusy(false);
      notify({ text: errorMessage(err), kind: 'error' });
    }
  }

  return (
    <AuthCard
      id="forget"
      title="Forgot Password"
      lead="Enter the email of your account. If it is registered, we send a 6-character code to it."
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          id="forget-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          disabled={busy}
          error={touched.email && !email ? LOGIN_MESSAGES.email : null}
          {...field('email')}
        />
        <SubmitButton className={`${styles.button} ${styles.block}`} busy={busy} busyLabel="Sending the code">
          SEND CODE
        </SubmitButton>
      </form>
      <p className={styles.footer}>
        Remembered it?{' '}
        <Link className={styles.link} to={linkTo('login')}>
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
