import { type InputHTMLAttributes, type ReactElement, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from './Form.module.css';

interface Common {
  id: string;
  label: string;
  /** The validation message to show, or null/undefined when the value is fine (or not checked yet). */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
}

function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Label({ id, label, required }: Common): ReactElement {
  return (
    <label className={styles.label} htmlFor={id}>
      {label}
      {required && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

function Messages({ id, error, hint }: Common): ReactElement {
  return (
    <>
      {hint && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled text input with its validation message underneath. */
export function TextField(props: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>): ReactElement {
  const { id, label, error, hint, required, className, ...input } = props;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      <Messages id={id} label={label} error={error} hint={hint} />
    </div>
  );
}

/** A labelled select with a placeholder option (value '') and its validation message. */
export function SelectField(
  props: Common & { placeholder: string; options: readonly { value: string; label: string }[] } & Omit<
      SelectHTMLAttributes<HTMLSelectElement>,
      'id'
    >,
): ReactElement {
  const { id, label, error, hint, required, placeholder, options, className, ...select } = props;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} label={label} error={error} hint={hint} />
    </div>
  );
}

/** A submit button that shows a small spinner (and is disabled) while `busy`. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  block = true,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  disabled?: boolean;
  block?: boolean;
}): ReactElement {
  return (
    <button
      type="submit"
      className={[styles.button, block ? styles.block : null].filter(Boolean).join(' ')}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <span className={styles.buttonSpinner} aria-hidden="true" />
          <span className={styles.visuallyHidden} role="status">
            {busyLabel}
          </span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

export const formStyles = styles;
