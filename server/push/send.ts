import { retryAfterMs } from '../../src/contract/retry';
import type { Delivery } from './compose';
import type { VapidKeys } from './vapid-keys';

export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type SendResult = { status: number; retryAfterMs?: number } | { error: string };

const SEND_TIMEOUT_MS = 10_000;

/**
 * Encrypts one notification for one device (RFC 8291, aes128gcm) and signs the request (VAPID, RFC 8292)
 * with `web-push`, then posts it with `fetch`: the push service's answer is a value, never a throw.
 */
export async function sendToDevice(
  fetcher: typeof fetch,
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
    const headers = { ...(request.headers as Record<string, string | number>) };
    // fetch computes the length of the body itself.
    delete headers['Content-Length'];
    const response = await fetcher(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
      body: request.body as Uint8Array<ArrayBuffer> | null,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    const retryAfter = retryAfterMs(response.headers.get('Retry-After'), now);
    return retryAfter ? { status: response.status, retryAfterMs: retryAfter } : { status: response.status };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The push service says this subscription no longer exists: it must not be tried again. */
export const isGone = (result: SendResult) => 'status' in result && (result.status === 404 || result.status === 410);

/** Worth another try later: the push service was unreachable, busy (429) or failing (5xx). */
export const isTransient = (result: SendResult) => 'error' in result || result.status === 429 || result.status >= 500;
