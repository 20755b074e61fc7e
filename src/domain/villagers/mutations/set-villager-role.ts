import * as v from 'valibot';
import { uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { setVillagerRole as setVillagerRoleEndpoint } from '../../../contract/endpoints/villagers';
import { defineMutation } from '../../../outbox/mutation-kind';
import { updateVillager } from '../../villages/mutations/village-fields';

const Payload = v.object({
  village_id: uuid,
  villager_id: uuid,
  input: v.object({ is_manager: v.boolean(), updater_id: uuid }),
});
export type SetVillagerRolePayload = v.InferOutput<typeof Payload>;

/**
 * The creator or the needy person makes a member a co-organiser, or takes it back: the badge and the manager
 * screens follow at once on this device; the server's answer (the villager) replaces the guess once sent.
 */
export const setVillagerRole = defineMutation({
  name: 'set-villager-role',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `villagers:${p.villager_id}`,
  apply: (db, p) => updateVillager(db, p.village_id, p.villager_id, { is_manager: p.input.is_manager }),
  request: (p) => requestTo(setVillagerRoleEndpoint, { params: { id: p.village_id, villagerId: p.villager_id }, body: p.input }),
  settle: async (db, p, answer) => {
    // The answer may come without its user: the name and photo the device holds stay.
    const { user, ...fields } = answer;
    await updateVillager(db, p.village_id, p.villager_id, user ? { ...fields, user } : fields);
  },
  describe: (p) => (p.input.is_manager ? 'Nomination d’un·e co-organisateur·rice' : 'Retrait du rôle de co-organisateur·rice'),
});
