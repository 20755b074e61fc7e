/// <reference lib="webworker" />
import * as v from 'valibot';
import { apiBaseUrl } from '../src/api/base-url';
import { send, type TransportEnv } from '../src/api/transport';
import { addPushSubscription } from '../src/contract/endpoints/push';
import { PushSubscriptionInput } from '../src/contract/push';
import { db } from '../src/db/database';
import { appUrl, readPushPayload, staysSilent, windowToOpen } from '../src/app/notification-routing';

declare const self: ServiceWorkerGlobalScope;

// No `badge`: Android draws it from the image's alpha channel only, and the app's icons are opaque squares,
// so it would be a plain white square; the browser's own badge is better until a monochrome one exists.
const ICON = '/icons/icon-192.png';

/**
 * The worker's side of the transport: the token the page mirrored into IndexedDB (localStorage is out of a
 * worker's reach), read afresh for each call. No session handlers: a refused token is the page's to notice
 * on its own next call.
 */
const workerTransport: TransportEnv = {
  baseUrl: apiBaseUrl() || self.location.origin,
  token: async () => (await db.session.get('current'))?.token ?? null,
};

async function showPush(event: PushEvent) {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // not JSON: not one of ours
  }
  const payload = readPushPayload(data);
  if (!payload) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (staysSilent(payload, windows, self.location.origin)) return;
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    data: { url: payload.url },
    icon: ICON,
    lang: 'fr',
  });
}

async function openFromNotification(notification: Notification) {
  const url = appUrl((notification.data as { url?: unknown } | null)?.url, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windowToOpen(windows, self.location.origin);
  if (client) {
    // Both at once: focusing is only allowed while the click is fresh, so it must not wait for the page
    // to load. `navigate` rejects for a window this worker does not control yet: a new window opens instead.
    const [, navigated] = await Promise.allSettled([client.focus(), client.navigate(url)]);
    if (navigated.status === 'fulfilled') return;
  }
  await self.clients.openWindow(url);
}

/**
 * The push service replaced the subscription (expiry, key rotation): the new one is filed on the server with
 * the token the worker already reads to replay the outbox. Signed out, there is nobody to file it under.
 * The page's record (localStorage, out of the worker's reach) keeps the old id: turning off still works,
 * because unsubscribing kills the new endpoint and the server drops that row at its next send.
 */
async function renewSubscription(event: PushSubscriptionChangeEvent) {
  const session = await db.session.get('current');
  if (!session?.token || !session.userId) return;
  const key = event.oldSubscription?.options.applicationServerKey;
  const subscription =
    event.newSubscription ??
    (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
  if (!subscription) return;
  const input = v.safeParse(PushSubscriptionInput, subscription.toJSON());
  if (!input.success) return;
  await send(workerTransport, addPushSubscription, { body: input.output });
}

/** Shows the pushes of src/contract/push.ts and opens their page on a click. */
export function registerPushHandlers() {
  self.addEventListener('push', (event) => event.waitUntil(showPush(event)));
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openFromNotification(event.notification));
  });
  self.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(renewSubscription(event).catch(() => undefined)));
}
