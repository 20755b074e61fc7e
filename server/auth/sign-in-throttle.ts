import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInThrottles } from '../db/schema';
import { HttpError, text } from '../http/errors';

/**
 * One counter's rule: `free` attempts go at once; after that each attempt makes the next one wait, twice as
 * long each time (from `firstDelayMs` up to `maxDelayMs`); the count is forgotten `forgetMs` after the last.
 */
export interface ThrottleRule {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

export interface SignInRules {
  /** One address tried from one source: what a guesser of that account's password meets. */
  perAddressAndSource: ThrottleRule;
  /** Everything tried from one source: what one machine spraying many accounts meets. */
  perSource: ThrottleRule;
}

const minutes = (n: number) => n * 60_000;

export const defaultSignInRules: SignInRules = {
  perAddressAndSource: { free: 5, firstDelayMs: 30_000, maxDelayMs: minutes(15), forgetMs: minutes(24 * 60) },
  perSource: { free: 50, firstDelayMs: 30_000, maxDelayMs: minutes(15), forgetMs: minutes(60) },
};

/**
 * Sign-in throttling after OWASP's Authentication Cheat Sheet: counted per (address, source) and per source,
 * slowed down progressively, never a lock of the account itself, so wrong passwords typed for someone's
 * address from elsewhere never keep its owner out. The counters are rows of `sign_in_throttles`, shared by
 * every instance. An attempt is counted before the password is checked (a burst of parallel guesses is
 * counted as it comes, each claim waiting on the row's lock) and given back when it succeeds.
 */
export function createSignInThrottle(db: Db, now: () => Date, rules: SignInRules) {
  let lastPrune = 0;

  /** Counts one attempt on `key`, or answers when the next attempt may come if it must wait. */
  async function claim(key: string, rule: ThrottleRule): Promise<{ retryAfterMs: number } | null> {
    const t = now();
    const at = (ms: number) => new Date(t.getTime() + ms);
    const delayAfter = (n: number) => (n < rule.free ? 0 : Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(n - rule.free, 30)));
    const stamp = sql`${t.toISOString()}::timestamptz`;
    const forgotten = sql`${signInThrottles.expiresAt} <= ${stamp}`;
    const next = sql`${signInThrottles.attempts} + 1`;
    const delay = sql`least(${rule.maxDelayMs}::float8, ${rule.firstDelayMs}::float8 * power(2, least(${next} - ${rule.free}::int, 30)))`;
    const claimed = await db
      .insert(signInThrottles)
      .values({ key, attempts: 1, blockedUntil: at(delayAfter(1)), expiresAt: at(rule.forgetMs) })
      .onConflictDoUpdate({
        target: signInThrottles.key,
        set: {
          attempts: sql`case when ${forgotten} then 1 else ${next} end`,
          blockedUntil: sql`case when ${forgotten} then ${at(delayAfter(1)).toISOString()}::timestamptz
            when ${next} < ${rule.free}::int then ${stamp}
            else ${stamp} + ${delay} * interval '1 millisecond' end`,
          expiresAt: at(rule.forgetMs),
        },
        // A waiting key's row is left as it is: asking again while told to wait does not lengthen the wait.
        setWhere: sql`${forgotten} or ${signInThrottles.blockedUntil} <= ${stamp}`,
      })
      .returning({ attempts: signInThrottles.attempts });
    if (claimed.length > 0) return null;
    const [row] = await db.select({ blockedUntil: signInThrottles.blockedUntil }).from(signInThrottles).where(eq(signInThrottles.key, key));
    return { retryAfterMs: row ? row.blockedUntil.getTime() - t.getTime() : 0 };
  }

  /** Rows forgotten go, at most once a minute per instance. */
  async function prune() {
    const t = now();
    if (t.getTime() - lastPrune < 60_000) return;
    lastPrune = t.getTime();
    await db.delete(signInThrottles).where(lte(signInThrottles.expiresAt, t));
  }

  const refuse = (retryAfterMs: number) =>
    new HttpError(429, text.tooManyAttempts, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

  return {
    /**
     * Counts a sign-in attempt for `address` from `source`, or throws a 429 with Retry-After when either
     * counter says to wait. Answers what to call once the password proved right.
     */
    async attempt(address: string, source: string): Promise<{ succeeded(): Promise<void> }> {
      await prune();
      const sourceKey = `source:${source}`;
      const pairKey = `address:${address}|source:${source}`;
      // The source first: attempts at an address told to wait still count for the machine that keeps trying.
      const sourceWait = await claim(sourceKey, rules.perSource);
      if (sourceWait) throw refuse(sourceWait.retryAfterMs);
      const pairWait = await claim(pairKey, rules.perAddressAndSource);
      if (pairWait) throw refuse(pairWait.retryAfterMs);
      return {
        async succeeded() {
          // The owner is in: that address from that source starts afresh, and the source is given its attempt back.
          await db.delete(signInThrottles).where(eq(signInThrottles.key, pairKey));
          await db
            .update(signInThrottles)
            .set({
              attempts: sql`greatest(${signInThrottles.attempts} - 1, 0)`,
              blockedUntil: sql`case when ${signInThrottles.attempts} - 1 < ${rules.perSource.free}::int then least(${signInThrottles.blockedUntil}, ${now().toISOString()}::timestamptz) else ${signInThrottles.blockedUntil} end`,
            })
            .where(eq(signInThrottles.key, sourceKey));
        },
      };
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
