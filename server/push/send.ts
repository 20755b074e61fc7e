import { retryAfterMs } from '../../src/contract/retry';
import type { Delivery } from './compose';
import { encryptPushPayload } from './encrypt-payload';
import { NonPublicAddressError } from './public-address';
import type { PostPush } from './push-request';
import type { VapidKeys } from './vapid-keys';
import type { VapidSigner } from './vapid-signature';

export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `refused`: the push service is not on the public internet (push-request.ts); the device is no use. */
export type SendResult = { status: number; retryAfterMs?: number } | { error: string } | { refused: string };

/** A push service that sends nothing back for this long is given up on (tried again later). */
export const SEND_TIMEOUT_MS = 10_000;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

interface PushHead {
  ttl: number;
  urgency: string;
  topic: string | undefined;
  plaintext: Buffer;
  headers: Record<string, string>;
}

/**
 * What the pushes of one payload share, made once for the whole fan-out: compose.ts gives every member told
 * the same payload object (serialising it once a member was some 5 % of a 500-member fan-out's CPU).
 */
const heads = new WeakMap<Delivery['payload'], PushHead>();

function headOf(delivery: Delivery): PushHead {
  let head = heads.get(delivery.payload);
  if (head && head.ttl === delivery.ttl && head.urgency === delivery.urgency && head.topic === delivery.topic) return head;
  // RFC 8030 §5.2 to §5.4: what a push service refuses, refused here before any encryption.
  if (!Number.isInteger(delivery.ttl) || delivery.ttl < 0) throw new Error(`TTL ${delivery.ttl} is not a non-negative integer`);
  if (!URGENCIES.has(delivery.urgency)) throw new Error(`unknown urgency ${delivery.urgency}`);
  if (delivery.topic !== undefined && !TOPIC.test(delivery.topic))
    throw new Error(`topic ${delivery.topic} is not 1-32 base64url characters`);
  const headers: Record<string, string> = {
    TTL: String(delivery.ttl),
    Urgency: delivery.urgency,
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
  };
  if (delivery.topic !== undefined) headers.Topic = delivery.topic;
  head = {
    ttl: delivery.ttl,
    urgency: delivery.urgency,
    topic: delivery.topic,
    plaintext: Buffer.from(JSON.stringify(delivery.payload)),
    headers,
  };
  heads.set(delivery.payload, head);
  return head;
}

/**
 * Encrypts one notification for one device (RFC 8291, aes128gcm: encrypt-payload.ts) and adds the VAPID
 * signature (RFC 8292) of the device's push service, made once for all its devices (vapid-signature.ts), then
 * posts it to the public internet only: the push service's answer is a value, never a throw.
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
    const signed = sign(device.endpoint, keys);
    const authorization = typeof signed === 'string' ? signed : await signed;
    const head = headOf(delivery);
    const body = encryptPushPayload(head.plaintext, device);
    const response = await post(device.endpoint, {
      method: 'POST',
      headers: { ...head.headers, 'Content-Length': String(body.length), Authorization: authorization },
      body,
      timeoutMs: SEND_TIMEOUT_MS,
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
