import { call } from '../../api/client';
import type { PushSubscriptionInput } from '../../contract/push';
import {
  addPushSubscription,
  deletePushSubscription as deletePushSubscriptionEndpoint,
  getPushPublicKey as getPushPublicKeyEndpoint,
} from '../../contract/endpoints/push';

// Never queued offline: a subscription is only worth something once the server holds it, so the user is told at once.
// Each takes an AbortSignal: the screen waits only so long (push-device.ts), and a call it gave up on is cut off.

/** The server's VAPID public key, which the browser's push service ties the subscription to. */
export const getPushPublicKey = (signal?: AbortSignal) => call(getPushPublicKeyEndpoint, {}, { signal });

/** Registers this device's subscription; the same endpoint again is an upsert answering the same id. */
export const registerPushSubscription = (subscription: PushSubscriptionInput, signal?: AbortSignal) =>
  call(addPushSubscription, { body: subscription }, { signal });

/**
 * Forgets one subscription on the server. `token` is for sign-out, where the session is already cleared
 * and the old token is sent by hand (as the logout call does).
 */
export const deletePushSubscription = (id: string, token?: string, signal?: AbortSignal) =>
  call(
    deletePushSubscriptionEndpoint,
    { params: { subscriptionId: id } },
    { headers: token ? { Authorization: `Bearer ${token}` } : undefined, signal },
  );
