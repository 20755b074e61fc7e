import { backoffDelay, type Backoff } from '../../src/contract/retry';

/**
 * A push service that was busy or failing is tried again after 30 s, 1, 2 then 4 min (the job gives up
 * after five attempts), or after its Retry-After, which is capped at an hour. No jitter: the jobs of one
 * instance are already spread by their own due times.
 */
export const PUSH_RETRY: Backoff = { baseMs: 30_000, maxMs: 3600 * 1000, jitter: 0 };

/** The wait before a job tried `attempts` times (1 or more) goes again; `retryAfterMs` is the service's answer, if any. */
export const pushRetryDelay = (attempts: number, retryAfterMs: number | null) =>
  backoffDelay(PUSH_RETRY, attempts - 1, { retryAfterMs: retryAfterMs && retryAfterMs > 0 ? retryAfterMs : null });
