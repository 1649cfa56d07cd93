import { useState } from 'react';

/** A field's check: null when the value passes, else the message to show. */
export type Check = (value: string) => string | null;

export interface ProgressiveForm<K extends string> {
  values: Record<K, string>;
  set(key: K, value: string): void;
  /** Marks a field as visited (on blur), so its message shows even if nothing was typed. */
  touch(key: K): void;
  /** A field is unlocked when every field before it passes (spec: fields unlock one after another). */
  enabled(key: K): boolean;
  /** The field's message once visited or typed in, while its check fails. */
  message(key: K): string | null;
  /** Every field passes. */
  valid: boolean;
}

/**
 * The spec's progressive forms (Add Product and its edit, Add review): the fields unlock in
 * `order`, each once all the previous ones pass; breaking an earlier field locks the later ones again.
 */
export function useProgressiveForm<K extends string>(
  order: readonly K[],
  checks: Record<K, Check>,
  /** Values to start from (an edit form); empty otherwise. */
  initial?: Partial<Record<K, string>>,
): ProgressiveForm<K> {
  const [values, setValues] = useState(() => Object.fromEntries(order.map((k) => [k, initial?.[k] ?? ''])) as Record<K, string>);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const firstFailing = order.findIndex((k) => checks[k](values[k]) !== null);

  return {
    values,
    set(key, value) {
      setValues((v) => ({ ...v, [key]: value }));
      setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
    },
    touch(key) {
      setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
    },
    enabled(key) {
      return firstFailing === -1 || order.indexOf(key) <= firstFailing;
    },
    message(key) {
      return touched[key] ? checks[key](values[key]) : null;
    },
    valid: firstFailing === -1,
  };
}

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
