// Imported by path only where push is used: the first screen's bundle must not carry it.
import { endpoint } from '../endpoint';
import { PushPublicKey, PushSubscriptionInput, PushSubscriptionRecord } from '../push';

export const getPushPublicKey = endpoint({
  name: 'getPushPublicKey',
  method: 'GET',
  path: '/v1/push/public_key',
  summary: 'The server’s VAPID public key',
  answer: { data: PushPublicKey },
});

export const addPushSubscription = endpoint({
  name: 'addPushSubscription',
  method: 'POST',
  path: '/v1/users/me/push_subscriptions',
  summary: 'Register this device’s push subscription (upsert by endpoint)',
  body: PushSubscriptionInput,
  answer: { data: PushSubscriptionRecord },
});

export const deletePushSubscription = endpoint({
  name: 'deletePushSubscription',
  method: 'DELETE',
  path: '/v1/users/me/push_subscriptions/{subscriptionId}',
  summary: 'Forget a device’s push subscription',
});
