import { MAX_ID, type PageQuery, type PageSize } from '@marketplace/contract';
import { badRequest } from './errors';

/** The sort key of a row: the values a keyset condition compares with (numbers and texts). */
export type CursorKey = ReadonlyArray<number | string>;

const BAD_CURSOR = 'cursor must be the next value of an earlier page';

/** A page's `next`: the sort key of its last row, as base64url JSON (opaque to clients). */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The sort key a cursor holds, checked against the list's key shape ('int': a positive 32-bit
 * whole number; 'text': a text of at most 200 characters); undefined for the first page. A cursor
 * that is not one of ours is 400: a client cannot make a page read anything but a keyset position.
 */
export function decodeCursor<const S extends ReadonlyArray<'int' | 'text'>>(
  cursor: string | undefined,
  shape: S,
): { [K in keyof S]: S[K] extends 'int' ? number : string } | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  const fits =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((v, i) =>
      shape[i] === 'int' ? Number.isSafeInteger(v) && v >= 0 && v <= MAX_ID : typeof v === 'string' && v.length <= 200,
    );
  if (!fits) throw badRequest(BAD_CURSOR);
  return key as never;
}

/** The page size a read asks for: its `limit`, else the list's default. */
export const pageLimit = (query: PageQuery, size: PageSize): number => query.limit ?? size.default;

/**
 * A page from rows read with `limit + 1`: the extra row only says that another page follows,
 * without counting the list. `next` is the key of the page's last row.
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => CursorKey): { rows: T[]; next: string | null } {
  if (rows.length <= limit) return { rows, next: null };
  const page = rows.slice(0, limit);
  return { rows: page, next: encodeCursor(keyOf(page[page.length - 1]!)) };
}
