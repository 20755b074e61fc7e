import { and, eq } from 'drizzle-orm';
import type { Executor } from './db/client';
import type { Deps } from './deps';
import type { Membership, VillagerRow } from './membership';
import { villagers, villages } from './db/schema';
import { forbidden, notFound, text } from './http/errors';
import { canAppointManagers, isActiveVillager, isManagerVillager, type VillagerRoles } from '../src/contract/roles';

export async function loadMembership(db: Executor, villageId: string, userId: string): Promise<Membership> {
  const [row] = await db
    .select({ village: villages, villager: villagers })
    .from(villages)
    .leftJoin(villagers, and(eq(villagers.villageId, villages.id), eq(villagers.userId, userId)))
    .where(eq(villages.id, villageId))
    .limit(1);
  if (!row) throw notFound(text.villageNotFound);
  return row;
}

/**
 * The same, for reads outside a transaction: answered from this instance's cache when it has it. The
 * cache entry goes as soon as anything in the village changes (see cache/caches.ts).
 */
export async function readMembership(deps: Deps, villageId: string, userId: string): Promise<Membership> {
  const hit = deps.caches?.membership(villageId, userId);
  if (hit) return hit;
  const ticket = deps.caches?.membershipTicket(villageId);
  const membership = await loadMembership(deps.db, villageId, userId);
  if (ticket) deps.caches?.rememberMembership(villageId, userId, membership, ticket);
  return membership;
}

/** A row's role fields under their wire names, so that the server and the app apply the same rules (src/contract/roles.ts). */
/** The fields the role rules read: a caller that needs nothing else (a push's recipients) reads only these. */
export type VillagerRoleFields = Pick<VillagerRow, 'isOut' | 'isBan' | 'isCreator' | 'isNeedy' | 'isManager'>;

const roles = (v: VillagerRoleFields): VillagerRoles => ({
  is_out: v.isOut,
  is_ban: v.isBan,
  is_creator: v.isCreator,
  is_needy: v.isNeedy,
  is_manager: v.isManager,
});

export const isActive = <V extends VillagerRoleFields>(v: V | null): v is V => !!v && isActiveVillager(roles(v));
export const isManager = (v: VillagerRoleFields | null) => !!v && isManagerVillager(roles(v));
/** The creator and the needy person: they name co-organisers, and nobody removes them. */
export const isAppointer = (v: VillagerRow | null) => !!v && canAppointManagers(roles(v));

/** Only active villagers (neither out nor banned) read a village and what is in it. */
export function canRead(m: Membership): VillagerRow {
  if (!isActive(m.villager)) throw forbidden(text.notMember);
  return m.villager;
}

/** The creator, the needy person and the co-organisers manage the village. */
export function canManage(m: Membership): VillagerRow {
  const villager = canRead(m);
  if (!isManager(villager)) throw forbidden(text.notManager);
  return villager;
}

/** Only the creator and the needy person name co-organisers or take it back. */
export function canAppoint(m: Membership): VillagerRow {
  const villager = canRead(m);
  if (!isAppointer(villager)) throw forbidden(text.notAppointer);
  return villager;
}

/**
 * Whom a manager may remove from the village: nobody removes the creator or the needy person; they remove
 * anyone else, co-organisers included; a co-organiser removes plain helpers only, so that two co-organisers
 * cannot remove each other and only those who name co-organisers take them away.
 */
export function mayRemoveVillager(actor: VillagerRow, target: VillagerRow): 'ok' | 'appointer' | 'co-organiser' {
  if (target.isCreator || target.isNeedy) return 'appointer';
  if (target.isManager && !isAppointer(actor)) return 'co-organiser';
  return 'ok';
}

/**
 * The acting villager id a client sends (villager_id, creator_id, updater_id, deleter_id, helper_id)
 * must be the caller's own villager of this village: it is checked, never trusted.
 */
export function actingAs(m: Membership, actingId: string): VillagerRow {
  const villager = canRead(m);
  if (villager.id !== actingId.toLowerCase()) throw forbidden(text.notYourself);
  return villager;
}

/** Who may remove a help: its helper and the managers (the creator, the needy person, the co-organisers). */
export const canRemoveHelp = (actor: VillagerRow, help: { helperId: string }) => help.helperId === actor.id || isManager(actor);
