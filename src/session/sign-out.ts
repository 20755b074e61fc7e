import { call } from '../api/client';
import { track } from '../analytics/analytics';
import { clearSession } from './clear-session';
import { getToken } from './token';

/**
 * Signs out on this device at once, then tells the server to revoke the token. The token is sent by hand
 * after it is cleared, so an already revoked one does not also fire the "session expired" path; offline,
 * the local sign-out still happens.
 */
export async function signOut() {
  const token = getToken();
  track('logout');
  await clearSession();
  if (token) await call('POST', '/v1/auth/logout', { headers: { Authorization: `Bearer ${token}` }, showErrorPage: false });
}
