import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept true as the window changes (a tablet turned, a window widened);
 * undefined where the browser has no matchMedia, so that the caller renders for every width and lets CSS choose.
 */
export function useMediaQuery(query: string): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : undefined));
}
