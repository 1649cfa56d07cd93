import { useState } from 'react';

/**
 * The values of a form's text fields and which of them the user has touched (changed or left),
 * so a field's message shows only once the user has been there.
 */
export function useFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const touch = (name: K) => setTouched((t) => ({ ...t, [name]: true }));
  return {
    values,
    touched,
    touchAll() {
      setTouched(Object.fromEntries(Object.keys(initial).map((k) => [k, true])) as Record<K, boolean>);
    },
    /** value/onChange/onBlur for the field `name`. */
    field(name: K) {
      return {
        value: values[name],
        onChange(e: { target: { value: string } }) {
          const { value } = e.target;
          setValues((v) => ({ ...v, [name]: value }));
          touch(name);
        },
        onBlur: () => touch(name),
      };
    },
  };
}
