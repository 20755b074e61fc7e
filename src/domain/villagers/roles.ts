import type { Villager } from '../../contract';
import { isManagerVillager } from '../../contract/roles';

/** The spec: only the creator and the needy person manage a village (route guards use it too, so it stays light). */
export const canManage = (villager: Villager | null | undefined) => !!villager && isManagerVillager(villager);
