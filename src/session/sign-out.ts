import { call } from '../api/client';
import { logOut } from '../contract/endpoints/sessions';
import { track } from '../analytics/analytics';
import { clearSession } from './clear-session';
import { getToken } from './token';

/**
 * What a layer above the session does on sign-out with the old token (src/app/sign-out.ts: this device's push
 * subscription). Called before the session is cleared, so it can read what the clearing removes; awaited after.
 */
export type SignOutStep = (token: string | null) => Promise<void>;

/**
 * Signs out on this device at once, then tells the server to revoke the token. The token is sent by hand
 * after it is cleared, so an already revoked one does not also fire the "session expired" path; offline,
 * the local sign-out still happens. `alongside` runs before the logout, while the old token still opens the door.
 */
export async function signOut(alongside?: SignOutStep) {
  const token = getToken();
  track('logout');
  const running = alongside?.(token);
  await clearSession();
  await running;
  if (token) await call(logOut, {}, { headers: { Authorization: `Bearer ${token}` } });
}
