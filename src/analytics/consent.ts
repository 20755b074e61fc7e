import { useSyncExternalStore } from 'react';
import type { User } from '../contract';
import { call } from '../api/client';
import { updateUser } from '../contract/endpoints/users';
import { toast, TOAST_TEXT } from '../state/toasts';
import { appState } from '../state/app-state';
import { startAnalytics, stopAnalytics, track } from './analytics';
import { analyticsApiKey } from './analytics-options';

/** The signed-in user as analytics sees them: null when signed out. */
type ConsentUser = Pick<User, 'id' | 'uuid' | 'analytics_consent'>;

let current: ConsentUser | null = null;
const listeners = new Set<() => void>();

export const consentStore = {
  get: () => current,
  set(user: ConsentUser | null) {
    current = user ? { id: user.id, uuid: user.uuid, analytics_consent: user.analytics_consent } : null;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Sign-out and expired sessions (401) both reset the app to "not initialised": analytics forgets the user
 * then, so the prompt never shows to a guest and the next person on this device is not counted as them.
 */
appState.subscribe(() => {
  if (appState.get().initialised || !consentStore.get()) return;
  consentStore.set(null);
  void stopAnalytics();
});

export const useConsentUser = () => useSyncExternalStore(consentStore.subscribe, consentStore.get, consentStore.get);

/** Whether there is anything to consent to: without an API key analytics is off and nobody is asked. */
export const analyticsConfigured = () => !!analyticsApiKey();

/** The spec's start-up step: analytics with the user's uuid (if they accepted), then app-opened. */
export async function beginAnalytics(user: ConsentUser) {
  consentStore.set(user);
  if (await startAnalytics(user)) track('app-opened');
}

/**
 * The user's answer, saved on their account (updateUser) so every device respects it, then
 * applied at once: accepted starts analytics, refused opts out. Answers whether it was saved.
 */
export async function chooseAnalyticsConsent(consent: boolean): Promise<boolean> {
  const user = consentStore.get();
  if (!user) return false;
  const saved = await call(updateUser, { params: { id: user.id }, body: { analytics_consent: consent } });
  if (!saved.ok) {
    toast.error("Votre choix n'a pas pu être enregistré. Réessayez plus tard.");
    return false;
  }
  // Imported when needed: the sign-in screens, the first most people see, load without Dexie.
  const { db } = await import('../db/database');
  await db.users.update(user.id, { analytics_consent: consent });
  consentStore.set({ ...user, analytics_consent: consent });
  await startAnalytics({ uuid: user.uuid, analytics_consent: consent });
  toast.success(TOAST_TEXT.updated);
  return true;
}
