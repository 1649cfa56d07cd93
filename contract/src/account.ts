import { Type, type Static } from 'typebox';
import { Envelope } from './common';
import {
  ADDRESS_COUNTRIES,
  ADDRESS_STATES,
  DATE_PATTERN,
  EMAIL_PATTERN,
  NAME_PATTERN,
  NEW_PASSWORD_MESSAGE,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  SIGNUP_MESSAGES,
} from './rules';

const token = (what: string) =>
  Type.String({ minLength: 1, maxLength: 200, errorMessage: `authtoken is missing: ${what}` });

/** What login (and a password change) returns; the front end keeps it in sessionStorage `data`. */
export const SessionData = Type.Object({
  firstname: Type.String(),
  lastname: Type.String(),
  authtoken: Type.String(),
});
export type SessionData = Static<typeof SessionData>;

/** GET /getanytoken: `data` is a short-lived anonymous token (needed by login and reset request). */
export const AnyTokenReply = Envelope(Type.String());
export type AnyTokenReply = Static<typeof AnyTokenReply>;

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, pattern: NAME_PATTERN, errorMessage: 'Please Enter Email' }),
  password: Type.String({ minLength: 1, maxLength: 128, errorMessage: 'Please Enter Password' }),
  authtoken: token('fetch GET /getanytoken first'),
});
export type LoginBody = Static<typeof LoginBody>;
export const LoginReply = Envelope(SessionData);
export type LoginReply = Static<typeof LoginReply>;

export const Address = Type.Object({
  streetadd: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: NAME_PATTERN,
    errorMessage: 'Please Enter Street Address',
  }),
  landmark: Type.String({ minLength: 1, maxLength: 200, pattern: NAME_PATTERN, errorMessage: 'Please Enter Landmark' }),
  /** One of ADDRESS_COUNTRIES. */
  country: Type.Union(
    [
      Type.Literal('India'),
      Type.Literal('United Arab Emirate'),
      Type.Literal('United Kingdom'),
      Type.Literal('United States'),
    ],
    { errorMessage: `Please Select Country (${ADDRESS_COUNTRIES.join(', ')})` },
  ),
  /** One of ADDRESS_STATES. */
  state: Type.Union(
    [
      Type.Literal('Gujarat'),
      Type.Literal('Maharastra'),
      Type.Literal('Karnataka'),
      Type.Literal('Dubai'),
      Type.Literal('London'),
      Type.Literal('New York'),
    ],
    { errorMessage: `Please Select State (${ADDRESS_STATES.join(', ')})` },
  ),
  city: Type.String({ minLength: 1, maxLength: 100, pattern: NAME_PATTERN, errorMessage: 'Please Enter Town/City' }),
  postal: Type.String({ minLength: 1, maxLength: 20, pattern: NAME_PATTERN, errorMessage: 'Please Enter Zip/Postal' }),
});
export type Address = Static<typeof Address>;

/** Spec section 3 signup payload; every rule of section 5 is enforced by the server with the same messages. */
export const SignupPayload = Type.Object({
  firstname: Type.String({
    minLength: 1,
    maxLength: 50,
    pattern: NAME_PATTERN,
    errorMessage: SIGNUP_MESSAGES.firstname,
  }),
  lastname: Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN, errorMessage: SIGNUP_MESSAGES.lastname }),
  /** The birthday, YYYY-MM-DD. */
  createdate: Type.String({ pattern: DATE_PATTERN, errorMessage: SIGNUP_MESSAGES.createdate }),
  gender: Type.Union([Type.Literal('male'), Type.Literal('female')], { errorMessage: SIGNUP_MESSAGES.gender }),
  email: Type.String({ maxLength: 254, pattern: EMAIL_PATTERN, errorMessage: SIGNUP_MESSAGES.email }),
  password: Type.String({ pattern: PASSWORD_PATTERN, errorMessage: SIGNUP_MESSAGES.password }),
  phonenum: Type.String({ pattern: PHONE_PATTERN, errorMessage: SIGNUP_MESSAGES.phonenum }),
  /** Sent empty by the signup form; ignored (the address book starts empty). */
  address: Type.Optional(Type.Unknown()),
});
export type SignupPayload = Static<typeof SignupPayload>;

export const SignupReply = Envelope(
  Type.Object({ userid: Type.Integer(), firstname: Type.String(), lastname: Type.String(), email: Type.String() }),
);
export type SignupReply = Static<typeof SignupReply>;

export const LogoutBody = Type.Object({ authtoken: token('send the login token') });
export type LogoutBody = Static<typeof LogoutBody>;

export const OtpEmailBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, pattern: NAME_PATTERN, errorMessage: 'Please Enter Email' }),
  authtoken: token('fetch GET /getanytoken first'),
});
export type OtpEmailBody = Static<typeof OtpEmailBody>;
/** Same reply whether or not the email is registered. resetToken can only finish this reset. */
export const OtpEmailReply = Envelope(Type.Object({ resetToken: Type.String(), email: Type.String() }));
export type OtpEmailReply = Static<typeof OtpEmailReply>;

export const OtpCheckBody = Type.Object({
  /** The six characters, a comma, the reset email: '123456,a@b.com'. */
  otp: Type.String({
    minLength: 1,
    maxLength: 300,
    pattern: '^[^,]{6},.+$',
    errorMessage: 'otp must be the six characters of the code, a comma and the email',
  }),
  /** The resetToken of /otpemail. */
  authtoken: token('send the reset token of /otpemail'),
});
export type OtpCheckBody = Static<typeof OtpCheckBody>;
/** data true on success; a wrong/expired/used code answers 400 with data false. */
export const OtpCheckReply = Envelope(Type.Boolean());
export type OtpCheckReply = Static<typeof OtpCheckReply>;

export const CheckUserDataBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 128, errorMessage: 'Please Enter Password' }),
  authtoken: token('please login first'),
});
export type CheckUserDataBody = Static<typeof CheckUserDataBody>;
/** `proof` is a short-lived one-time proof that the old password was given; PUT /updatecus needs it. */
export const CheckUserDataReply = Envelope(Type.Object({ proof: Type.String() }));
export type CheckUserDataReply = Static<typeof CheckUserDataReply>;

/**
 * PUT /updatecus does one of three things, depending on the fields sent:
 * - profile: firstname + lastname + phonenum (login token);
 * - address book: address (the whole list, login token);
 * - password: password + proof (login token, proof from /checkuserdata), or
 *   password alone with the verified reset token as authtoken (end of a reset).
 */
export const UpdateCusBody = Type.Object({
  authtoken: token('please login first'),
  firstname: Type.Optional(
    Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN, errorMessage: SIGNUP_MESSAGES.firstname }),
  ),
  lastname: Type.Optional(
    Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN, errorMessage: SIGNUP_MESSAGES.lastname }),
  ),
  phonenum: Type.Optional(Type.String({ pattern: PHONE_PATTERN, errorMessage: SIGNUP_MESSAGES.phonenum })),
  address: Type.Optional(
    Type.Array(Address, { maxItems: 20, errorMessage: 'address must be a list of at most 20 addresses' }),
  ),
  password: Type.Optional(Type.String({ pattern: PASSWORD_PATTERN, errorMessage: NEW_PASSWORD_MESSAGE })),
  proof: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, errorMessage: 'proof must be the value returned by /checkuserdata' }),
  ),
});
export type UpdateCusBody = Static<typeof UpdateCusBody>;
/** data is the refreshed session; null after a completed password reset (the user signs in again). */
export const UpdateCusReply = Envelope(Type.Union([SessionData, Type.Null()]));
export type UpdateCusReply = Static<typeof UpdateCusReply>;

/** GET /getuserdata. `address` is a real list (never JSON text); `createdate` is the birthday. */
export const Customer = Type.Object({
  userid: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  phonenum: Type.String(),
  createdate: Type.String(),
  gender: Type.String(),
  address: Type.Array(Address),
  /** The login token the request was made with. */
  authtoken: Type.String(),
});
export type Customer = Static<typeof Customer>;
export const CustomerReply = Envelope(Customer);
export type CustomerReply = Static<typeof CustomerReply>;
