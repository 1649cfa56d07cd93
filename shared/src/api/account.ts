import { ApiError, http, requireLoginToken } from './http';
import { currentAuthToken } from '../session/sessionStore';
import type {
  Address,
  AnyTokenReply,
  CheckUserDataReply,
  Customer,
  CustomerReply,
  LoginReply,
  MessageReply,
  OtpCheckReply,
  OtpEmailReply,
  SessionData,
  SignupPayload,
  SignupReply,
  UpdateCusReply,
} from '@marketplace/contract';

/** GET /getanytoken: a short-lived anonymous token, required by login and the reset request. */
export async function getAnyToken(): Promise<string> {
  const res = await http.get<AnyTokenReply>('/getanytoken');
  return res.data.data;
}

/**
 * Fetches an anonymous token, then POST /logincus. Resolves the session data to store
 * (the caller stores it with useSession().signIn). Rejects ApiError 404 'Wrong Email or Password',
 * 400 for empty fields, 429 when rate-limited.
 */
export async function login(email: string, password: string): Promise<SessionData> {
  const authtoken = await getAnyToken();
  const res = await http.post<LoginReply>('/logincus', { email, password, authtoken });
  return res.data.data;
}

/** POST /signupcus. Rejects ApiError 400 with the spec's message for the first bad field, 409 for a registered email. */
export async function signup(p: SignupPayload): Promise<{ msg: string }> {
  const res = await http.post<SignupReply>('/signupcus', { ...p, address: p.address ?? '' });
  return { msg: res.data.msg };
}

/** POST /logoutcus: revokes the current login token. Resolves when nobody is signed in or the token is already dead. */
export async function logout(): Promise<void> {
  const authtoken = currentAuthToken();
  if (!authtoken) return;
  try {
    await http.post<MessageReply>('/logoutcus', { authtoken });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return;
    throw e;
  }
}

/**
 * POST /otpemail (with an anonymous token). The same answer whether or not the email is
 * registered: a reset token (only good for this reset) and the email. Rejects 400 / 429.
 */
export async function requestPasswordReset(email: string): Promise<{ resetToken: string; email: string }> {
  const authtoken = await getAnyToken();
  const res = await http.post<OtpEmailReply>('/otpemail', { email, authtoken });
  return res.data.data;
}

/**
 * POST /otpemailcheck with otp = '{six characters},{email}' and the reset token.
 * Resolves true when the code is right, false when it is wrong, expired, already used or
 * tried too often (server 400). Rejects ApiError 429 (rate limit) and other failures.
 */
export async function verifyResetOtp(otp: string, email: string, resetToken: string): Promise<boolean> {
  try {
    const res = await http.post<OtpCheckReply>('/otpemailcheck', { otp: `${otp},${email}`, authtoken: resetToken });
    return res.data.data === true;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 400 || e.status === 401)) return false;
    throw e;
  }
}

/** PUT /updatecus with the verified reset token: sets the new password and signs the user out everywhere. */
export async function completePasswordReset(resetToken: string, password: string): Promise<{ msg: string }> {
  const res = await http.put<UpdateCusReply>('/updatecus', { authtoken: resetToken, password });
  return { msg: res.data.msg };
}

/** POST /checkuserdata: checks the old password. Rejects ApiError 400 'Wrong Password'. */
export async function checkPassword(password: string): Promise<{ proof: string }> {
  const authtoken = requireLoginToken();
  const res = await http.post<CheckUserDataReply>('/checkuserdata', { password, authtoken });
  return res.data.data;
}

async function updateCus(body: Record<string, unknown>): Promise<SessionData> {
  const authtoken = requireLoginToken();
  const res = await http.put<UpdateCusReply>('/updatecus', { ...body, authtoken });
  if (!res.data.data) throw new ApiError(500, 'No session data returned', res.data);
  return res.data.data;
}

/**
 * PUT /updatecus with the proof of checkPassword and a new password. Resolves the new session
 * (all older login tokens are revoked; store it with signIn). Rejects 400 (password rule, bad proof).
 */
export function changePassword(proof: string, password: string): Promise<SessionData> {
  return updateCus({ proof, password });
}

/** PUT /updatecus: first name, last name, phone (signup rules). Resolves the refreshed session data. */
export function updateProfile(p: { firstname: string; lastname: string; phonenum: string }): Promise<SessionData> {
  return updateCus({ firstname: p.firstname, lastname: p.lastname, phonenum: p.phonenum });
}

/** PUT /updatecus: replaces the whole address book (send the full list). Resolves the session data. */
export function updateAddresses(addresses: Address[]): Promise<SessionData> {
  return updateCus({ address: addresses });
}

/** GET /getuserdata (header authtoken). Rejects 401 when the token is missing/expired, 404 (data null) for an unknown user. */
export async function getUserData(): Promise<Customer> {
  const authtoken = requireLoginToken();
  const res = await http.get<CustomerReply>('/getuserdata', { headers: { authtoken } });
  return res.data.data;
}
