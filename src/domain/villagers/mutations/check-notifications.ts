import * as v from 'valibot';
import { isoDateTime, uuid } from '../../../contract';
import { requestTo } from '../../../contract/endpoint';
import { updateVillager as updateVillagerEndpoint } from '../../../contract/endpoints/villagers';
import { defineMutation } from '../../../outbox/mutation-kind';
import { updateVillager } from '../../villages/mutations/village-fields';

const Payload = v.object({ village_id: uuid, villager_id: uuid, last_check_notif_date: isoDateTime });
export type CheckNotificationsPayload = v.InferOutput<typeof Payload>;

/**
 * The villager has seen the feed up to a date: the unseen badge goes at once on this device, and the date
 * follows them to their other devices once sent.
 */
export const checkNotifications = defineMutation({
  name: 'check-notifications',
  payload: Payload,
  villageId: (p) => p.village_id,
  target: (p) => `villagers:${p.villager_id}`,
  apply: (db, p) => updateVillager(db, p.village_id, p.villager_id, { last_check_notif_date: p.last_check_notif_date }),
  request: (p) =>
    requestTo(updateVillagerEndpoint, { params: { id: p.villager_id }, body: { last_check_notif_date: p.last_check_notif_date } }),
  describe: () => 'Lecture des notifications',
});
