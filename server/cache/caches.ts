import type { Membership } from '../policy';

const SESSION_TTL_MS = 60_000;

export interface CachedSession {
  userId: string;
  lastUsedAt: Date;
  cachedAt: number;
}

/**
 * What the hot read path (a villager opening their village) would otherwise ask the database on every
 * request: the session behind a token, and the caller's membership of a village. Both are dropped at
 * once by the instance that changes them, and by every other instance when the change's NOTIFY arrives
 * (see notifications.ts); sessions also expire from here after a minute, as a safety net.
 */
export function createCaches(now: () => number) {
  const sessions = new Map<string, CachedSession>();
  const memberships = new Map<string, Map<string, Membership>>();
  let trusted = true;
  return {
    /** Without news of other instances' writes, the caches cannot be trusted: they empty and stay off. */
    trust(yes: boolean) {
      trusted = yes;
      if (!yes) {
        sessions.clear();
        memberships.clear();
      }
    },
    session(hash: string): CachedSession | undefined {
      if (!trusted) return undefined;
      const hit = sessions.get(hash);
      if (hit && now() - hit.cachedAt > SESSION_TTL_MS) {
        sessions.delete(hash);
        return undefined;
      }
      return hit;
    },
    rememberSession(hash: string, userId: string, lastUsedAt: Date) {
      if (!trusted) return;
      if (sessions.size > 10_000) sessions.clear();
      sessions.set(hash, { userId, lastUsedAt, cachedAt: now() });
    },
    forgetSession(hash: string) {
      sessions.delete(hash);
    },
    forgetSessionsOf(userId: string) {
      for (const [hash, s] of sessions) if (s.userId === userId) sessions.delete(hash);
    },
    membership(villageId: string, userId: string) {
      if (!trusted) return undefined;
      return memberships.get(villageId)?.get(userId);
    },
    rememberMembership(villageId: string, userId: string, membership: Membership) {
      if (!trusted) return;
      if (memberships.size > 5_000) memberships.clear();
      let byUser = memberships.get(villageId);
      if (!byUser) memberships.set(villageId, (byUser = new Map()));
      byUser.set(userId, membership);
    },
    forgetVillage(villageId: string) {
      memberships.delete(villageId);
    },
  };
}
export type Caches = ReturnType<typeof createCaches>;
