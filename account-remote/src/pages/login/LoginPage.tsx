import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import {
  errorMessage,
  Field,
  hasStatus,
  login,
  LOGIN_MESSAGES,
  notify,
  refreshCartCount,
  SubmitButton,
  useFormFields,
  usePageMeta,
  useSession,
  linkTo,
  safeReturnPath,
} from '@marketplace/shared';
import { AuthCard } from '../../components/AuthCard';
import { NextLink } from '../../components/NextLink';
import { useNext, useSignedOutOnly } from '../../lib/guards';
import styles from '../../styles/forms.module.css';

/**
 * /login: email and password (spec sections 2, 4, 5). After signing in the shopper goes back to
 * `?next=` when it is a safe path of this site (the page they came from, or /viewcart/{id} after
 * Add to Cart, which adds it), else home.
 */
export function LoginPage(): ReactElement {
  usePageMeta({ title: 'Login' });
  const navigate = useNavigate();
  const next = useNext();
  const { redirect, markSigningIn } = useSignedOutOnly(next);
  const { values, touched, touchAll, field } = useFormFields({ email: '', password: '' });
  const [busy, setBusy] = useState(false);

  if (redirect) return redirect;

  const email = values.email.trim();
  const { password } = values;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!email || !password) {
      touchAll();
      notify({ text: LOGIN_MESSAGES.empty, kind: 'error' });
      return;
    }
    setBusy(true);
    try {
      const data = await login(email, password);
      markSigningIn();
      useSession.getState().signIn(data);
      void refreshCartCount();
      if (next) navigate(next, { replace: true });
      else navigate(linkTo('home'));
    } catch (error) {
      setBusy(false);
      notify({ text: hasStatus(error, 404) ? LOGIN_MESSAGES.wrong : errorMessage(error), kind: 'error' });
    }
  }

  return (
    <AuthCard id="login" title="Login" lead="Welcome back. Sign in to see your orders, cart and account.">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={touched.email && !email ? LOGIN_MESSAGES.email : null}
          {...field('email')}
        />
        <Field
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={touched.password && !password ? LOGIN_MESSAGES.password : null}
          {...field('password')}
        />
        <div className={styles.between}>
          <Link className={styles.link} to={linkTo('forgetPassword')}>
            Forgot password?
          </Link>
        </div>
        <SubmitButton className={`${styles.button} ${styles.block}`} busy={busy} busyLabel="Signing in">
          LOGIN
        </SubmitButton>
      </form>
      <div className={styles.divider}>or</div>
      <div className={styles.social}>
        <button type="button" className={styles.secondary} disabled aria-describedby="social-note">
          Sign in with Google
        </button>
        <button type="button" className={styles.secondary} disabled aria-describedby="social-note">
          Sign in with Facebook
        </button>
      </div>
      <p id="social-note" className={styles.socialNote}>
        Social sign-in is not available yet.
      </p>
      <p className={styles.footer}>
        New here?{' '}
        <NextLink className={styles.link} to={linkTo('signup', { next: safeReturnPath(next) })}>
          Create an account
        </NextLink>
      </p>
    </AuthCard>
  );
}
