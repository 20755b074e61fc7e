const BASE_MS = 1_000;
const MAX_MS = 5 * 60_000;

/**
 * How long to wait before the next attempt: the server's Retry-After when it gave one, else an exponential
 * backoff with full jitter (1 s, 2 s, 4 s… up to 5 minutes), so many devices coming back online at once
 * do not all knock together.
 */
export function retryDelay(
  attempts: number,
  retryAfter: string | null,
  random: () => number = Math.random,
  now: number = Date.now(),
): number {
  // The date form is measured on the caller's clock: the wait is added to that same clock's time.
  const fromServer = retryAfterMs(retryAfter, now);
  if (fromServer !== null) return fromServer;
  const ceiling = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After is either seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
