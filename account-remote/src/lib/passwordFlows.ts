/**
 * Where the password reset and change flows keep their state between screens (spec sections 3, 4, 9).
 * The reset flow: /forgetpassword → /otpresetpass → /newpassword. The change flow:
 * /changepassword → /newpassword.
 */

/** Cookie with the email the reset code was sent to; set by the reset request for 70 seconds. */
export const RESET_EMAIL_COOKIE = 'otpResetEmail';
export const RESET_EMAIL_COOKIE_MS = 70_000;

/**
 * Cookie set after a correct code, read by /newpassword (the spec's "userauth" token cookie).
 * It holds the RESET token of /otpemail, which can only finish this reset; never a login token.
 */
export const RESET_TOKEN_COOKIE = 'userauth';
export const RESET_TOKEN_COOKIE_MS = 700_000;

/** sessionStorage: the reset token between the reset request and the code check. */
export const RESET_TOKEN_KEY = 'resettoken';

/** sessionStorage: the one-time proof of /checkuserdata between /changepassword and /newpassword. */
export const PASSWORD_PROOF_KEY = 'passwordproof';
