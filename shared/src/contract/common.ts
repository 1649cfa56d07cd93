import { Type, type Static, type TSchema } from 'typebox';

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
  authtoken: Type.String({ minLength: 1, maxLength: 200, errorMessage: 'Please login first (authtoken header missing)' }),
});
export type AuthHeaders = Static<typeof AuthHeaders>;

/** A path id: a positive integer (bad ids answer 400). */
export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: 'id must be a positive whole number' }),
});
export type IdParams = Static<typeof IdParams>;
