import { useSyncExternalStore } from 'react';

/** A mouse or trackpad: where a physical keyboard is to be expected (a phone's touch screen is neither). */
export const PHYSICAL_KEYBOARD_QUERY = '(hover: hover) and (pointer: fine)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHYSICAL_KEYBOARD_QUERY) : null);

function subscribe(listener: () => void) {
  const list = query();
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

/**
 * Whether this device is used with a physical keyboard: there Enter sends and the hint says so; on a touch
 * screen Enter goes to a new line, as in the phone's own messaging apps, and "Envoyer" sends.
 */
export const usePhysicalKeyboard = () => useSyncExternalStore(subscribe, () => query()?.matches ?? true, () => true);
