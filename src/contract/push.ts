import * as v from 'valibot';
import { messages } from './form-messages';

/** The server's VAPID public key (GET /v1/push/public_key), base64url, for `pushManager.subscribe`. */
export const PushPublicKey = v.object({ public_key: v.string() });
export type PushPublicKey = v.InferOutput<typeof PushPublicKey>;

const base64url = (max: number) =>
  v.pipe(
    v.string(messages.wrongType),
    v.nonEmpty(messages.required),
    v.maxLength(max, messages.maxLength(max)),
    v.regex(/^[A-Za-z0-9_-]+=*$/, messages.wrongType),
  );

/**
 * One device's push subscription (POST /v1/users/me/push_subscriptions), as `PushSubscription.toJSON()`
 * gives it. Registering the same endpoint again (for another user, say) moves it to the caller.
 */
export const PushSubscriptionInput = v.object({
  endpoint: v.pipe(v.string(messages.wrongType), v.url(messages.wrongType), v.maxLength(2000, messages.maxLength(2000))),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionInput>;

/** A stored subscription: its id is what DELETE /v1/users/me/push_subscriptions/{id} takes. */
export const PushSubscriptionRecord = v.object({ id: v.string(), endpoint: v.string() });
export type PushSubscriptionRecord = v.InferOutput<typeof PushSubscriptionRecord>;

/** What kind of event a notification tells; the worker uses it to stay quiet where the user already looks. */
export const PUSH_KINDS = [
  'need_added',
  'help_added',
  'help_refused',
  'message',
  'reminder_evening',
  'reminder_hour',
  'helps_released',
  'villager_role_changed',
  'help_released',
  'help_withdrawn_late',
  'news',
  'help_thanked',
  'help_replacement_asked',
  'help_taken_over',
  'gaps',
  'nudges',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The encrypted payload of every push: the worker shows `title` and `body` and opens `url` on a click. */
export const PushPayload = v.object({
  kind: v.picklist(PUSH_KINDS),
  title: v.string(),
  body: v.string(),
  // An app path ("/dashboard/villages/…/chat"), never an outside address.
  url: v.pipe(v.string(), v.regex(/^\//)),
  // Notifications with one tag replace each other (a chat's messages, a help's reminders).
  tag: v.string(),
  village_id: v.string(),
});
export type PushPayload = v.InferOutput<typeof PushPayload>;
