import { useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from '@marketplace/shared/router';
import { ApiError, Breadcrumb, CONTACT_EMAIL_PATTERN, CONTACT_MESSAGES, notify, sendContact } from '@marketplace/shared';
import { CONTACT } from '../content';
import { ClockIcon, MapPinIcon, PhoneIcon } from '../layout/icons';
import styles from './pages.module.css';

interface ContactValues {
  name: string;
  email: string;
  subject: string;
  msg: string;
}
type ContactErrors = Partial<Record<keyof ContactValues, string>>;

const EMPTY: ContactValues = { name: '', email: '', subject: '', msg: '' };
const emailPattern = new RegExp(CONTACT_EMAIL_PATTERN);

/** The spec's rules: name, email (required, simple pattern) and subject are required; the message is optional. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = CONTACT_MESSAGES.name;
  if (!values.email.trim()) errors.email = CONTACT_MESSAGES.email;
  else if (!emailPattern.test(values.email.trim())) errors.email = CONTACT_MESSAGES.emailPattern;
  if (!values.subject.trim()) errors.subject = CONTACT_MESSAGES.subject;
  return errors;
}

const FIELD_ORDER: (keyof ContactValues)[] = ['name', 'email', 'subject', 'msg'];

function ContactForm(): ReactElement {
  const navigate = useNavigate();
  const formId = useId();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof ContactValues, boolean>>>({});
  const [sending, setSending] = useState(false);
  const fields = useRef<Partial<Record<keyof ContactValues, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const errors = validateContact(values);

  const id = (field: keyof ContactValues) => `${formId}-${field}`;
  const shown = (field: keyof ContactValues) => (touched[field] ? errors[field] : undefined);
  const bind = (field: keyof ContactValues) => ({
    id: id(field),
    name: field,
    value: values[field],
    ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      fields.current[field] = el;
    },
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    'aria-invalid': shown(field) ? true : undefined,
    'aria-describedby': shown(field) ? `${id(field)}-error` : undefined,
  });
  const errorText = (field: keyof ContactValues) =>
    shown(field) ? (
      <p id={`${id(field)}-error`} className={styles.error}>
        {shown(field)}
      </p>
    ) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setTouched({ name: true, email: true, subject: true, msg: true });
    const firstInvalid = FIELD_ORDER.find((f) => errors[f]);
    if (firstInvalid) {
      fields.current[firstInvalid]?.focus();
      return;
    }
    setSending(true);
    try {
      const msg = values.msg.trim();
      await sendContact({
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        ...(msg ? { msg } : {}),
      });
      navigate('/getcontact');
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.status === 409) notify(`${error.message},2`);
      else if (error instanceof ApiError && error.status === 400) notify(`${error.message},3`);
      else notify('Your message could not be sent, please try again in a moment,3');
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Contact form">
      <div className={styles.field}>
        <label htmlFor={id('name')}>
          Name <span className={styles.required} aria-hidden="true">*</span>
        </label>
        <input type="text" autoComplete="name" maxLength={100} required {...bind('name')} />
        {errorText('name')}
      </div>
      <div className={styles.field}>
        <label htmlFor={id('email')}>
          Email <span className={styles.required} aria-hidden="true">*</span>
        </label>
        <input type="email" autoComplete="email" maxLength={254} required {...bind('email')} />
        {errorText('email')}
      </div>
      <div className={`${styles.field} ${styles.fieldWide}`}>
        <label htmlFor={id('subject')}>
          Subject <span className={styles.required} aria-hidden="true">*</span>
        </label>
        <input type="text" maxLength={200} required {...bind('subject')} />
        {errorText('subject')}
      </div>
      <div className={`${styles.field} ${styles.fieldWide}`}>
        <label htmlFor={id('msg')}>Message</label>
        <textarea maxLength={5000} {...bind('msg')} />
      </div>
      <button type="submit" className={styles.button} disabled={sending}>
        {sending ? 'SENDING…' : 'SEND MESSAGE'}
      </button>
    </form>
  );
}

export function ContactPage(): ReactElement {
  return (
    <div className={styles.page}>
      <Breadcrumb page="Contact Us" />
      <h1 className={styles.pageTitle}>Contact Us</h1>
      <ul className={styles.infoCards}>
        <li className={styles.infoCard}>
          <PhoneIcon />
          <div>
            <h2>Call Us</h2>
            <p>
              <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
            </p>
          </div>
        </li>
        <li className={styles.infoCard}>
          <MapPinIcon />
          <div>
            <h2>Location</h2>
            <p>{CONTACT.address}</p>
          </div>
        </li>
        <li className={styles.infoCard}>
          <ClockIcon />
          <div>
            <h2>Work Hours</h2>
            <p>{CONTACT.workHours}</p>
          </div>
        </li>
      </ul>
      <h2 className={styles.sectionTitle}>Send us a message</h2>
      <ContactForm />
    </div>
  );
}
