import { useState, type FormEvent, type ReactElement } from 'react';
import { Link, useLocation, useNavigate } from '@marketplace/shared/router';
import { SIGNUP_MESSAGES, notify, signup, nextFrom, withNext } from '@marketplace/shared';
import { SelectField, SubmitButton, TextField, formStyles as styles } from '../ui/Field';
import { AuthCard } from '../ui/AuthCard';
import { useFields } from '../ui/useFields';
import { errorMessage } from '../lib/errors';
import { useSignedOutOnly } from '../lib/guards';
import { PASSWORD_HINT, checks } from '../lib/validation';

type FieldName = keyof typeof SIGNUP_MESSAGES;
type Values = Record<FieldName, string>;

/** The order in which the fields unlock; each one is checked with the server's rule. */
const ORDER: readonly { name: FieldName; valid: (v: string) => boolean }[] = [
  { name: 'firstname', valid: checks.name },
  { name: 'lastname', valid: checks.name },
  { name: 'createdate', valid: checks.date },
  { name: 'gender', valid: checks.gender },
  { name: 'email', valid: checks.email },
  { name: 'password', valid: checks.password },
  { name: 'phonenum', valid: checks.phone },
];

const EMPTY: Values = { firstname: '', lastname: '', createdate: '', gender: '', email: '', password: '', phonenum: '' };

function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * /signup: fields unlock one after another; CREATE stays disabled until every check passes. A
 * safe `?next=` is handed on to /login, so signing up and then in returns to where the shopper was.
 */
export default function SignupPage(): ReactElement {
  const navigate = useNavigate();
  const next = nextFrom(useLocation().search);
  const { redirect } = useSignedOutOnly(next);
  const { values, touched, field } = useFields<FieldName>(EMPTY);
  const [busy, setBusy] = useState(false);

  if (redirect) return redirect;

  const validity = ORDER.map((f) => f.valid(values[f.name]));
  /** Index of the first field that does not pass yet (ORDER.length when all pass). */
  const firstInvalid = validity.indexOf(false) === -1 ? ORDER.length : validity.indexOf(false);
  const unlocked = (name: FieldName) => ORDER.findIndex((f) => f.name === name) <= firstInvalid;
  const error = (name: FieldName) => {
    const i = ORDER.findIndex((f) => f.name === name);
    return touched[name] && unlocked(name) && !validity[i] ? SIGNUP_MESSAGES[name] : null;
  };
  const bind = (name: FieldName) => ({
    ...field(name),
    disabled: !unlocked(name) || busy,
    error: error(name),
    required: true,
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || firstInvalid < ORDER.length) return;
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
      notify(`${msg},1`);
      navigate(withNext('/login', next));
    } catch (err) {
      setBusy(false);
      notify(`${errorMessage(err)},3`);
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
          <TextField id="signup-firstname" label="First Name" autoComplete="given-name" {...bind('firstname')} />
          <TextField id="signup-lastname" label="Last Name" autoComplete="family-name" {...bind('lastname')} />
        </div>
        <div className={styles.row}>
          <TextField id="signup-createdate" label="Birthday" type="date" max={today()} autoComplete="bday" {...bind('createdate')} />
          <SelectField
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
        <TextField id="signup-email" label="Email" type="email" autoComplete="email" {...bind('email')} />
        <TextField
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...bind('password')}
        />
        <TextField
          id="signup-phonenum"
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="10 digits"
          {...bind('phonenum')}
        />
        <div className={styles.actions}>
          <SubmitButton busy={busy} busyLabel="Creating your account" disabled={firstInvalid < ORDER.length} block={false}>
            CREATE
          </SubmitButton>
          <Link className={styles.secondary} to="/">
            Return to Store
          </Link>
        </div>
      </form>
      <p className={styles.footer}>
        Already have an account?{' '}
        <Link className={styles.link} to={withNext('/login', next)}>
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
