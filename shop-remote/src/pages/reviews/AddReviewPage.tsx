import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from '@marketplace/shared/router';
import { addReview, Breadcrumb, notify, REVIEW_MESSAGES } from '@marketplace/shared';
import { FormField, hintId, messageId } from '../../components/FormField';
import { RequireSignIn } from '../../components/RequireSignIn';
import { endExpiredSession, errorMessage, hasStatus } from '../../lib/failures';
import { required, useProgressiveForm, type Check } from '../../lib/progressiveForm';
import { REVIEW_PATH } from '../../lib/shopPaths';
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
      notify(`${msg},1`);
      navigate(REVIEW_PATH);
    } catch (error) {
      setSending(false);
      if (hasStatus(error, 401)) endExpiredSession(error);
      else notify(`${errorMessage(error)},3`);
    }
  };

  const control = (key: Key) => ({
    id: ids[key],
    value: form.values[key],
    disabled: !form.enabled(key),
    'aria-required': true as const,
    'aria-invalid': form.message(key) ? (true as const) : undefined,
    'aria-describedby': form.message(key) ? messageId(ids[key]) : undefined,
    onBlur: () => form.touch(key),
  });

  return (
    <form className={forms.panel} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="add-review-title">
      <h1 id="add-review-title" className={forms.panelTitle}>
        Add Review
      </h1>
      <p className={forms.panelIntro}>Tell other shoppers about a product or your order. Each field opens once the one before it is filled in.</p>
      <div className={forms.grid}>
        <FormField id={ids.name} label="Name" required message={form.message('name')}>
          <input {...control('name')} className={forms.input} maxLength={100} autoComplete="name" onChange={(e) => form.set('name', e.target.value)} />
        </FormField>
        <FormField id={ids.title} label="Title" required message={form.message('title')}>
          <input {...control('title')} className={forms.input} maxLength={200} onChange={(e) => form.set('title', e.target.value)} />
        </FormField>
        <FormField id={ids.description} label="Description" required wide message={form.message('description')}>
          <textarea
            {...control('description')}
            className={forms.textarea}
            rows={5}
            maxLength={5000}
            onChange={(e) => form.set('description', e.target.value)}
          />
        </FormField>
        <FormField id={ids.keywords} label="Keywords" required hint="Separate keywords with spaces, e.g. quality delivery." message={form.message('keywords')}>
          <input
            {...control('keywords')}
            aria-describedby={form.message('keywords') ? messageId(ids.keywords) : hintId(ids.keywords)}
            className={forms.input}
            maxLength={500}
            onChange={(e) => form.set('keywords', e.target.value)}
          />
        </FormField>
        <FormField id={ids.date} label="Date" required message={form.message('date')}>
          <input {...control('date')} className={forms.input} type="date" onChange={(e) => form.set('date', e.target.value)} />
        </FormField>
      </div>
      <div className={forms.actions}>
        <button type="submit" className={`${ui.button} ${forms.submit}`} disabled={!form.valid || sending}>
          {sending ? 'Adding Review…' : 'Add Review'}
        </button>
        <Link to={REVIEW_PATH} className={ui.buttonGhost}>
          Back to reviews
        </Link>
      </div>
    </form>
  );
}

/** `/addreview` (signed in; with no token the spec goes to /review). */
export function AddReviewPage(): ReactElement {
  return (
    <div className={ui.page}>
      <Breadcrumb page="Add Review" />
      <RequireSignIn to={REVIEW_PATH}>
        <AddReviewForm />
      </RequireSignIn>
    </div>
  );
}
