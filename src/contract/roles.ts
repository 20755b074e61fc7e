import { isActiveVillager, type Villager } from './villagers';

/** The fields of a villager that say what they may do, as the wire names them. */
export type VillagerRoles = Pick<Villager, 'is_out' | 'is_ban' | 'is_creator' | 'is_needy'> & { is_manager?: boolean };

/**
 * The one manager rule, for the server's permissions and the app's screens alike: an active villager
 * (neither out nor banned) who created the village, is the person it helps, or was made a co-organiser.
 */
export const isManagerVillager = (villager: VillagerRoles) =>
  isActiveVillager(villager) && (villager.is_creator || villager.is_needy || villager.is_manager === true);

/** Who names co-organisers and takes it back: the creator and the person helped, while active. */
export const canAppointManagers = (villager: VillagerRoles) => isActiveVillager(villager) && (villager.is_creator || villager.is_needy);

export { isActiveVillager };
