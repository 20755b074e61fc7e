import type { ApiFailure } from '../../api/failure';
import { failureText } from '../failure-text';
import type { PushSubscriptionInput } from '../../contract/push';
import { onlineStatus } from '../../pwa/online-status';
import { deletePushSubscription, getPushPublicKey, registerPushSubscription } from './push-calls';
import { forgetPushRecord, readPushRecord, writePushRecord } from './push-record';
import { base64UrlToBytes, sameKey } from './vapid-key';

/** No push service here at all: said up front, and again when a subscription is refused for want of one. */
export const NO_SERVICE_PUSH_TEXT = 'Ce navigateur ne peut pas recevoir de notifications.';
export const UNSUPPORTED_PUSH_TEXT =
  "Ce navigateur ne peut pas recevoir de notifications. Sur iPhone, ajoutez d'abord l'application à l'écran d'accueil.";
/** Before any click: the site's permission is already "denied" (by the user, or by the browser on its own). */
export const BLOCKED_PUSH_TEXT =
  'Les notifications sont bloquées pour ce site. Autorisez-les dans les réglages du navigateur, puis réessayez.';
/** After a click, the browser answered "denied". */
export const DENIED_PUSH_TEXT =
  "Vous avez refusé les notifications pour ce site. Pour les recevoir ici, ouvrez les réglages du site dans le navigateur (l'icône à gauche de l'adresse), autorisez les notifications et réessayez.";
export const DISMISSED_PUSH_TEXT = "Les notifications n'ont pas été autorisées\u00a0: réessayez et choisissez «\u00a0Autoriser\u00a0».";
export const OFFLINE_PUSH_TEXT = 'Vous êtes hors ligne\u00a0: réessayez une fois la connexion revenue.';
export const STILL_ON_OFFLINE_TEXT =
  'Vous êtes hors ligne\u00a0: les notifications restent activées. Réessayez une fois la connexion revenue.';
export const SUBSCRIBE_FAILED_TEXT = "Le service de notifications du navigateur n'a pas répondu. Réessayez dans un instant.";
// What each step that can wait for ever says once its time is up; all begin alike, so the outcome reads first.
export const PERMISSION_TIMEOUT_TEXT =
  "L'activation n'a pas abouti\u00a0: la demande d'autorisation du navigateur est restée sans réponse. Répondez-y (elle peut apparaître discrètement près de la barre d'adresse), puis réessayez.";
export const NOT_READY_PUSH_TEXT =
  "L'activation n'a pas abouti\u00a0: les notifications ne sont pas encore prêtes sur cet appareil. Rechargez la page, puis réessayez.";
export const SUBSCRIBE_TIMEOUT_TEXT =
  "L'activation n'a pas abouti\u00a0: le service de notifications du navigateur n'a pas répondu. Réessayez dans un instant.";
export const SERVER_TIMEOUT_TEXT = "L'activation n'a pas abouti\u00a0: le serveur n'a pas répondu à temps. Réessayez dans un instant.";
export const STILL_ON_TIMEOUT_TEXT =
  "Le serveur n'a pas répondu à temps\u00a0: les notifications restent activées. Réessayez dans un instant.";

export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';
export type PushFailureReason = 'unsupported' | 'no-service' | 'denied' | 'offline' | 'timeout' | 'failed';
export type PushChange = { ok: true } | { ok: false; reason: PushFailureReason; message: string };

const refuse = (reason: PushFailureReason, message: string): PushChange => ({ ok: false, reason, message });
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

/**
 * How long the person may take to answer the browser's prompt. Some prompts never settle: Chrome's quiet
 * prompt (a crossed bell in the address bar) stays pending until it is clicked. An answer given later is not
 * lost: the browser keeps it, and the next try goes through at once.
 */
export const PERMISSION_WAIT_MS = 8_000;
/**
 * Everything after the answer, together: the server's key, the active worker (`ready` never settles without
 * one, as in a development build), the browser's subscription (it never settles in browsers with no push
 * service, e.g. ungoogled-chromium, or Brave whose connection to its push service is stuck), and the server's
 * record of it. Longer than a healthy run takes even on a slow phone network.
 */
export const ACTIVATION_WAIT_MS = 8_000;
/** Undoing a subscription the server may not hold: short, since it only talks to the browser. */
export const UNDO_WAIT_MS = 1_000;

/** Rejects with this once its time is up; the work raced against it goes on but is no longer waited for. */
class TimedOut extends Error {
  constructor() {
    super('Timed out');
  }
}

/** `work`, or a `TimedOut` rejection after `ms`; a late failure of `work` is swallowed (nobody awaits it any more). */
function withinMs<T>(work: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  work.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new TimedOut());
    }, ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** One time limit shared by several steps, which also aborts the fetch of a call still running when it ends. */
function deadline(ms: number) {
  const end = Date.now() + ms;
  const controller = new AbortController();
  return {
    signal: controller.signal,
    within: <T>(work: Promise<T>) => withinMs(work, Math.max(0, end - Date.now()), () => controller.abort()),
  };
}

/** Best effort, bounded: a browser that hangs on `getSubscription` or `unsubscribe` must not hold a screen or a sign-out. */
async function dropLocalSubscription(subscription?: PushSubscription | null) {
  try {
    const current = subscription ?? (await withinMs(currentSubscription(), UNDO_WAIT_MS));
    await withinMs(current?.unsubscribe() ?? Promise.resolve(false), UNDO_WAIT_MS);
  } catch {
    // Timed out or refused: the browser keeps its subscription. Mostly harmless (no server row points at it); in
    // the rare case one does, the next try files it again (the same endpoint is an upsert) or sign-out drops it.
  }
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

/**
 * How the browser refused to subscribe. Chromium without a push service rejects with AbortError ("Registration
 * failed - push service not available" or "push service error", as Brave with Google's push service off);
 * NotSupportedError says the same elsewhere; Firefox says NotAllowedError when the permission is not there.
 */
function subscribeRefusal(error: unknown): PushChange {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  if (name === 'AbortError' || name === 'NotSupportedError') return refuse('no-service', NO_SERVICE_PUSH_TEXT);
  if (name === 'NotAllowedError') return refuse('denied', DENIED_PUSH_TEXT);
  return refuse('failed', SUBSCRIBE_FAILED_TEXT);
}

/**
 * Asks for the permission, subscribes this device and files the subscription under `userId` on the server.
 * Always settles, within PERMISSION_WAIT_MS + ACTIVATION_WAIT_MS + UNDO_WAIT_MS: every step can wait for ever
 * in some browser, so each is raced against its time limit.
 */
export async function enablePush(userId: string): Promise<PushChange> {
  if (pushSupport() === 'unsupported') return refuse('unsupported', UNSUPPORTED_PUSH_TEXT);
  if (!onlineStatus.get()) return refuse('offline', OFFLINE_PUSH_TEXT);
  // Asked before any other await, while the click still counts as a gesture: Safari refuses the prompt otherwise.
  let permission: NotificationPermission;
  try {
    permission = await withinMs(Notification.requestPermission(), PERMISSION_WAIT_MS);
  } catch (error) {
    if (error instanceof TimedOut) return refuse('timeout', PERMISSION_TIMEOUT_TEXT);
    console.warn('Notification permission not asked', error);
    return refuse('failed', SUBSCRIBE_FAILED_TEXT);
  }
  if (permission === 'denied') return refuse('denied', DENIED_PUSH_TEXT);
  if (permission !== 'granted') return refuse('denied', DISMISSED_PUSH_TEXT);

  const limit = deadline(ACTIVATION_WAIT_MS);
  let step: 'key' | 'ready' | 'subscribe' = 'key';
  let subscription: PushSubscription;
  try {
    const key = await limit.within(getPushPublicKey(limit.signal));
    if (!key.ok) return fromFailure(key.failure, OFFLINE_PUSH_TEXT);
    step = 'ready';
    const registration = await limit.within(navigator.serviceWorker.ready);
    step = 'subscribe';
    subscription = await limit.within(subscribe(registration, base64UrlToBytes(key.data.public_key)));
  } catch (error) {
    if (error instanceof TimedOut) {
      return refuse('timeout', step === 'key' ? SERVER_TIMEOUT_TEXT : step === 'ready' ? NOT_READY_PUSH_TEXT : SUBSCRIBE_TIMEOUT_TEXT);
    }
    console.warn('Push subscription failed', error);
    return subscribeRefusal(error);
  }

  // Not checked against the contract here: the server validates it, and the schema would weigh on the first screen
  // (the contract shares its chunk).
  let saved: Awaited<ReturnType<typeof registerPushSubscription>> | null = null;
  try {
    saved = await limit.within(registerPushSubscription(subscription.toJSON() as PushSubscriptionInput, limit.signal));
  } catch {
    // Timed out: the fetch is aborted, but the server may have filed the subscription all the same.
  }
  if (saved?.ok) {
    writePushRecord({ userId, subscriptionId: saved.data.id, endpoint: saved.data.endpoint });
    return { ok: true };
  }
  // The screen is about to say "off": the browser's subscription goes too, so that nothing is half on. A row the
  // server did file (an answer lost on the way back) then points at a dead endpoint, which the push service answers
  // 404/410 at the next send, and the server drops it.
  await dropLocalSubscription(subscription);
  return saved ? fromFailure(saved.failure, OFFLINE_PUSH_TEXT) : refuse('timeout', SERVER_TIMEOUT_TEXT);
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
    const limit = deadline(ACTIVATION_WAIT_MS);
    let deleted: Awaited<ReturnType<typeof deletePushSubscription>>;
    try {
      deleted = await limit.within(deletePushSubscription(record.subscriptionId, undefined, limit.signal));
    } catch {
      // Timed out: whether the server forgot it is unknown, so the device still says "on", which a retry settles.
      return refuse('timeout', STILL_ON_TIMEOUT_TEXT);
    }
    if (!deleted.ok && !isGone(deleted.failure)) return fromFailure(deleted.failure, STILL_ON_OFFLINE_TEXT);
  }
  // Unsubscribing also kills the endpoint at the push service, so a row the worker re-registered after a
  // `pushsubscriptionchange` (under an id this record does not know) is dropped by the server at its next send.
  await dropLocalSubscription();
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
  await dropLocalSubscription();
  if (record && token) await deletePushSubscription(record.subscriptionId, token);
}
