import { createStore } from '../state/external-store';
import { importChunk } from './lazy-chunk';
import { runningStandalone } from './standalone';

/** Chromium's install offer; not in TypeScript's DOM types because it is not a standard. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's pending install offer, or null where there is none (Safari, Firefox, already installed). */
export const installOffer = createStore<BeforeInstallPromptEvent | null>(null);

const EARNED_KEY = 'village-install-earned';
/** Read as the module loads: a storage the browser blocks (src/app/storage-blocked.ts) reads as not earned. */
const storedEarned = () => {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(EARNED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * Whether this device may show the offer: only once the person has done something useful here (opened a
 * village they belong to, so joined or created one). Asked at first sight, before the app has been of any
 * use, the offer is noise people dismiss for a month.
 */
export const installEarned = createStore<boolean>(storedEarned());

/** The person is in a village: from now on this device offers the install (kept across reloads and sessions). */
export function earnInstallOffer() {
  if (installEarned.get()) return;
  localStorage.setItem(EARNED_KEY, '1');
  installEarned.set(true);
}

/**
 * Listens from module load: the browser may make its offer before React has mounted, and only once
 * per page load.
 */
export function listenForInstallOffer() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Without this, Chromium shows its own mini bar; the app offers its own button instead.
    event.preventDefault();
    if (!prompted && !recentlyDismissed()) installOffer.set(event as BeforeInstallPromptEvent);
  });
  // Its code comes only when it is asked for: the sign-in screens stay within their size budget (npm run bench:size).
  const askForPersistentStorage = () =>
    importChunk(() => import('../outbox/persistent-storage')).then(
      (module) => module.askForPersistentStorage(),
      () => undefined,
    );
  window.addEventListener('appinstalled', () => {
    installOffer.set(null);
    // An installed app is what Chromium grants persistent storage to: asked again now that it is one.
    void askForPersistentStorage();
  });
  // Opened from the home screen: the browser may now grant what it refused to the tab (its answer is kept).
  if (runningStandalone()) void askForPersistentStorage();
}

const DISMISSED_KEY = 'village-install-dismissed-at';
const ASK_AGAIN_AFTER_MS = 30 * 24 * 3600 * 1000;

/** "Plus tard": the offer is hidden, and not made again for a month on this device. */
export function dismissInstall() {
  localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  installOffer.set(null);
}

// Chromium makes a new offer after its dialog is closed: once the user has been asked, this page
// load asks no more.
let prompted = false;

/** A storage the browser blocks counts as dismissed: the app does not run there (src/app/storage-blocked.ts). */
const recentlyDismissed = () => {
  try {
    return Date.now() - Number(localStorage.getItem(DISMISSED_KEY) ?? 0) < ASK_AGAIN_AFTER_MS;
  } catch {
    return true;
  }
};

/** Shows the browser's install dialog; an offer can be used once, whatever the answer. */
export async function promptInstall() {
  const offer = installOffer.get();
  if (!offer) return;
  prompted = true;
  installOffer.set(null);
  await offer.prompt();
  await offer.userChoice;
}

listenForInstallOffer();
