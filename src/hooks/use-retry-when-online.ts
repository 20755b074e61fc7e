import { useEffect, useRef } from 'react';

/**
 * While `waiting` (a link page that could not reach the server), tries again by itself as soon as the browser
 * says it is back online. The latest `retry` is called, without re-subscribing at each render.
 */
export function useRetryWhenOnline(waiting: boolean, retry: () => void) {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!waiting) return;
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [waiting]);
}
