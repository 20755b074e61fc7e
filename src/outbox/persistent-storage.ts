/** Where the browser's last answer is kept, so that later code can say whether the outbox's storage is protected. */
export const STORAGE_PERSISTED_KEY = 'village-storage-persisted';

export interface StorageProtection {
  /** The browser said this origin's storage will not be evicted under pressure. */
  granted: boolean;
  /** `navigator.storage.persist` exists (absent in the WebKit tested: there only the home screen protects). */
  supported: boolean;
  /** Asked from the installed app (display-mode standalone, or Safari's home-screen `navigator.standalone`). */
  standalone: boolean;
  /** When it was asked, as an ISO date. */
  at: string;
}

// Read here rather than from src/pwa, which imports this module: two lines, no circle.
const standalone = () =>
  (navigator as Navigator & { standalone?: boolean }).standalone === true ||
  (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches);

/**
 * Asks the browser not to evict this site's storage under pressure: the outbox holds writes that exist
 * nowhere else. Chromium grants it silently to installed or often-used apps; refusals change nothing.
 * Asked at every start and again once installed; each answer is kept (`storageProtection`).
 */
export async function askForPersistentStorage(): Promise<boolean> {
  const supported = typeof navigator !== 'undefined' && typeof navigator.storage?.persist === 'function';
  let granted = false;
  try {
    if (supported) granted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    granted = false;
  }
  const record: StorageProtection = { granted, supported, standalone: standalone(), at: new Date().toISOString() };
  try {
    localStorage.setItem(STORAGE_PERSISTED_KEY, JSON.stringify(record));
  } catch {
    // Storage full or refused: the answer is still returned.
  }
  return granted;
}

/** The browser's last answer on this device, or null if it was never asked here. */
export function storageProtection(): StorageProtection | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_PERSISTED_KEY) ?? 'null') as StorageProtection | null;
    return parsed && typeof parsed.granted === 'boolean' ? parsed : null;
  } catch {
    return null;
  }
}
