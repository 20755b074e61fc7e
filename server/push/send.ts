import { retryAfterMs } from '../../src/contract/retry';
import type { Delivery } from './compose';
import { NonPublicAddressError } from './public-address';
import type { PostPush } from './push-request';
import type { VapidKeys } from './vapid-keys';
import type { VapidSigner } from './vapid-signature';
import { loadWebPush } from './web-push-module';

export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `refused`: the push service is not on the public internet (push-request.ts); the device is no use. */
export type SendResult = { status: number; retryAfterMs?: number } | { error: string } | { refused: string };

const SEND_TIMEOUT_MS = 10_000;

/**
 * Encrypts one notification for one device (RFC 8291, aes128gcm) with `web-push` and adds the VAPID signature
 * (RFC 8292) of the device's push service, made once for all its devices (vapid-signature.ts), then posts it to
 * the public internet only: the push service's answer is a value, never a throw.
 */
export async function sendToDevice(
  post: PostPush,
  keys: VapidKeys,
  sign: VapidSigner,
  device: Device,
  delivery: Delivery,
  /** The dispatcher's clock, for a Retry-After given as a date. */
  now = Date.now(),
): Promise<SendResult> {
  try {
    const webpush = await loadWebPush();
    const authorization = await sign(device.endpoint, keys);
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(delivery.payload),
      {
        // Without vapidDetails web-push signs nothing and keeps this header as it is.
        headers: { Authorization: authorization },
        TTL: delivery.ttl,
        urgency: delivery.urgency,
        topic: delivery.topic,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = request.headers as Record<string, string | number>;
    const response = await post(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
      body: request.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const retryAfter = retryAfterMs(response.retryAfter, now);
    return retryAfter ? { status: response.status, retryAfterMs: retryAfter } : { status: response.status };
  } catch (error) {
    if (error instanceof NonPublicAddressError) return { refused: error.message };
    return { error: (error as Error).message };
  }
}

/** The push service says this subscription no longer exists, or it is not on the public internet: never again. */
export const isGone = (result: SendResult) =>
  'refused' in result || ('status' in result && (result.status === 404 || result.status === 410));

/** Worth another try later: the push service was unreachable, busy (429) or failing (5xx). */
export const isTransient = (result: SendResult) =>
  'error' in result || ('status' in result && (result.status === 429 || result.status >= 500));
