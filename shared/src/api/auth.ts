import { ApiError } from './http';
import { currentAuthToken } from '../session/sessionStore';

/** The signed-in user's login token, or a rejected ApiError(401) when nobody is signed in. */
export function requireLoginToken(): string {
  const token = currentAuthToken();
  if (!token) throw new ApiError(401, 'Please login first');
  return token;
}
