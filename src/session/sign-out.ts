import { call } from '../api/client';
import { logOut } from '../contract/endpoints/auth';
import { track } from '../analytics/analytics';
import { clearSession } from './clear-session';
import { getToken } from './token';

/**
 * Signs out on this device at once, then tells the server to revoke the token. The token is sent by hand
 * after it is cleared, so an already revoked one does not also fire the "session expired" path; offline,
 * the local sign-out still happens. This device's push subscription goes too (a shared device must not keep
 * receiving the previous user's notifications), before the logout, while the old token still opens the door.
 */
export async function signOut() {
  const token = getToken();
  track('logout');
  // Loaded on demand: the push code stays out of whatever bundle this module ends up in. Started before the
  // session is cleared (it reads the device's record at once), awaited after: the local sign-out goes first.
  // The logout below also drops the subscription on the server (it belongs to the session): this is the device's side.
  const push = await import('../features/push/push-device').catch(() => null);
  const forgettingPush = push?.forgetPushOnSignOut(token).catch((error: unknown) => console.warn('Push subscription not forgotten', error));
  await clearSession();
  await forgettingPush;
  if (token) await call(logOut, {}, { headers: { Authorization: `Bearer ${token}` } });
}
