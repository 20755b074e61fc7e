import { call } from '../../api/client';
import { PushPublicKey, PushSubscriptionRecord, type PushSubscriptionInput } from '../../contract/push';

// Never queued offline: a subscription is only worth something once the server holds it, so the user is told at once.

/** The server's VAPID public key, which the browser's push service ties the subscription to. */
export const getPushPublicKey = () => call('GET', '/v1/push/public_key', { schema: PushPublicKey, showErrorPage: false });

/** Registers this device's subscription; the same endpoint again is an upsert answering the same id. */
export const registerPushSubscription = (subscription: PushSubscriptionInput) =>
  call('POST', '/v1/users/me/push_subscriptions', { body: subscription, schema: PushSubscriptionRecord, showErrorPage: false });

/**
 * Forgets one subscription on the server. `token` is for sign-out, where the session is already cleared
 * and the old token is sent by hand (as the logout call does).
 */
export const deletePushSubscription = (id: string, token?: string) =>
  call('DELETE', `/v1/users/me/push_subscriptions/${encodeURIComponent(id)}`, {
    showErrorPage: false,
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  });
