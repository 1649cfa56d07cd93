import { toast, type ToastOptions } from 'react-toastify';

export type ToastKind = 'success' | 'warning' | 'error';

/** Options every toast uses: top-centre, closes after 1500 ms (spec section 4). */
export const TOAST_OPTIONS: ToastOptions = { position: 'top-center', autoClose: 1500 };

/**
 * The spec's convention: 'Text,1' is a success, 'Text,2' a warning, any other code an error.
 * Only the last comma separates the code, so a message may itself contain commas.
 */
export function parseToast(message: string): { text: string; kind: ToastKind } {
  const comma = message.lastIndexOf(',');
  if (comma < 0) return { text: message, kind: 'error' };
  const text = message.slice(0, comma);
  const code = message.slice(comma + 1).trim();
  const kind: ToastKind = code === '1' ? 'success' : code === '2' ? 'warning' : 'error';
  return { text, kind };
}

/** Shows a toast written in the spec's 'Text,code' form. */
export function notify(message: string): void {
  const { text, kind } = parseToast(message);
  toast[kind](text, TOAST_OPTIONS);
}
