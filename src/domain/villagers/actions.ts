import { writeLocally, type LocalWrite } from '../../outbox/write-locally';
import { checkNotifications } from './mutations/check-notifications';
import { setVillagerRole } from './mutations/set-villager-role';

/** The villager has seen the village's feed up to `date`: the unseen badge goes at once, other devices follow. */
export function checkNotificationsAction(villageId: string, villagerId: string, date: string): Promise<LocalWrite> {
  return writeLocally(checkNotifications, { village_id: villageId, villager_id: villagerId, last_check_notif_date: date });
}

/** The creator or the needy person (`updaterId`) makes a member a co-organiser, or takes it back. */
export function setVillagerRoleAction(villageId: string, villagerId: string, isManager: boolean, updaterId: string): Promise<LocalWrite> {
  return writeLocally(setVillagerRole, {
    village_id: villageId,
    villager_id: villagerId,
    input: { is_manager: isManager, updater_id: updaterId },
  });
}
