import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { checkNotifications } from './mutations/check-notifications';

/** The villager has seen the village's feed up to `date`: the unseen badge goes at once, other devices follow. */
export function checkNotificationsAction(villageId: string, villagerId: string, date: string): Promise<LocalWrite> {
  return writeLocally(checkNotifications, { village_id: villageId, villager_id: villagerId, last_check_notif_date: date });
}
