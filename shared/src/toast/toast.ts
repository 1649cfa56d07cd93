import { createElement } from 'react';
import type { ToastOptions } from 'react-toastify';
import { ToastText, type ToastLink } from './ToastText';

export type { ToastLink } from './ToastText';

/**
 * How a toast looks: green, orange or red. The spec writes it as a code after the text ('Text,1'
 * a success, 'Text,2' a warning, any other code an error); here it is a name.
 */
export type ToastKind = 'success' | 'warning' | 'error';

/** A toast: its text, its kind and, when given, a page it leads to (shown after the text). */
export interface Toast {
  text: string;
  kind: ToastKind;
  link?: ToastLink;
}

/** Options every toast uses: top-centre, closes after 1500 ms (spec section 4). */
export const TOAST_OPTIONS: ToastOptions = { position: 'top-center', autoClose: 1500 };

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
 * Shows a toast, with `link` after the text when given (a live notice's page). react-toastify is
 * loaded with the first toast at the latest (it holds a toast until its container has mounted).
 */
export function notify({ text, kind, link }: Toast): void {
  wantToasts();
  const content = link ? createElement(ToastText, { text, link }) : text;
  import('react-toastify').then(
    ({ toast }) => toast[kind](content, TOAST_OPTIONS),
    (error: unknown) => console.error('[toast] could not load react-toastify:', error, text),
  );
}
