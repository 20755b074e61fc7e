import { HttpError, text } from './errors';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Anonymous calls from one address (join preview, unsubscribe; sign-in has its own: auth/sign-in-throttle.ts). */
  loginPerAddress: RateLimit;
  registerPerAddress: RateLimit;
  registerPerEmail: RateLimit;
  resetPerAddress: RateLimit;
  resetPerEmail: RateLimit;
}

const minutes = (n: number) => n * 60_000;

export const defaultRateLimits: RateLimits = {
  loginPerAddress: { max: 30, windowMs: minutes(15) },
  registerPerAddress: { max: 10, windowMs: minutes(60) },
  registerPerEmail: { max: 5, windowMs: minutes(60) },
  resetPerAddress: { max: 10, windowMs: minutes(60) },
  resetPerEmail: { max: 5, windowMs: minutes(60) },
};

/**
 * Fixed-window counters in this process's memory, for register, reset and the other public calls (sign-in
 * is counted in the database: auth/sign-in-throttle.ts). Several instances each count on their own, so the
 * real limit is the number of instances times this one: enough against guessing, and no shared store.
 */
export function createRateLimiter(now: () => number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(bucket: string, limit: RateLimit) {
      const t = now();
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      let w = windows.get(bucket);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + limit.windowMs };
        windows.set(bucket, w);
      }
      w.count += 1;
      if (w.count > limit.max) {
        const retryAfter = Math.max(1, Math.ceil((w.resetAt - t) / 1000));
        throw new HttpError(429, text.tooManyAttempts, undefined, { 'Retry-After': String(retryAfter) });
      }
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
