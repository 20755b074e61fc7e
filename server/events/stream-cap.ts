import { HttpError } from '../http/errors';

/** One person rarely has more than a few tabs and devices open on villages; 10 streams is plenty. */
export const STREAMS_PER_USER = 10;
export const TOO_MANY_STREAMS = 'Trop de connexions en direct sont ouvertes sur ce compte. Fermez des onglets puis réessayez.';
/** What a refused stream waits before it tries again: a tab just closed frees its place at once. */
const RETRY_AFTER_S = 30;

/**
 * Counts each user's open event streams on this instance. Per instance, not in the database: a stream's
 * count would have to be released by the instance that holds it, and a killed instance would leave its
 * streams counted for ever; behind a load balancer one user may thus hold up to 10 streams per instance,
 * which still bounds what one account can hold open.
 */
export function createStreamCap(limit = STREAMS_PER_USER) {
  const open = new Map<string, number>();
  return {
    /** Takes a place for the user's stream, or answers a French 429; `release` gives it back (once). */
    take(userId: string): { release(): void } {
      const count = open.get(userId) ?? 0;
      if (count >= limit) throw new HttpError(429, TOO_MANY_STREAMS, undefined, { 'Retry-After': String(RETRY_AFTER_S) });
      open.set(userId, count + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const left = (open.get(userId) ?? 1) - 1;
          if (left > 0) open.set(userId, left);
          else open.delete(userId);
        },
      };
    },
  };
}
