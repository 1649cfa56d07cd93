import { createElement } from 'react';
import type { ToastOptions } from 'react-toastify';
import { ToastText, type ToastLink } from './ToastText';

export type { ToastLink } from './ToastText';

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

let wanted = false;
const wantedListeners = new Set<() => void>();

/** Whether any toast was asked for yet: the shell mounts its toast container from then on. */
export function toastsWanted(): boolean {
  return wanted;
}

/** Calls `listener` when the first toast is asked for; returns the unsubscribe. */
export function onToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/**
 * Asks for the toast container (and so react-toastify) now. The shell calls it at the first
 * click, tap or key press, so a toast that follows an action shows at once, while a first page
 * load never waits for toasts.
 */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  wantedListeners.forEach((listener) => listener());
}

/**
 * Shows a toast written in the spec's 'Text,code' form, with `link` after the text when given (a
 * live notice's page). react-toastify is loaded with the first toast at the latest (it holds a
 * toast until its container has mounted).
 */
export function notify(message: string, link?: ToastLink): void {
  const { text, kind } = parseToast(message);
  wantToasts();
  const content = link ? createElement(ToastText, { text, link }) : text;
  import('react-toastify').then(
    ({ toast }) => toast[kind](content, TOAST_OPTIONS),
    (error: unknown) => console.error('[toast] could not load react-toastify:', error, text),
  );
}
