import {
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './Field.module.css';

interface FieldProps {
  id: string;
  label: string;
  /** The validation message to show, or null when there is none (yet). */
  error?: string | null;
  hint?: ReactNode;
  className?: string;
}

type Control =
  | ({ as?: 'input' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>)
  | ({ as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>)
  | ({ as: 'select'; options: readonly string[]; placeholder: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>);

/**
 * A labelled form control (input, textarea or select) with its hint and validation message
 * tied to it by aria-describedby. Messages are rendered verbatim (the spec's trailing spaces kept).
 */
export function Field(props: FieldProps & Control): ReactElement {
  const { id, label, error, hint, className, ...control } = props;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    className: styles.control,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };

  let element: ReactElement;
  if (control.as === 'textarea') {
    const { as: _as, ...rest } = control;
    element = <textarea {...common} rows={4} {...rest} />;
  } else if (control.as === 'select') {
    const { as: _as, options, placeholder, ...rest } = control;
    element = (
      <select {...common} {...rest}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else {
    const { as: _as, ...rest } = control;
    element = <input {...common} {...rest} />;
  }

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {control.required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {element}
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
    </div>
  );
}
