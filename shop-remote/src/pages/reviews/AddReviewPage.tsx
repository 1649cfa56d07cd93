import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import {
  addReview,
  Breadcrumb,
  errorMessage,
  Field,
  hasStatus,
  notify,
  required,
  REVIEW_MESSAGES,
  SubmitButton,
  usePageMeta,
  useProgressiveForm,
  type Check,
  linkTo,
} from '@marketplace/shared';
import { RequireSignIn } from '../../components/RequireSignIn';
import { endExpiredSession } from '../../lib/failures';
import forms from '../../styles/forms.module.css';
import ui from '../../styles/ui.module.css';

const ORDER = ['name', 'title', 'description', 'keywords', 'date'] as const;
type Key = (typeof ORDER)[number];

const isDate: Check = (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : REVIEW_MESSAGES.date);

const CHECKS: Record<Key, Check> = {
  name: required(REVIEW_MESSAGES.name),
  title: required(REVIEW_MESSAGES.title),
  description: required(REVIEW_MESSAGES.description),
  keywords: required(REVIEW_MESSAGES.keywords),
  date: isDate,
};

function AddReviewForm(): ReactElement {
  const navigate = useNavigate();
  const form = useProgressiveForm<Key>(ORDER, CHECKS);
  const [sending, setSending] = useState(false);
  const ids = { name: useId(), title: useId(), description: useId(), keywords: useId(), date: useId() };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!form.valid || sending) return;
    setSending(true);
    try {
      const { msg } = await addReview({
        name: form.values.name.trim(),
        title: form.values.title.trim(),
        description: form.values.description.trim(),
        keywords: form.values.keywords.trim().split(/\s+/).join(' '),
        date: form.values.date,
      });
      notify({ text: msg, kind: 'success' });
      navigate(linkTo('review'));
    } catch (error) {
      setSending(false);
      if (hasStatus(error, 401)) endExpiredSession(error);
      else notify({ text: errorMessage(error), kind: 'error' });
    }
  };

  const bind = (key: Key) => ({ id: ids[key], required: true, ...form.bind(key) });

  return (
    <form className={forms.panel} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="add-review-title">
      <h1 id="add-review-title" className={forms.panelTitle}>
        Add Review
      </h1>
      <p className={forms.panelIntro}>
        Tell other shoppers about a product or your order. Each field opens once the one before it is filled in.
      </p>
      <div className={forms.grid}>
        <Field {...bind('name')} label="Name" maxLength={100} autoComplete="name" />
        <Field {...bind('title')} label="Title" maxLength={200} />
        <Field
          {...bind('description')}
          as="textarea"
          label="Description"
          className={forms.wide}
          rows={5}
          maxLength={5000}
        />
        <Field
          {...bind('keywords')}
          label="Keywords"
          hint="Separate keywords with spaces, e.g. quality delivery."
          maxLength={500}
        />
        <Field {...bind('date')} label="Date" type="date" />
      </div>
      <div className={forms.actions}>
        <SubmitButton
          className={`${ui.button} ${forms.submit}`}
          busy={sending}
          busyLabel="Adding Review…"
          disabled={!form.valid}
        >
          Add Review
        </SubmitButton>
        <Link to={linkTo('review')} className={ui.buttonGhost}>
          Back to reviews
        </Link>
      </div>
    </form>
  );
}

/** `/addreview` (signed in; with no token the spec goes to /review). */
export function AddReviewPage(): ReactElement {
  usePageMeta({ title: 'Add Review' });
  return (
    <div className={ui.page}>
      <Breadcrumb page="Add Review" />
      <RequireSignIn to={linkTo('review')}>
        <AddReviewForm />
      </RequireSignIn>
    </div>
  );
}
