import type { VapidKeys } from './vapid-keys';
import { loadWebPush } from './web-push-module';

/** RFC 8292 §2 allows up to 24 h; 12 h is web-push's own default and leaves room for a push service's clock. */
export const VAPID_LIFETIME_S = 12 * 3600;
/** A signature is renewed this long before its `exp`, so that none reaches a push service about to expire. */
export const VAPID_RENEW_BEFORE_S = 3600;
/** Devices share a handful of push services (FCM, Mozilla, Apple, Microsoft...): the cap is never reached in use. */
const MAX_ORIGINS = 100;

interface Signed {
  publicKey: string;
  authorization: string;
  renewAt: number;
}

export interface VapidSignerOptions {
  /** The VAPID contact (`mailto:` or `https:`) put in `sub`. */
  subject: string;
  /** Wall-clock time in ms: push services check `exp` against theirs, so not a world's simulated clock. */
  now?: () => number;
  maxOrigins?: number;
}

/**
 * The `Authorization: vapid t=…, k=…` header of a push (RFC 8292), signed once per push service origin and
 * reused until an hour before it expires: an ES256 signature costs about 0.5 ms, once per push otherwise (a
 * chat message in a 500-member village signed 500 times the same claims). The payload's encryption stays per
 * push: it is made for each device's keys.
 */
export function createVapidSigner(options: VapidSignerOptions) {
  const now = options.now ?? Date.now;
  const maxOrigins = options.maxOrigins ?? MAX_ORIGINS;
  const signed = new Map<string, Signed>();

  const reusable = (audience: string, keys: VapidKeys, nowS: number) => {
    const cached = signed.get(audience);
    return cached && cached.publicKey === keys.publicKey && nowS < cached.renewAt ? cached.authorization : null;
  };

  async function signAfterLoading(audience: string, keys: VapidKeys): Promise<string> {
    const webpush = await loadWebPush();
    // Read again after the await: the pushes of a fan-out all start at once, and only the first past it signs.
    const nowS = Math.floor(now() / 1000);
    const again = reusable(audience, keys, nowS);
    if (again) return again;
    const expires = nowS + VAPID_LIFETIME_S;
    const headers = webpush.getVapidHeaders(audience, options.subject, keys.publicKey, keys.privateKey, 'aes128gcm', expires);
    signed.delete(audience);
    // The oldest signature makes room: Map keeps insertion order.
    if (signed.size >= maxOrigins) signed.delete(signed.keys().next().value!);
    signed.set(audience, { publicKey: keys.publicKey, authorization: headers.Authorization, renewAt: expires - VAPID_RENEW_BEFORE_S });
    return headers.Authorization;
  }

  /**
   * The header itself when a signature can be reused (most pushes: no promise, no await), else a promise of a
   * new one.
   */
  return function authorization(endpoint: string, keys: VapidKeys): string | Promise<string> {
    // The audience is the push service's origin (scheme, host and port), the same for all its devices.
    const audience = new URL(endpoint).origin;
    return reusable(audience, keys, Math.floor(now() / 1000)) ?? signAfterLoading(audience, keys);
  };
}
export type VapidSigner = ReturnType<typeof createVapidSigner>;
