import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../deps';
import { sessions } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { unauthenticated } from './errors';
import { announceRevocation } from '../auth/revoke';
import type { CallStep } from './call-step';
import { SESSION_IDLE_MS } from '../../src/contract/retention';

// The figure the privacy page states too (src/contract/retention.ts).
export { SESSION_IDLE_MS };
// Writing last_used_at on every request would turn every read into a write; an hour's precision is plenty.
const TOUCH_EVERY_MS = 3600 * 1000;

/**
 * Reads the bearer token when there is one; routes that need a user call `requireUser`. A token that names
 * no live session leaves the caller anonymous rather than answering 401 here: public calls (sign in, the
 * health check, a calendar feed) must work for a client still holding an old token, and signed-in calls
 * answer 401 all the same from `requireUser`.
 */
export const authenticate =
  (deps: Deps): CallStep =>
  (c, next) => {
    c.set('user', null);
    const header = c.req.header('Authorization');
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    // No token, no session to look up: a call without one (the health check) does not wait for anything.
    return match ? withSession(deps, c, next, match[1]) : next();
  };

/** The live session behind `token`, if any, set as the request's user; an idle one is revoked. */
async function withSession(deps: Deps, c: Context<AppEnv>, next: Parameters<CallStep>[1], token: string) {
  const hash = hashToken(token);
  let session = deps.caches?.session(hash);
  if (!session) {
    const [row] = await deps.db.select().from(sessions).where(eq(sessions.tokenHash, hash)).limit(1);
    if (!row) return next();
    deps.caches?.rememberSession(hash, row.userId, row.lastUsedAt);
    session = { userId: row.userId, lastUsedAt: row.lastUsedAt, cachedAt: 0 };
  }
  const now = deps.clock.now();
  if (now.getTime() - session.lastUsedAt.getTime() > SESSION_IDLE_MS) {
    await deps.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.tokenHash, hash));
      await announceRevocation(deps, tx, { token_hash: hash });
    });
    return next();
  }
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.tokenHash, hash), lt(sessions.lastUsedAt, now)));
    deps.caches?.rememberSession(hash, session.userId, now);
  }
  c.set('user', { id: session.userId, sessionHash: hash });
  return next();
}

export function requireUser(c: { get(key: 'user'): AppEnv['Variables']['user'] }) {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}
