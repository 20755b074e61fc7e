import { isActiveVillager, type Villager } from '../../contract';

/** A manager of the village: the spec's creator or needy person, still in it. */
export const isManager = (villager: Villager) => isActiveVillager(villager) && (villager.is_creator || villager.is_needy);

/** A member's name as the village knows it; a deleted account leaves a villager without a user. */
export const memberName = (villager: Villager) =>
  villager.user ? [villager.user.first_name, villager.user.last_name].filter(Boolean).join(' ') : 'Compte supprimé';

/** What a member is to the village, in words: the creator may be the needy person too (a village for oneself). */
export function memberRoles(villager: Villager): string[] {
  const roles = [];
  if (villager.is_creator) roles.push('Créateur');
  if (villager.is_needy) roles.push('Personne aidée');
  return roles.length ? roles : ['Aidant'];
}

/** A manager removes a helper who is still in the village: never a manager, never themselves. */
export const canBan = (me: Villager | null | undefined, target: Villager) =>
  !!me && isManager(me) && me.id !== target.id && isActiveVillager(target) && !target.is_creator && !target.is_needy;

/**
 * The last manager may not leave: nobody could manage the village after them (its needs, its members, the
 * refusal of a help). Another active manager must stay.
 */
export const isLastManager = (me: Villager, villagers: Villager[]) =>
  isManager(me) && !villagers.some((v) => v.id !== me.id && isManager(v));

/** The members still in the village first (managers, then helpers by name), and those who left or were removed. */
export function splitMembers(villagers: Villager[]) {
  const byRoleThenName = (a: Villager, b: Villager) =>
    Number(isManager(b)) - Number(isManager(a)) || Number(b.is_creator) - Number(a.is_creator) || memberName(a).localeCompare(memberName(b), 'fr');
  return {
    active: villagers.filter(isActiveVillager).sort(byRoleThenName),
    former: villagers.filter((v) => !isActiveVillager(v)).sort((a, b) => memberName(a).localeCompare(memberName(b), 'fr')),
  };
}

export const membersCount = (count: number) => (count === 1 ? '1 membre' : `${count} membres`);
