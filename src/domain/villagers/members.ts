import { isActiveVillager, type Villager } from '../../contract';
import { canAppointManagers, isManagerVillager } from '../../contract/roles';

/** A manager of the village: its creator, the needy person or a co-organiser, still in it (the contract's rule). */
export const isManager = (villager: Villager) => isManagerVillager(villager);

/** The badge of a member the creator or the needy person named to organise with them. */
export const CO_ORGANISER = 'Co-organisateur·rice';

/** A member's name as the village knows it; a deleted account leaves a villager without a user. */
export const memberName = (villager: Villager) =>
  villager.user ? [villager.user.first_name, villager.user.last_name].filter(Boolean).join(' ') : 'Compte supprimé';

/**
 * What a member is to the village, in words the same for everyone (« Organisateur·rice » beside « Co-organisateur·rice »,
 * not « Créateur » for a woman): the creator may be the needy person too (a village for oneself).
 */
export function memberRoles(villager: Villager): string[] {
  const roles = [];
  if (villager.is_creator) roles.push('Organisateur·rice');
  if (villager.is_needy) roles.push('Personne aidée');
  return roles.length ? roles : ['Aidant·e'];
}

/** A helper named co-organiser (the creator and the needy person manage by right, they carry no badge). */
export const isCoOrganiser = (villager: Villager) => villager.is_manager === true && !villager.is_creator && !villager.is_needy;

/**
 * The creator and the needy person name any other active helper co-organiser, and take it back; the creator
 * and the needy person themselves manage by right.
 */
export const canSetRole = (me: Villager | null | undefined, target: Villager) =>
  !!me && canAppointManagers(me) && me.id !== target.id && isActiveVillager(target) && !target.is_creator && !target.is_needy;

/** A manager removes a helper who is still in the village: never a manager, never themselves. */
export const canBan = (me: Villager | null | undefined, target: Villager) =>
  !!me && isManager(me) && me.id !== target.id && isActiveVillager(target) && !target.is_creator && !target.is_needy;

/**
 * The last manager may not leave: nobody could manage the village after them (its needs, its members, the
 * refusal of a help). Another active manager must stay.
 */
export const isLastManager = (me: Villager, villagers: Villager[]) =>
  isManager(me) && !villagers.some((v) => v.id !== me.id && isManager(v));

/** The members still in the village first (who organises it, then helpers by name), and those who left or were removed. */
export function splitMembers(villagers: Villager[]) {
  // The creator, the person helped, the co-organisers, then the helpers.
  const rank = (v: Villager) => (v.is_creator ? 0 : v.is_needy ? 1 : isManager(v) ? 2 : 3);
  const byRoleThenName = (a: Villager, b: Villager) => rank(a) - rank(b) || memberName(a).localeCompare(memberName(b), 'fr');
  return {
    active: villagers.filter(isActiveVillager).sort(byRoleThenName),
    former: villagers.filter((v) => !isActiveVillager(v)).sort((a, b) => memberName(a).localeCompare(memberName(b), 'fr')),
  };
}

export const membersCount = (count: number) => (count === 1 ? '1 membre' : `${count} membres`);
