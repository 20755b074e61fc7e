import { isActiveVillager, type Villager } from './villagers';

/** The fields of a villager that say what they may do, as the wire names them. */
export type VillagerRoles = Pick<Villager, 'is_out' | 'is_ban' | 'is_creator' | 'is_needy'>;

/**
 * The spec's one manager rule, for the server's permissions and the app's screens alike: an active
 * villager (neither out nor banned) who created the village or is the person it helps.
 */
export const isManagerVillager = (villager: VillagerRoles) => isActiveVillager(villager) && (villager.is_creator || villager.is_needy);

export { isActiveVillager };
