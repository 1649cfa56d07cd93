import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from '@marketplace/shared/router';
import {
  Breadcrumb,
  CONTACT_EMAIL_PATTERN,
  CONTACT_MESSAGES,
  errorMessage,
  Field,
  hasStatus,
  notify,
  sendContact,
  SubmitButton,
  useFormFields,
  usePageMeta,
  type PageMeta,
} from '@marketplace/shared';
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
  const form = useFormFields<keyof ContactValues>(EMPTY);
  const { values } = form;
  const [sending, setSending] = useState(false);
  const errors = validateContact(values);

  const id = (field: keyof ContactValues) => `${formId}-${field}`;
  const bind = (field: keyof ContactValues) => ({
    ...form.field(field),
    id: id(field),
    name: field,
    error: form.touched[field] ? errors[field] : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    form.touchAll();
    const firstInvalid = FIELD_ORDER.find((f) => errors[f]);
    if (firstInvalid) {
      document.getElementById(id(firstInvalid))?.focus();
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
      if (hasStatus(error, 409)) notify({ text: errorMessage(error), kind: 'warning' });
      else if (hasStatus(error, 400)) notify({ text: errorMessage(error), kind: 'error' });
      else notify({ text: 'Your message could not be sent, please try again in a moment', kind: 'error' });
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Contact form">
      <Field {...bind('name')} label="Name" type="text" autoComplete="name" maxLength={100} required />
      <Field {...bind('email')} label="Email" type="email" autoComplete="email" maxLength={254} required />
      <Field {...bind('subject')} label="Subject" className={styles.fieldWide} type="text" maxLength={200} required />
      <Field {...bind('msg')} as="textarea" label="Message" className={styles.fieldWide} rows={6} maxLength={5000} />
      <SubmitButton className={styles.button} busy={sending} busyLabel="SENDING…">
        SEND MESSAGE
      </SubmitButton>
    </form>
  );
}

const CONTACT_META: PageMeta = {
  title: 'Contact Us',
  description: `Call ${CONTACT.phone}, write to us or visit us at ${CONTACT.address}. Customer care: ${CONTACT.workHours}.`,
  path: '/contact',
};

export function ContactPage(): ReactElement {
  usePageMeta(CONTACT_META);
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
