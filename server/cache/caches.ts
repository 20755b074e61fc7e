import type { Membership } from '../membership';

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
/** What a membership read was started under (see `membershipTicket`). */
export interface MembershipTicket {
  epoch: number;
  generation: number;
}

export function createCaches(now: () => number) {
  const sessions = new Map<string, CachedSession>();
  const memberships = new Map<string, { generation: number; byUser: Map<string, Membership> }>();
  let epoch = 0;
  let trusted = true;
  return {
    /** Without news of other instances' writes, the caches cannot be trusted: they empty and stay off. */
    trust(yes: boolean) {
      trusted = yes;
      if (!yes) {
        sessions.clear();
        memberships.clear();
        epoch++;
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
      return memberships.get(villageId)?.byUser.get(userId);
    },
    /**
     * Taken before reading a membership from the database, given back to remember it: a write that lands
     * meanwhile drops the village's memberships, and the answer read before it must not come back in after
     * (it would hold the village's old revision, and every reader, the writer too, would be served the old
     * view until the next write).
     */
    membershipTicket(villageId: string): MembershipTicket {
      return { epoch, generation: memberships.get(villageId)?.generation ?? 0 };
    },
    rememberMembership(villageId: string, userId: string, membership: Membership, ticket: MembershipTicket) {
      if (!trusted || ticket.epoch !== epoch) return;
      let village = memberships.get(villageId);
      if ((village?.generation ?? 0) !== ticket.generation) return;
      if (!village) {
        if (memberships.size >= 5_000) {
          // Bounded: everything goes, and every read in flight is refused its place (new epoch).
          memberships.clear();
          epoch++;
          return;
        }
        memberships.set(villageId, (village = { generation: 0, byUser: new Map() }));
      }
      village.byUser.set(userId, membership);
    },
    forgetVillage(villageId: string) {
      if (memberships.size >= 5_000) {
        memberships.clear();
        epoch++;
        return;
      }
      const village = memberships.get(villageId);
      if (village) memberships.set(villageId, { generation: village.generation + 1, byUser: new Map() });
      // A village nobody had cached may have a read in flight all the same: it took generation 0.
      else memberships.set(villageId, { generation: 1, byUser: new Map() });
    },
  };
}
export type Caches = ReturnType<typeof createCaches>;
