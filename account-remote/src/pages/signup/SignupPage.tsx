import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import {
  errorMessage,
  Field,
  notify,
  signup,
  SIGNUP_MESSAGES,
  SubmitButton,
  useHydrated,
  usePageMeta,
  useProgressiveForm,
  type Check,
  linkTo,
  safeReturnPath,
} from '@marketplace/shared';
import { AuthCard } from '../../components/AuthCard';
import { NextLink } from '../../components/NextLink';
import { useNext, useSignedOutOnly } from '../../lib/guards';
import { PASSWORD_HINT, checks } from '../../lib/validation';
import styles from '../../styles/forms.module.css';

type FieldName = keyof typeof SIGNUP_MESSAGES;

/** The order in which the fields unlock. */
const ORDER: readonly FieldName[] = ['firstname', 'lastname', 'createdate', 'gender', 'email', 'password', 'phonenum'];

const passes =
  (valid: (v: string) => boolean, message: string): Check =>
  (v) =>
    valid(v) ? null : message;

/** Each field is checked with the server's rule and shows the spec's message. */
const CHECKS: Record<FieldName, Check> = {
  firstname: passes(checks.name, SIGNUP_MESSAGES.firstname),
  lastname: passes(checks.name, SIGNUP_MESSAGES.lastname),
  createdate: passes(checks.date, SIGNUP_MESSAGES.createdate),
  gender: passes(checks.gender, SIGNUP_MESSAGES.gender),
  email: passes(checks.email, SIGNUP_MESSAGES.email),
  password: passes(checks.password, SIGNUP_MESSAGES.password),
  phonenum: passes(checks.phone, SIGNUP_MESSAGES.phonenum),
};

function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * /signup: fields unlock one after another; CREATE stays disabled until every check passes. A
 * safe `?next=` is handed on to /login, so signing up and then in returns to where the shopper was.
 */
export function SignupPage(): ReactElement {
  usePageMeta({ title: 'Create Account' });
  const navigate = useNavigate();
  const next = useNext();
  const { redirect } = useSignedOutOnly(next);
  // Today as the browser's clock has it: the server's may be in another day (the HTML is kept too).
  const hydrated = useHydrated();
  const form = useProgressiveForm<FieldName>(ORDER, CHECKS);
  const { values } = form;
  const [busy, setBusy] = useState(false);

  if (redirect) return redirect;

  const bind = (name: FieldName) => {
    const binding = form.bind(name);
    return { ...binding, disabled: binding.disabled || busy, required: true };
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !form.valid) return;
    setBusy(true);
    try {
      const { msg } = await signup({
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        createdate: values.createdate,
        gender: values.gender as 'male' | 'female',
        email: values.email.trim(),
        password: values.password,
        phonenum: values.phonenum,
        address: '',
      });
      notify({ text: msg, kind: 'success' });
      navigate(linkTo('login', { next: safeReturnPath(next) }));
    } catch (err) {
      setBusy(false);
      notify({ text: errorMessage(err), kind: 'error' });
    }
  }

  return (
    <AuthCard
      id="signup"
      title="Create Account"
      lead="Fill in each field in turn; the next one opens when the current one is complete."
      wide
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.row}>
          <Field id="signup-firstname" label="First Name" autoComplete="given-name" {...bind('firstname')} />
          <Field id="signup-lastname" label="Last Name" autoComplete="family-name" {...bind('lastname')} />
        </div>
        <div className={styles.row}>
          <Field
            id="signup-createdate"
            label="Birthday"
            type="date"
            max={hydrated ? today() : undefined}
            autoComplete="bday"
            {...bind('createdate')}
          />
          <Field
            as="select"
            id="signup-gender"
            label="Gender"
            placeholder="Select Gender"
            options={[
              { value: 'male', label: 'Male' },
              { value: 'female', label: 'Female' },
            ]}
            {...bind('gender')}
          />
        </div>
        <Field id="signup-email" label="Email" type="email" autoComplete="email" {...bind('email')} />
        <Field
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...bind('password')}
        />
        <Field
          id="signup-phonenum"
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="10 digits"
          {...bind('phonenum')}
        />
        <div className={styles.actions}>
          <SubmitButton className={styles.button} busy={busy} busyLabel="Creating your account" disabled={!form.valid}>
            CREATE
          </SubmitButton>
          <Link className={styles.secondary} to={linkTo('home')}>
            Return to Store
          </Link>
        </div>
      </form>
      <p className={styles.footer}>
        Already have an account?{' '}
        <NextLink className={styles.link} to={linkTo('login', { next: safeReturnPath(next) })}>
          Login
        </NextLink>
      </p>
    </AuthCard>
  );
}
