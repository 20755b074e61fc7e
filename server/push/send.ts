import { retryAfterMs } from '../../src/contract/retry';
import type { Delivery } from './compose';
import { NonPublicAddressError } from './public-address';
import type { PostPush } from './push-request';
import type { VapidKeys } from './vapid-keys';

export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `refused`: the push service is not on the public internet (push-request.ts); the device is no use. */
export type SendResult = { status: number; retryAfterMs?: number } | { error: string } | { refused: string };

const SEND_TIMEOUT_MS = 10_000;

/**
 * Encrypts one notification for one device (RFC 8291, aes128gcm) and signs the request (VAPID, RFC 8292)
 * with `web-push`, then posts it to the public internet only: the push service's answer is a value, never a throw.
 */
export async function sendToDevice(
  post: PostPush,
  keys: VapidKeys,
  subject: string,
  device: Device,
  delivery: Delivery,
  /** The dispatcher's clock, for a Retry-After given as a date. */
  now = Date.now(),
): Promise<SendResult> {
  try {
    // web-push (some 250 KB once bundled) is loaded with the first push, not at the server's start, which
    // `npm run bench:start` times; Node keeps the module once loaded.
    const { default: webpush } = await import('web-push');
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(delivery.payload),
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
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
