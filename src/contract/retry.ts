/**
 * The one backoff of the project, for every retry: the client's retry of a GET, the outbox replay, the
 * live stream's reconnection and the server's pushes. Exponential from `baseMs`, capped at `maxMs`, with
 * `jitter` the part of each wait drawn at random (0.5 is "equal jitter": between half and all of it), so
 * that the devices coming back online at once do not all knock together.
 */
export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** The part of each wait drawn at random, 0 (none) to 1 (full jitter). */
  jitter: number;
}

/** The wait before retry `attempt` (0 first): the server's Retry-After (`retryAfterMs`) when it gave one, capped at `maxMs`. */
export function backoffDelay(
  policy: Backoff,
  attempt: number,
  options: { retryAfterMs?: number | null; random?: () => number } = {},
): number {
  if (options.retryAfterMs != null) return Math.min(options.retryAfterMs, policy.maxMs);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (1 - policy.jitter) + (options.random ?? Math.random)() * ceiling * policy.jitter);
}

/** Retry-After, in either of its forms: seconds, or an HTTP date (measured on `now`'s clock). */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month ("Wed, 21 Oct 2026 07:28:00 GMT"); anything else ("-5", "1.5") is no wait.
  const date = /^[A-Za-z]{3},/.test(trimmed) ? Date.parse(trimmed) : NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
