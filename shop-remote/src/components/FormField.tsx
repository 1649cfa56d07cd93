import { type ReactElement, type ReactNode } from 'react';
import forms from '../styles/forms.module.css';

interface Props {
  /** The control's id; the message gets `${id}-msg` (point aria-describedby at messageId(id)). */
  id: string;
  label: string;
  required?: boolean;
  optional?: boolean;
  hint?: string;
  message?: string | null;
  wide?: boolean;
  children: ReactNode;
}

export const messageId = (id: string): string => `${id}-msg`;
export const hintId = (id: string): string => `${id}-hint`;

/** A labelled control with its hint and its live red message (the spec's texts, verbatim). */
export function FormField({ id, label, required, optional, hint, message, wide, children }: Props): ReactElement {
  return (
    <div className={[forms.field, wide ? forms.wide : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={forms.label}>
        {label}
        {required && (
          <span className={forms.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {optional && <span className={forms.optional}> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={hintId(id)} className={forms.hint}>
          {hint}
        </p>
      )}
      {message && (
        <p id={messageId(id)} className={forms.error} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
