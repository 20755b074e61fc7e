import { useEffect, useLayoutEffect, useRef } from 'react';

/** Calls `callback` once input has been still for `delay` ms, so that typing a date does not jump at every key. */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delay: number) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(callback);
  // Written after each commit, not during render (a render may be thrown away); a layout effect so that a
  // timer set by an event handler always calls the latest `callback`.
  useLayoutEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return (...args: A) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(...args), delay);
  };
}
