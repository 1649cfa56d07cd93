import { useState } from 'react';

/**
 * A field's check: null when the value passes, else the message to show. It gets every value
 * too, for rules that compare fields (a low bid below the opening bid).
 */
export type Check<K extends string = string> = (value: string, values: Readonly<Record<K, string>>) => string | null;

/** What a control needs from the form: its value, and the handlers that change and touch it. */
export interface FieldBinding {
  value: string;
  onChange(event: { target: { value: string } }): void;
  onBlur(): void;
}

export interface FormFields<K extends string> {
  values: Record<K, string>;
  /** Fields the user has been to (typed in or left): their messages show. */
  touched: Partial<Record<K, boolean>>;
  set(key: K, value: string): void;
  touch(key: K): void;
  /** Every field visited (a refused submit shows every message). */
  touchAll(): void;
  /** value/onChange/onBlur of the field `key`. */
  field(key: K): FieldBinding;
}

/**
 * The values of a form's text fields and which of them the user has touched (changed or left),
 * so a field's message shows only once the user has been there.
 */
export function useFormFields<K extends string>(initial: Record<K, string>): FormFields<K> {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const touch = (key: K): void => setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
  const set = (key: K, value: string): void => {
    setValues((v) => ({ ...v, [key]: value }));
    touch(key);
  };
  return {
    values,
    touched,
    set,
    touch,
    touchAll() {
      setTouched(Object.fromEntries(Object.keys(initial).map((k) => [k, true])) as Record<K, boolean>);
    },
    field(key) {
      return { value: values[key], onChange: (event) => set(key, event.target.value), onBlur: () => touch(key) };
    },
  };
}

export interface ProgressiveForm<K extends string> extends FormFields<K> {
  /** A field is unlocked when every field before it passes (spec: fields unlock one after another). */
  enabled(key: K): boolean;
  /** The field's message once visited, while its check fails and the field is unlocked. */
  message(key: K): string | null;
  /** Every field passes. */
  valid: boolean;
  /** The field's binding for `Field`: value, handlers, `disabled` while locked and its `error`. */
  bind(key: K): FieldBinding & { disabled: boolean; error: string | null };
}

/**
 * The spec's progressive forms (sign up, Add Product and its edit, Add review, add auction): the
 * fields unlock in `order`, each once all the previous ones pass; breaking an earlier field locks
 * the later ones again (and hides their messages: a locked field cannot be put right).
 */
export function useProgressiveForm<K extends string>(
  order: readonly K[],
  checks: Record<K, Check<K>>,
  /** Values to start from (an edit form); empty otherwise. */
  initial?: Partial<Record<K, string>>,
): ProgressiveForm<K> {
  const fields = useFormFields<K>(Object.fromEntries(order.map((k) => [k, initial?.[k] ?? ''])) as Record<K, string>);
  const problems = order.map((k) => checks[k](fields.values[k], fields.values));
  const firstFailing = problems.findIndex((p) => p !== null);
  const enabled = (key: K): boolean => firstFailing === -1 || order.indexOf(key) <= firstFailing;
  const message = (key: K): string | null =>
    fields.touched[key] && enabled(key) ? (problems[order.indexOf(key)] ?? null) : null;

  return {
    ...fields,
    enabled,
    message,
    valid: firstFailing === -1,
    bind(key) {
      return { ...fields.field(key), disabled: !enabled(key), error: message(key) };
    },
  };
}

/** Passes any text but blanks. */
export const required =
  (message: string): Check =>
  (value) =>
    value.trim() ? null : message;

/** A number above `above` and at most `max`; typed text such as '4.5'. */
export const numberIn =
  (message: string, { above, max }: { above: number; max: number }): Check =>
  (value) => {
    const text = value.trim();
    const n = Number(text);
    return text !== '' && Number.isFinite(n) && n > above && n <= max ? null : message;
  };
