/** The server's message of a failed call (ApiError.message), or a plain fallback. */
export function messageOf(error: unknown, fallback = 'Something went wrong, please try again'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
