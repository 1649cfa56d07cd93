import { ApiError, notify, useSession } from '@marketplace/shared';

/** Spec section 8: a cart, checkout or order-list call failed. */
export const SOMETHING_WRONG_TOAST = 'Something went Wrong,3';

/** The server's message of a failed call, or a plain fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went Wrong';
}

export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/**
 * A call answered 401 because the login token expired or was revoked: the customer is signed
 * out (the shell's header follows) and told why; the page then sends them to /login.
 */
export function endExpiredSession(error: unknown): void {
  notify(`${errorMessage(error)},3`);
  useSession.getState().signOut();
}

/** A cart or checkout call failed: an expired session signs out (→ /login), anything else is the spec's toast. */
export function reportFailedCall(error: unknown): void {
  if (hasStatus(error, 401)) endExpiredSession(error);
  else notify(SOMETHING_WRONG_TOAST);
}
