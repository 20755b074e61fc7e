import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../deps';
import { hashToken, newToken } from '../auth/tokens';
import { DEVICE_RECORD_MS } from '../../src/contract/retention';

/** The cookie that names this device across a wipe of its script-writable storage (docs/api-decisions.md). */
export const DEVICE_COOKIE = 'village_device';
// Chrome keeps no cookie longer than 400 days; Safari's 7-day cap is for cookies set by scripts, not this one.
// The figure the privacy page states (src/contract/retention.ts).
const MAX_AGE_S = DEVICE_RECORD_MS / 1000;
/** A record not checked in for that long has no cookie left to name it: the sweep forgets it. */
export const DEVICE_RECORD_TTL_MS = MAX_AGE_S * 1000;
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/** The hash of the device cookie the request carried, or null when it carried none (or not one of ours). */
export function deviceHashOf(c: Context<AppEnv>): string | null {
  const value = getCookie(c, DEVICE_COOKIE);
  return value !== undefined && WELL_FORMED.test(value) ? hashToken(value) : null;
}

const cookieOptions = (deps: Pick<Deps, 'publicUrl'>) =>
  ({ httpOnly: true, sameSite: 'Strict', secure: deps.publicUrl.startsWith('https:'), path: '/v1/', maxAge: MAX_AGE_S }) as const;

/**
 * Names the device with its cookie for 400 more days: the one it carried, or a new one (answers its hash).
 * HttpOnly, so no script (nor Safari's wipe of what scripts write) reaches it; SameSite=Strict, since only the
 * app's own pages call the API; sent to /v1/ only.
 */
export function keepDeviceCookie(c: Context<AppEnv>, deps: Pick<Deps, 'publicUrl'>): string {
  const carried = getCookie(c, DEVICE_COOKIE);
  if (carried !== undefined && WELL_FORMED.test(carried)) {
    setCookie(c, DEVICE_COOKIE, carried, cookieOptions(deps));
    return hashToken(carried);
  }
  const { token, hash } = newToken();
  setCookie(c, DEVICE_COOKIE, token, cookieOptions(deps));
  return hash;
}
