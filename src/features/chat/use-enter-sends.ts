import { useSyncExternalStore } from 'react';

/** A mouse or trackpad: where a physical keyboard is to be expected, and the hint "Entrée pour envoyer" shows (chat.css). */
export const PHYSICAL_KEYBOARD_QUERY = '(hover: hover) and (pointer: fine)';
/** A touch screen as the main pointer: a phone's keyboard, whose Enter goes to a new line. */
export const TOUCH_SCREEN_QUERY = '(pointer: coarse)';

const matches = (query: string) => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

function useMedia(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = matches(query);
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    () => matches(query)?.matches ?? fallback,
    () => fallback,
  );
}

/**
 * How the message field's Enter behaves here. With a mouse and a keyboard, Enter sends and the hint says so.
 * On a touch screen Enter goes to a new line, as in a phone's own messaging apps, and "Envoyer" sends.
 * Elsewhere (no pointer at all, as in a headless browser) Enter still sends, with no hint.
 */
export function useEnterSends(): { sends: boolean; hinted: boolean } {
  const hinted = useMedia(PHYSICAL_KEYBOARD_QUERY, true);
  const touch = useMedia(TOUCH_SCREEN_QUERY, false);
  return { sends: hinted || !touch, hinted };
}
