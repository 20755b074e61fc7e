import { isActiveVillager, type Villager } from '../../contract';

/** The spec: only the creator and the needy person manage a village (route guards use it too, so it stays light). */
export const canManage = (villager: Villager | null | undefined) => !!villager && isActiveVillager(villager) && (villager.is_creator || villager.is_needy);
