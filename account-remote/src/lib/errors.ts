import { ApiError } from '@marketplace/shared';

/** The server's message of a failed call (ApiError.message), or a plain fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || 'Something went Wrong';
  return 'Something went Wrong';
}

export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}
