import {
  useEffect,
  useRef,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useHydrated } from '../remote/serverData';
import styles from './Field.module.css';

/** The id of a field's validation message: `${id}-error`, in every front end. */
export const fieldErrorId = (id: string): string => `${id}-error`;
/** The id of a field's hint: `${id}-hint`. */
export const fieldHintId = (id: string): string => `${id}-hint`;

/** What a control points at with aria-describedby: its message (when shown), then its hint. */
export function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  const ids = [error ? fieldErrorId(id) : null, hint ? fieldHintId(id) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A select's choice: a text that is both value and label, or both given. */
export type FieldOption = string | { value: string; label: string };

interface FieldCommon {
  id: string;
  label: string;
  /** The validation message to show, or null/undefined while the value passes (or is not checked yet). */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** Marks the label '(optional)'. */
  optional?: boolean;
  /** Class of the field's box (label, control, hint and message), e.g. a grid column. */
  className?: string;
  /** Shown beside the control (a coupon's Apply, a bid's Add BID), under it on a narrow screen. */
  action?: ReactNode;
}

type Control =
  | ({ as?: 'input' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'required'>)
  | ({ as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'required'>)
  | ({ as: 'select'; options: readonly FieldOption[]; placeholder: string } & Omit<
      SelectHTMLAttributes<HTMLSelectElement>,
      'id' | 'className' | 'required'
    >);

export type FieldProps = FieldCommon & Control;

/**
 * What a shopper typed into a server-rendered text control before the page's code took it over
 * (React hydrates it with its own, empty value and would drop the text when it next renders it):
 * handed to the control's onChange once it is hydrated, as if typed then.
 */
function useTypedBeforeHydration(control: Control) {
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const { value } = control;
  const onChange = control.onChange as
    ((event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => void) | undefined;
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    const element = ref.current;
    const { value: state, onChange: change } = latest.current;
    if (!element || !change || typeof state !== 'string' || element.type === 'file') return;
    if (element.value !== state)
      change({ target: element, currentTarget: element } as ChangeEvent<HTMLInputElement & HTMLTextAreaElement>);
  }, []);
  return ref;
}

/**
 * A labelled control (input, textarea or select) with its hint and its validation message, tied
 * to it by aria-describedby and aria-invalid. Messages are shown verbatim (the spec's trailing
 * spaces kept) and announced when they appear.
 */
export function Field(props: FieldProps): ReactElement {
  const { id, label, error, hint, required, optional, className, action, ...control } = props;
  const typedBeforeHydration = useTypedBeforeHydration(control);
  const common = {
    id,
    className: styles.control,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(id, error, hint),
  };

  let element: ReactElement;
  if (control.as === 'textarea') {
    const { as: _as, ...rest } = control;
    element = <textarea rows={4} ref={typedBeforeHydration} {...common} {...rest} />;
  } else if (control.as === 'select') {
    const { as: _as, options, placeholder, ...rest } = control;
    element = (
      <select {...common} {...rest}>
        <option value="">{placeholder}</option>
        {options.map((o) => {
          const { value, label: text } = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    );
  } else {
    const { as: _as, ...rest } = control;
    element = <input ref={typedBeforeHydration} {...common} {...rest} />;
  }

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
        {optional && <span className={styles.optional}> (optional)</span>}
      </label>
      {action ? (
        <div className={styles.withAction}>
          {element}
          {action}
        </div>
      ) : (
        element
      )}
      {hint && (
        <p className={styles.hint} id={fieldHintId(id)}>
          {hint}
        </p>
      )}
      {error && (
        <p className={styles.error} id={fieldErrorId(id)} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A form's submit button: disabled and busy (aria-busy, a spinner and `busyLabel`, which is
 * announced) while the form is being sent. `className` gives the front end's own button look;
 * without it the shared one. Any other button attribute passes through (type="button" with
 * onClick for an action outside a form).
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  className,
  type = 'submit',
  ...button
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>): ReactElement {
  // Server HTML: not sent until the page's code runs (the browser would send it itself, fields in the URL).
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={className ?? styles.button}
      disabled={busy || disabled || !hydrated}
      aria-busy={busy || undefined}
      {...button}
    >
      {busy ? (
        <>
          <span className={styles.buttonSpinner} aria-hidden="true" /> <span role="status">{busyLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

export const fieldStyles = styles;
