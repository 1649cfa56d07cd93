import { errorMessage, hasStatus, notify, useSession } from '@marketplace/shared';

/** Spec section 8: a cart, checkout or order-list call failed. */
export const SOMETHING_WRONG_TOAST = { text: 'Something went Wrong', kind: 'error' } as const;

/**
 * A call answered 401 because the login token expired or was revoked: the customer is signed
 * out (the shell's header follows) and told why; the page then sends them to /login.
 */
export function endExpiredSession(error: unknown): void {
  notify({ text: errorMessage(error), kind: 'error' });
  useSession.getState().signOut();
}

/** A cart or checkout call failed: an expired session signs out (→ /login), anything else is the spec's toast. */
export function reportFailedCall(error: unknown): void {
  if (hasStatus(error, 401)) endExpiredSession(error);
  else notify(SOMETHING_WRONG_TOAST);
}
