import type { PageQuery } from '@marketplace/contract';

/** One page of a list the API answers a page at a time. */
export interface Page<T> {
  items: T[];
  /** Ask for the following page with `{ cursor: next }`; null when this page is the last. */
  next: string | null;
}

/** The query parameters of a page read (absent ones are the API's defaults). */
export function pageParams(page: PageQuery = {}): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (page.limit !== undefined) params.limit = page.limit;
  if (page.cursor !== undefined) params.cursor = page.cursor;
  return params;
}
