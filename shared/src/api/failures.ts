import { ApiError } from './http';

/** The message of a failed call (an ApiError carries the server's), or `fallback` when it has none. */
export function messageOf(error: unknown, fallback = 'Something went wrong, please try again'): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return fallback;
}

/** The server's message of a failed call, or the spec's plain 'Something went Wrong'. */
export const errorMessage = (error: unknown): string => messageOf(error, 'Something went Wrong');

/** The call failed with this HTTP status (0: the server was not reached). */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}
