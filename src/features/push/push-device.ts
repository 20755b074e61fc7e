import type { ApiFailure } from '../../api/failure';
import { failureText } from '../../components/form/failure-text';
import type { PushSubscriptionInput } from '../../contract/push';
import { onlineStatus } from '../../pwa/online-status';
import { deletePushSubscription, getPushPublicKey, registerPushSubscription } from './push-calls';
import { forgetPushRecord, readPushRecord, writePushRecord } from './push-record';
import { base64UrlToBytes, sameKey } from './vapid-key';

export const UNSUPPORTED_PUSH_TEXT = "Ce navigateur ne permet pas les notifications. Sur iPhone, ajoutez d'abord l'application à l'écran d'accueil.";
export const DENIED_PUSH_TEXT = 'Les notifications sont bloquées pour ce site. Autorisez-les dans les réglages du navigateur, puis réessayez.';
export const DISMISSED_PUSH_TEXT = "Les notifications n'ont pas été autorisées : réessayez et choisissez « Autoriser ».";
export const OFFLINE_PUSH_TEXT = 'Vous êtes hors ligne : réessayez une fois la connexion revenue.';
export const STILL_ON_OFFLINE_TEXT = 'Vous êtes hors ligne : les notifications restent activées. Réessayez une fois la connexion revenue.';
export const NOT_READY_PUSH_TEXT = 'Les notifications ne sont pas encore prêtes sur cet appareil : rechargez la page, puis réessayez.';
export const SUBSCRIBE_FAILED_TEXT = "Le service de notifications du navigateur n'a pas répondu. Réessayez dans un instant.";

export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';
export type PushChange = { ok: true } | { ok: false; reason: 'unsupported' | 'denied' | 'offline' | 'failed'; message: string };

const refuse = (reason: 'unsupported' | 'denied' | 'offline' | 'failed', message: string): PushChange => ({ ok: false, reason, message });
const fromFailure = (failure: ApiFailure, offlineText: string): PushChange =>
  failure.kind === 'offline' ? refuse('offline', offlineText) : refuse('failed', failureText(failure));

/** What this browser allows; iOS Safari only has PushManager in an app added to the home screen. */
export function pushSupport(): PushSupport {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  if (typeof window === 'undefined' || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** On for this user on this device: a record left by someone else who used it does not count. */
export function isPushOnForUser(userId: string) {
  return pushSupport() === 'granted' && readPushRecord()?.userId === userId;
}

const READY_WAIT_MS = 10_000;

/** The active worker; `ready` never settles when none is registered (a development build), hence the limit. */
function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_WAIT_MS))]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Reuses the browser's subscription when it was made for this key; one for an older key is dropped first. */
async function subscribe(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>) {
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Asks for the permission, subscribes this device and files the subscription under `userId` on the server. */
export async function enablePush(userId: string): Promise<PushChange> {
  if (pushSupport() === 'unsupported') return refuse('unsupported', UNSUPPORTED_PUSH_TEXT);
  if (!onlineStatus.get()) return refuse('offline', OFFLINE_PUSH_TEXT);
  // Asked before any other await, while the click still counts as a gesture: Safari refuses the prompt otherwise.
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return refuse('denied', DENIED_PUSH_TEXT);
  if (permission !== 'granted') return refuse('denied', DISMISSED_PUSH_TEXT);

  const key = await getPushPublicKey();
  if (!key.ok) return fromFailure(key.failure, OFFLINE_PUSH_TEXT);
  const registration = await activeRegistration();
  if (!registration) return refuse('failed', NOT_READY_PUSH_TEXT);
  let subscription: PushSubscription;
  try {
    subscription = await subscribe(registration, base64UrlToBytes(key.data.public_key));
  } catch (error) {
    console.warn('Push subscription failed', error);
    return refuse('failed', SUBSCRIBE_FAILED_TEXT);
  }
  // Not checked against the contract here: the server validates it, and the schema would weigh on the first screen
  // (the contract shares its chunk). A subscription the server did not get is kept: the next try reuses it.
  const saved = await registerPushSubscription(subscription.toJSON() as PushSubscriptionInput);
  if (!saved.ok) return fromFailure(saved.failure, OFFLINE_PUSH_TEXT);
  writePushRecord({ userId, subscriptionId: saved.data.id, endpoint: saved.data.endpoint });
  return { ok: true };
}

const isGone = (failure: ApiFailure) => failure.kind === 'refused' && failure.status === 404;

/**
 * Turns notifications off: the server forgets the subscription first, so that offline nothing changes and
 * the user is told; a device that looked off while the server still sent would be a lie.
 */
export async function disablePush(): Promise<PushChange> {
  if (!onlineStatus.get()) return refuse('offline', STILL_ON_OFFLINE_TEXT);
  const record = readPushRecord();
  if (record) {
    const deleted = await deletePushSubscription(record.subscriptionId);
    if (!deleted.ok && !isGone(deleted.failure)) return fromFailure(deleted.failure, STILL_ON_OFFLINE_TEXT);
  }
  // Unsubscribing also kills the endpoint at the push service, so a row the worker re-registered after a
  // `pushsubscriptionchange` (under an id this record does not know) is dropped by the server at its next send.
  const subscription = await currentSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
  forgetPushRecord();
  return { ok: true };
}

/**
 * For sign-out, after the session is cleared (a shared device must not keep receiving the previous user's
 * notifications): the local subscription goes at once; the server is told with the old `token`, best effort.
 */
export async function forgetPushOnSignOut(token: string | null) {
  const record = readPushRecord();
  forgetPushRecord();
  const subscription = await currentSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
  if (record && token) await deletePushSubscription(record.subscriptionId, token);
}
