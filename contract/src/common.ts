import { Type, type Static, type TSchema } from 'typebox';
import { MAX_ID } from './rules';

/**
 * Every JSON reply of the API has the spec's shape `{ status, msg, data }`.
 * `status` repeats the HTTP status code; `msg` is a human-readable message
 * that the front ends may show in a toast.
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    status: Type.Integer(),
    msg: Type.String(),
    data,
  });

/** Any failure: 4xx / 5xx with a message that names the problem; `data` is null (or false for the OTP check). */
export const ErrorReply = Type.Object({
  status: Type.Integer(),
  msg: Type.String(),
  data: Type.Optional(Type.Union([Type.Null(), Type.Boolean()])),
});
export type ErrorReply = Static<typeof ErrorReply>;

/** The `{ msg }`-only success of calls whose data is not used (data is null). */
export const MessageReply = Envelope(Type.Null());
export type MessageReply = Static<typeof MessageReply>;

/** A login token (`authtoken`) sent as a request header. */
export const AuthHeaders = Type.Object({
  authtoken: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: 'Please login first (authtoken header missing)',
  }),
});
export type AuthHeaders = Static<typeof AuthHeaders>;

/** An id the API takes: a whole number from 1 to MAX_ID; otherwise 400 '{name} must be a positive whole number'. */
export const positiveId = (name: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: `${name} must be a positive whole number` });

/** A path id: a positive integer (bad ids answer 400). */
export const IdParams = Type.Object({
  id: positiveId('id'),
});
export type IdParams = Static<typeof IdParams>;

/**
 * Every list the API answers is one bounded page. A list read takes `limit` (1 to the list's
 * maximum; its default when absent) and `cursor`: the `next` of the page before (absent: the
 * first page). Cursors are keyset positions, opaque to clients: a page is as quick at row
 * 1,000,000 as at row 1, and rows inserted while a client walks the pages never make it see a
 * row twice or skip one.
 */
export interface PageSize {
  readonly default: number;
  readonly max: number;
}

/** The page sizes of every paged list (GET /products, /getauction, /getreviews, /allorders, /getUserAuction/{id}). */
export const PAGE_SIZES = {
  products: { default: 48, max: 100 },
  auctions: { default: 24, max: 100 },
  reviews: { default: 20, max: 100 },
  orders: { default: 20, max: 100 },
  bidders: { default: 50, max: 200 },
} as const satisfies Record<string, PageSize>;

/** A cursor as the API writes it: base64url text. */
export const CURSOR_PATTERN = '^[A-Za-z0-9_-]{1,200}$';

/** The query of a paged list read. */
export const PageQuery = (size: PageSize) =>
  Type.Object({
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: size.max,
        errorMessage: `limit must be a whole number from 1 to ${size.max}`,
      }),
    ),
    cursor: Type.Optional(
      Type.String({ pattern: CURSOR_PATTERN, errorMessage: 'cursor must be the next value of an earlier page' }),
    ),
  });
export interface PageQuery {
  limit?: number;
  cursor?: string;
}

/** A page of a list: the spec's `{ status, msg, data }` with `next` beside it (null on the last page). */
export const PageReply = <T extends TSchema>(item: T) =>
  Type.Object({
    status: Type.Integer(),
    msg: Type.String(),
    data: Type.Array(item),
    /** The cursor of the following page; null when this page is the last. */
    next: Type.Union([Type.String(), Type.Null()]),
  });
